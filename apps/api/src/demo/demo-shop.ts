import { randomBytes } from 'node:crypto';
import type { Permission } from '@backoffice/shared/permissions';
import { FEATURE_KEYS } from '@backoffice/shared/post-type.schema';
import type { DemoClient } from './demo-client';
import { uploadPictures } from './pictures';
import {
  ARTICLE_CATEGORIES,
  COMMENTS,
  COURSES,
  FEEDBACK,
  PRODUCT_CATEGORIES,
  REPLIES,
  TRADEMARKS,
  articleTitle,
  mobilePhone,
  paragraph,
  personName,
  richText,
  seededRandom,
  shopPrice,
  streetAddress,
  type Random,
} from './vietnamese';

type Row = { id: number };
/** A post as the demo goes on using it: who may comment on it depends on its status. */
type Post = Row & { status: string };
type Product = Post & { price: number; perishable: boolean };

/** How big the demo shop is; tests build a smaller one with the same steps. */
export type DemoSize = {
  products: number;
  courses: number;
  articles: number;
  members: number;
  orders: number;
  pictures: number;
};
export const FULL_SHOP: DemoSize = {
  products: 300,
  courses: 20,
  articles: 200,
  members: 60,
  orders: 2000,
  pictures: 24,
};

const features = (enabled: readonly string[]) =>
  FEATURE_KEYS.map((key) => ({ key, name: '', enabled: enabled.includes(key) }));

/** Where the shop's addresses are: real 2025 units read from the API's own address book. */
const addresses = async (client: DemoClient) => {
  const pick = async (provinceCode: string) => {
    const wards = await client.get<{ code: string }[]>(
      `/locations/wards?province_code=${provinceCode}`,
    );
    return wards.slice(0, 8).map((ward) => ({ province_code: provinceCode, ward_code: ward.code }));
  };
  return [...(await pick('01')), ...(await pick('79'))];
};

const makeTypes = async (client: DemoClient) => ({
  articles: await client.post<Row>('/types', {
    style: 'article',
    title: 'Tin tức',
    slug: 'tin-tuc',
    sort: 1,
    sitemap: true,
    description: 'Bài viết, kiến thức và tin khuyến mãi của cửa hàng',
    // its posts' text is in content sections: without the feature the editor would not show it
    features: features(['category', 'group', 'related', 'seo', 'contents', 'comments', 'ratings']),
  }),
  products: await client.post<Row>('/types', {
    style: 'product',
    title: 'Sản phẩm',
    slug: 'san-pham',
    sort: 2,
    sitemap: true,
    description: 'Cà phê, trà, đặc sản và quà tặng',
    features: features([
      'category',
      'trademark',
      'related',
      'seo',
      'images',
      'contents',
      'comments',
      'ratings',
    ]),
  }),
  courses: await client.post<Row>('/types', {
    style: 'course',
    title: 'Khóa học',
    slug: 'khoa-hoc',
    sort: 3,
    sitemap: true,
    description: 'Các khóa học pha chế và kinh doanh đồ uống',
    features: features(['category', 'seo', 'comments', 'ratings']),
  }),
});

const makeCategories = async (client: DemoClient, typeId: number, titles: readonly string[]) => {
  const made: Row[] = [];
  for (const [index, title] of titles.entries())
    made.push(await client.post<Row>('/categories', { type_id: typeId, title, order: index + 1 }));
  return made;
};

const makeProducts = async (
  client: DemoClient,
  random: Random,
  typeId: number,
  count: number,
  pictures: string[],
) => {
  const categories = await makeCategories(
    client,
    typeId,
    PRODUCT_CATEGORIES.map((category) => category.title),
  );
  const trademarks: Array<Row & { title: string }> = [];
  for (const title of TRADEMARKS)
    trademarks.push(
      await client.post<Row & { title: string }>('/groups', {
        style: 'trademark',
        type_id: typeId,
        title,
      }),
    );
  const now = Date.now();
  const sale = await client.post<Row>('/discounts', {
    title: 'Mua nhiều giảm nhiều',
    start_at: new Date(now + 60_000).toISOString(),
    end_at: new Date(now + 180 * 86_400_000).toISOString(),
    config: [
      { quantity: 3, discount: 5, type: 'percent' },
      { quantity: 6, discount: 10, type: 'percent' },
    ],
    status: 'enable',
  });
  const products: Product[] = [];
  const seen = new Set<string>();
  for (let index = 0; products.length < count; index += 1) {
    const categoryIndex = index % PRODUCT_CATEGORIES.length;
    const kind = PRODUCT_CATEGORIES[categoryIndex]!;
    const trademark = random.pick(trademarks);
    // a name two products share is told apart by the brand, as shops do, and by a number last
    let title = `${random.pick(kind.kinds)} ${random.pick(kind.variants)}`;
    if (seen.has(title)) title = `${title} ${trademark.title}`;
    if (seen.has(title)) title = `${title} – mẫu ${index + 1}`;
    seen.add(title);
    const price = shopPrice(random, kind.price);
    const post = await client.post<Post>('/posts', {
      type_id: typeId,
      title,
      status: random.next() < 0.92 ? 'published' : 'draft',
      avatar: pictures[index % pictures.length],
      images: random.some(pictures, 2),
      description: paragraph(random, 2),
      contents: [{ title: 'Mô tả sản phẩm', content: richText(random) }],
      category_ids: [categories[categoryIndex]!.id],
      primary_category_id: categories[categoryIndex]!.id,
      trademark_id: trademark.id,
      seo: { title, description: paragraph(random, 1), keywords: [kind.title.toLowerCase()] },
      product: { price, discount_id: random.next() < 0.15 ? sale.id : null },
    });
    products.push({ id: post.id, status: post.status, price, perishable: kind.perishable });
  }
  return { products, categories, sale };
};

const makeCourses = async (
  client: DemoClient,
  random: Random,
  typeId: number,
  count: number,
  pictures: string[],
) => {
  const [category] = await makeCategories(client, typeId, ['Pha chế', 'Kinh doanh']);
  for (let index = 0; index < count; index += 1) {
    const title = `${COURSES[index % COURSES.length]}${index >= COURSES.length ? ` – khóa ${Math.floor(index / COURSES.length) + 1}` : ''}`;
    await client.post<Row>('/posts', {
      type_id: typeId,
      title,
      status: 'published',
      avatar: random.pick(pictures),
      description: paragraph(random, 2),
      category_ids: [category!.id],
      course: {
        price: shopPrice(random, [490_000, 4_900_000]),
        duration: random.int(6, 30) * 60,
        students: random.int(20, 900),
        lessons_count: 6,
        chapters: [1, 2].map((chapter) => ({
          title: `Chương ${chapter}`,
          description: paragraph(random, 1),
          lessons: [1, 2, 3].map((lesson) => ({
            title: `Bài ${(chapter - 1) * 3 + lesson}`,
            link: `https://video.example.vn/khoa-hoc/${index + 1}/bai-${(chapter - 1) * 3 + lesson}`,
            duration: random.int(8, 40),
            highlight: lesson === 1,
            description: paragraph(random, 1),
          })),
        })),
      },
    });
  }
};

const makeArticles = async (
  client: DemoClient,
  random: Random,
  typeId: number,
  count: number,
  pictures: string[],
) => {
  const categories = await makeCategories(client, typeId, ARTICLE_CATEGORIES);
  const articles: Post[] = [];
  for (let index = 0; index < count; index += 1) {
    const category = random.pick(categories);
    articles.push(
      await client.post<Post>('/posts', {
        type_id: typeId,
        title: articleTitle(random, index + 1),
        status: index % 15 === 7 ? 'pending' : index % 20 === 3 ? 'draft' : 'published',
        avatar: pictures[index % pictures.length],
        description: paragraph(random, 2),
        contents: [{ title: 'Nội dung', content: richText(random) }],
        category_ids: [category.id],
        primary_category_id: category.id,
      }),
    );
  }
  return { articles, categories };
};

const makePeople = async (client: DemoClient, random: Random, count: number) => {
  const agencies = [
    await client.post<Row>('/agencies', {
      name: 'Đại lý cấp 1',
      description: 'Giá sỉ cho đại lý lớn',
      sort: 1,
    }),
    await client.post<Row>('/agencies', {
      name: 'Quán cà phê đối tác',
      description: 'Giá ưu đãi cho quán',
      sort: 2,
    }),
  ];
  const members: (Row & { name: string; phone: string; status: string })[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = personName(random);
    const phone = mobilePhone(random);
    const member = await client.post<Row & { status: string }>('/register', {
      name,
      email: `khachhang${index + 1}@example.vn`,
      password: `Demo-khach-${index + 1}`,
      phone,
      address: streetAddress(random),
      gender: random.pick(['male', 'female']),
      // members who may sign in, as a shop's are; one in ten disabled, to show what that looks like
      status: index % 10 === 3 ? 'disable' : 'enable',
    });
    members.push({ id: member.id, name, phone, status: member.status });
  }
  for (const [index, agency] of agencies.entries())
    await client.post('/agencies/attach', {
      agency_id: agency.id,
      user_ids: members.filter((_, at) => at % 10 === index).map((member) => member.id),
    });
  return { members, agencies };
};

/**
 * The shop's staff: a role for each kind of work, with what that work needs, and one person in
 * each, so the roles and permissions screens show how a shop divides its work. Their passwords
 * are random: the owner gives each one with "Reset to default password".
 */
const STAFF: ReadonlyArray<{
  kind: 'sales' | 'stock' | 'editor';
  role: { name: string; description: string; permissions: Permission[] };
  person: { name: string; email: string };
}> = [
  {
    kind: 'sales',
    role: {
      name: 'Nhân viên bán hàng',
      description: 'Nhận và giao đơn, trả lời khách',
      permissions: [
        'orders.list',
        'orders.create',
        'orders.update',
        'posts.list',
        'discounts.list',
        'users.list',
        'comments.list',
        'ratings.list',
        'feedback.list',
        'feedback.update',
      ],
    },
    person: { name: 'Nguyễn Thu Hà', email: 'banhang@example.vn' },
  },
  {
    kind: 'stock',
    role: {
      name: 'Thủ kho',
      description: 'Nhập, xuất và kiểm kho; nhà cung cấp',
      permissions: [
        'manage-warehouses',
        'edit-warehouses',
        'suppliers.list',
        'suppliers.create',
        'suppliers.update',
        'posts.list',
        'orders.list',
      ],
    },
    person: { name: 'Trần Minh Đức', email: 'thukho@example.vn' },
  },
  {
    kind: 'editor',
    role: {
      name: 'Biên tập viên',
      description: 'Viết và duyệt bài, ảnh, bình luận',
      permissions: [
        'posts.list',
        'posts.create',
        'posts.update',
        'posts.approve',
        'categories.list',
        'categories.create',
        'categories.update',
        'groups.list',
        'media.list',
        'media.create',
        'media.update',
        'comments.list',
        'comments.update',
        'seos.list',
        'seos.update',
      ],
    },
    person: { name: 'Lê Phương Anh', email: 'bientap@example.vn' },
  },
];

/** The staff and their roles; answers each kind of work's person. */
const makeStaff = async (client: DemoClient) => {
  const staff: Partial<Record<(typeof STAFF)[number]['kind'], number>> = {};
  for (const { kind, role, person } of STAFF) {
    const made = await client.post<Row>('/roles', role);
    const user = await client.post<Row>('/register', {
      ...person,
      password: `${randomBytes(18).toString('base64url')}-Aa1`,
      status: 'enable',
    });
    await client.post('/roles/sync', { user_ids: [user.id], role_ids: [made.id] });
    staff[kind] = user.id;
  }
  return staff as Record<(typeof STAFF)[number]['kind'], number>;
};

type Place = { province_code: string; ward_code: string };

const makeStock = async (
  client: DemoClient,
  random: Random,
  products: Product[],
  places: Place[],
) => {
  const suppliers: Row[] = [];
  for (const name of [
    'Công ty TNHH Cà phê Tây Nguyên',
    'Hợp tác xã Chè Tân Cương',
    'Cơ sở Đặc sản Ba Miền',
  ])
    suppliers.push(
      await client.post<Row>('/suppliers', {
        name,
        phone: mobilePhone(random),
        email: `lienhe@${name.length}.example.vn`,
        address: streetAddress(random),
        ...places[suppliers.length]!,
      }),
    );
  const warehouses = [
    await client.post<Row>('/warehouses', {
      name: 'Kho Hà Nội',
      phone: mobilePhone(random),
      address: '12 Phố Huế',
      ...places[0]!,
    }),
    await client.post<Row>('/warehouses', {
      name: 'Kho TP. Hồ Chí Minh',
      phone: mobilePhone(random),
      address: '45 Nguyễn Thị Minh Khai',
      ...places[places.length - 1]!,
    }),
  ];
  const today = new Date().toISOString().slice(0, 10);
  // Enough units in the first warehouse for every order the demo ships; the second gets a part.
  for (const [at, warehouse] of warehouses.entries())
    for (let start = 0; start < products.length; start += 50) {
      await client.post(`/warehouses/${warehouse.id}/change`, {
        style: 'import',
        date: today,
        number: `PN-${at + 1}-${start / 50 + 1}`,
        supplier_id: random.pick(suppliers).id,
        note: 'Nhập hàng đầu kỳ',
        products: products.slice(start, start + 50).map((product, index) => ({
          post_id: product.id,
          price: Math.round((product.price * 0.6) / 1000) * 1000,
          number: at === 0 ? 200 : random.int(1, 30),
          // some lots of food expire soon, so the dashboard and the alerts have something to show
          expiry:
            product.perishable && index % 9 === 0
              ? new Date(Date.now() + random.int(5, 40) * 86_400_000).toISOString().slice(0, 10)
              : null,
        })),
      });
    }
  return { warehouses, suppliers };
};

type Order = Row & { status: string };

const makeOrders = async (
  client: DemoClient,
  random: Random,
  count: number,
  products: Product[],
  members: { name: string; phone: string }[],
  places: Place[],
  warehouseId: number,
  // the app's clock to the moment of the `index`th order, its moves and its payment
  moment: (index: number) => void,
) => {
  const orders: Order[] = [];
  const path = ['processing', 'delivery', 'delivered'] as const;
  for (let index = 0; index < count; index += 1) {
    moment(index);
    const member = random.next() < 0.4 ? random.pick(members) : undefined;
    const buyer = member
      ? { name: member.name, phone: member.phone }
      : { name: personName(random), phone: mobilePhone(random) };
    const lines = random.some(products, random.int(1, 3));
    // most pay the courier; a third transfer to the shop's account (a VietQR code), a few cash
    const roll = random.next();
    const method = roll < 0.55 ? 'cod' : roll < 0.9 ? 'bank_transfer' : 'cash';
    const order = await client.post<Row>('/orders', {
      payment_method: method,
      ...buyer,
      email: null,
      address: streetAddress(random),
      ...random.pick(places),
      note: random.next() < 0.2 ? 'Giao giờ hành chính' : null,
      fee: random.pick([0, 15_000, 30_000]),
      products: lines.map((line) => ({ post_id: line.id, quantity: random.int(1, 3) })),
    });
    // Older orders are mostly done; only the last two days' are still being handled (so this
    // month already shows delivered revenue on the dashboard).
    const age = (count - index) / count;
    const steps = age > 0.005 ? (random.next() < 0.08 ? -1 : 3) : random.int(0, 2);
    if (steps < 0) {
      await client.patch(`/orders/${order.id}`, { status: 'canceled' });
      orders.push({ id: order.id, status: 'canceled' });
      continue;
    }
    for (const status of path.slice(0, steps))
      await client.patch(`/orders/${order.id}`, {
        status,
        ...(status === 'delivery' ? { warehouse_id: warehouseId } : {}),
      });
    // a transfer is paid before the parcel leaves, the others when it arrives; the last days'
    // transfers still wait, with their code on the order screen
    if (method === 'bank_transfer' ? steps >= 2 : steps === 3)
      await client.post(`/orders/${order.id}/mark-paid`);
    orders.push({ id: order.id, status: steps === 0 ? 'new' : path[steps - 1]! });
  }
  return orders;
};

/** How many of the members' comments the demo leaves waiting for the shop's approval. */
const WAITING_COMMENTS = 5;

/**
 * Members comment on the website as themselves (their comments wait for approval, as the shop's
 * setting says); the shop approved the older ones and answered about half of those. The last
 * few still wait, so the dashboard and the comments screen have something to approve.
 */
const makeConversation = async (
  client: DemoClient,
  random: Random,
  posts: Post[],
  members: Array<Row & { status: string }>,
  actAs: (userId: number) => Promise<DemoClient>,
) => {
  const writers = members.filter((member) => member.status === 'enable');
  // the website shows only published posts, and members comment on what it shows
  const shown = posts.filter((post) => post.status === 'published');
  const chosen = random.some(shown, Math.min(shown.length, 60));
  for (const [index, post] of chosen.entries()) {
    const member = await actAs(random.pick(writers).id);
    const comment = await member.post<Row>('/comments/user', {
      post_id: post.id,
      message: random.pick(COMMENTS),
    });
    if (index < chosen.length - WAITING_COMMENTS) {
      await client.post(`/comments/${comment.id}/approve`);
      if (random.next() < 0.5)
        await client.post('/comments', {
          post_id: post.id,
          comment_id: comment.id,
          message: random.pick(REPLIES),
        });
    }
    await client.post('/ratings', {
      post_id: post.id,
      author_name: personName(random),
      content: random.pick(COMMENTS),
      score: random.pick([3, 4, 4, 5, 5, 5]),
    });
  }
  for (const [index, content] of FEEDBACK.entries())
    await client.post('/feedback', {
      type: 'Liên hệ',
      name: personName(random),
      phone: mobilePhone(random),
      email: `lienhe${index + 1}@example.vn`,
      content,
      status: index === 0 ? 'done' : 'none',
    });
};

const makeSite = async (
  client: DemoClient,
  types: { articles: Row; products: Row; courses: Row },
  productCategories: Row[],
  pictures: string[],
) => {
  await client.post('/menus', {
    key: 'main',
    title: 'Menu chính',
    items: [
      {
        type: 'custom',
        url: '/',
        title: 'Trang chủ',
        target: '_self',
        viewer: 'all',
        children: [],
      },
      {
        type: 'type',
        ref_id: types.products.id,
        title: 'Sản phẩm',
        target: '_self',
        viewer: 'all',
        children: productCategories.slice(0, 4).map((category, index) => ({
          type: 'category',
          ref_id: category.id,
          title: PRODUCT_CATEGORIES[index]!.title,
          target: '_self',
          viewer: 'all',
          children: [],
        })),
      },
      {
        type: 'type',
        ref_id: types.courses.id,
        title: 'Khóa học',
        target: '_self',
        viewer: 'all',
        children: [],
      },
      {
        type: 'type',
        ref_id: types.articles.id,
        title: 'Tin tức',
        target: '_self',
        viewer: 'all',
        children: [],
      },
      {
        type: 'custom',
        url: '/lien-he',
        title: 'Liên hệ',
        target: '_self',
        viewer: 'all',
        children: [],
      },
    ],
  });
  await client.post('/sliders', {
    key: 'home',
    title: 'Ảnh bìa trang chủ',
    items: [
      {
        image: pictures[0],
        title: 'Cà phê Việt, hương vị nguyên bản',
        url: '/san-pham',
        description: 'Rang mới mỗi tuần',
      },
      {
        image: pictures[1 % pictures.length],
        title: 'Trà Thái Nguyên chính gốc',
        url: '/san-pham',
        description: 'Giao hàng toàn quốc',
      },
      {
        image: pictures[2 % pictures.length],
        title: 'Khóa học Barista',
        url: '/khoa-hoc',
        description: 'Khai giảng hằng tháng',
      },
    ],
  });
  const widget = await client.post<Row>('/widgets', {
    key: 'footer-contact',
    title: 'Liên hệ chân trang',
    group: { name: 'Chân trang' },
    description: 'Địa chỉ và đường dây nóng ở chân trang',
    type: 'footer',
    settings: {
      fields: [
        { key: 'hotline', title: 'Đường dây nóng', style: 'text', required: true },
        { key: 'address', title: 'Địa chỉ', style: 'text' },
      ],
    },
    sections: [{ page: 'home', position: 'footer' }],
  });
  await client.patch(`/widgets/${widget.id}/value`, {
    value: { hotline: '0901234567', address: '12 Phố Huế, Hai Bà Trưng, Hà Nội' },
  });
};

/**
 * The shop's own details, as an owner fills the settings on the first day: its name (the
 * sidebar, page titles and sign-in screen), the company a printed order is headed with, and the
 * bank account a bank-transfer order's VietQR code pays into.
 */
const makeSettings = (client: DemoClient) =>
  client.patch('/settings', {
    settings: Object.entries({
      site_name: 'Cà phê & Quà Việt',
      site_description: 'Cà phê, trà, đặc sản và quà tặng từ khắp Việt Nam',
      site_email: 'lienhe@example.com',
      site_hotline: '0901234567',
      company_name: 'Công ty TNHH Cà phê & Quà Việt',
      company_address: '12 Phố Huế, Phường Hai Bà Trưng, Hà Nội',
      company_phone: '02439876543',
      company_email: 'ketoan@example.com',
      company_tax_code: '0109876543',
      bank_bin: '970436',
      bank_account: '0011004567890',
      bank_account_name: 'CONG TY TNHH CA PHE VA QUA VIET',
    }).map(([key, value]) => ({ key, value })),
  });

/**
 * Builds the demo shop through the API, step by step, reporting each step as it finishes.
 * Answers the sale the caller starts last month.
 */
export const buildDemoShop = async (
  client: DemoClient,
  size: DemoSize,
  say: (step: string) => void = () => {},
  // a client signed in as another user: each of the staff does their own part of the work
  actAs: (userId: number) => Promise<DemoClient> = async () => client,
  // sets the app's clock to a moment of the shop's past year (none: back to now)
  travel: (at?: Date) => void = () => {},
) => {
  const random = seededRandom(2026);
  const pictures = await uploadPictures(
    client,
    Array.from({ length: size.pictures }, (_, index) => `Ảnh ${index + 1}`),
    'posts',
  );
  await makeSettings(client);
  say(`${pictures.length} pictures, the shop's name and details`);
  const places = await addresses(client);
  const types = await makeTypes(client);
  const { members } = await makePeople(client, random, size.members);
  say(`${members.length} members, 2 agencies`);
  const staff = await makeStaff(client);
  say(`${Object.keys(staff).length} staff, each in a role of their own`);
  const {
    products,
    categories: productCategories,
    sale,
  } = await makeProducts(client, random, types.products.id, size.products, pictures);
  say(`${products.length} products`);
  await makeCourses(client, random, types.courses.id, size.courses, pictures);
  const { articles } = await makeArticles(
    await actAs(staff.editor),
    random,
    types.articles.id,
    size.articles,
    pictures,
  );
  say(`${size.courses} courses, ${articles.length} articles (by the editor)`);
  // The year: the opening stock comes in the day before the first order; the orders spread
  // over the year in the order they are made, the newest today.
  const end = Date.now();
  const day = 86_400_000;
  travel(new Date(end - 366 * day));
  const { warehouses } = await makeStock(await actAs(staff.stock), random, products, places);
  say('2 warehouses with their imports a year ago (by the storekeeper)');
  const orders = await makeOrders(
    await actAs(staff.sales),
    random,
    size.orders,
    products,
    members,
    places,
    warehouses[0]!.id,
    (index) => travel(new Date(end - ((size.orders - 1 - index) / size.orders) * 365 * day)),
  );
  travel();
  say(`${orders.length} orders over the year (by the sales clerk)`);
  await makeConversation(client, random, [...articles, ...products.slice(0, 40)], members, actAs);
  await makeSite(client, types, productCategories, pictures);
  say('comments, ratings, feedback, the menu, the slider and the footer widget');
  return { orders, sale, random };
};
