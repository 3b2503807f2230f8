import { contactBody } from '../modules/contacts/contact-test-kit';
import type { TestApp } from './test-app';

/**
 * A shop whose every staff-only field is filled with a text that must never reach the
 * website (`SECRETS`), beside drafts, hidden, pending and scheduled posts: what the public
 * routes' tests read. Made through the staff API, as staff would.
 */
export const SECRETS = {
  authorEmail: 'secret-author@example.com',
  agencyPrice: 7_770_001,
  importCost: 9_876_543,
  stockUnits: 31_337,
  exportPrice: 9_999_999,
  // (9,999,999 − 9,876,543) × 2 units exported
  profit: 246_912,
  personalOption: 'PERSONAL-OPTION-SECRET',
  notificationEmail: 'notify-secret@example.com',
  productSyntax: 'QZXSYN{N:5}',
  orderSyntax: 'ORDSECRET{YY}',
  orderFooter: 'FOOTSECRET{N:4}',
  draftTitle: 'DRAFTSECRETTITLE',
  draftSlug: 'draft-secret-slug',
  privateTitle: 'PRIVATESECRETTITLE',
  pendingTitle: 'PENDINGSECRETTITLE',
  scheduledTitle: 'SCHEDULEDSECRETTITLE',
  scheduledSlug: 'scheduled-secret-slug',
  fieldScript: 'FIELDSCRIPTSECRET',
  lessonLink: 'https://lesson-secret.example/paid',
  widgetDescription: 'WIDGETDESCRIPTIONSECRET',
  widgetSettingsTitle: 'WIDGETSETTINGSSECRET',
  customerEmail: 'customer-secret@example.com',
  feedbackEmail: 'feedback-secret@example.com',
};

/** Texts of the secrets as they may appear in a body (numbers as digits). */
export const secretTexts = () => Object.values(SECRETS).map(String);

/** A menu item for signed-in members only. */
export const MEMBERS_ONLY_ITEM = 'Tài khoản của tôi';

export type PublicFixture = Awaited<ReturnType<typeof makePublicShop>>;

export const makePublicShop = async (t: TestApp) => {
  const author = await t.createUser(
    [
      'posts.list',
      'posts.create',
      'posts.update',
      'posts.approve',
      'types.list',
      'categories.list',
    ],
    { email: SECRETS.authorEmail, name: 'Tác Giả' },
  );
  const admin = t.adminToken;
  const api = async (method: 'POST' | 'PATCH', url: string, body: unknown, token = admin) => {
    const response = await t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const features = [
    'category',
    'group',
    'trademark',
    'related',
    'seo',
    'fields',
    'images',
    'comments',
    'ratings',
  ].map((key) => ({ key, name: key, enabled: true }));
  const productType = await api('POST', '/types', {
    style: 'product',
    title: 'Sản phẩm',
    slug: 'san-pham',
    sitemap: true,
    features,
  });
  const articleType = await api('POST', '/types', {
    style: 'article',
    title: 'Tin tức',
    slug: 'tin-tuc',
    sitemap: false,
  });
  const courseType = await api('POST', '/types', {
    style: 'course',
    title: 'Khóa học',
    slug: 'khoa-hoc',
    sitemap: true,
  });
  const phones = await api('POST', '/categories', {
    type_id: productType.id,
    title: 'Điện thoại',
    slug: 'dien-thoai',
  });
  const iphone = await api('POST', '/categories', {
    type_id: productType.id,
    title: 'iPhone',
    slug: 'iphone',
    parent_id: phones.id,
  });
  const featured = await api('POST', '/groups', {
    style: 'article',
    type_id: productType.id,
    title: 'Nổi bật',
    slug: 'noi-bat',
  });
  const apple = await api('POST', '/groups', {
    style: 'trademark',
    type_id: productType.id,
    title: 'Apple',
    slug: 'apple',
  });
  const specs = await api('POST', '/groups', {
    style: 'field',
    type_id: productType.id,
    title: 'Thông số',
    slug: 'thong-so',
  });
  await api('POST', '/fields', {
    group_id: specs.id,
    key: 'color',
    title: 'Màu',
    style: 'text',
    script: SECRETS.fieldScript,
  });
  const agency = await api('POST', '/agencies', { name: 'Đại lý Một' });
  const now = Date.now();
  const discount = await api('POST', '/discounts', {
    title: 'Giảm 10%',
    start_at: new Date(now + 60_000).toISOString(),
    end_at: new Date(now + 30 * 86_400_000).toISOString(),
    config: [{ quantity: 1, discount: 10, type: 'percent' }],
  });
  // Applying from now on (the API refuses a start in the past).
  await t.db
    .updateTable('discounts')
    .set({ start_at: new Date(now - 60_000).toISOString() })
    .where('id', '=', discount.id)
    .execute();

  const post = (body: Record<string, unknown>) => api('POST', '/posts', body, author.token);
  const other = await post({
    type_id: productType.id,
    title: 'iPhone 15',
    slug: 'iphone-15',
    status: 'published',
    category_ids: [iphone.id],
    product: { price: 20_000_000 },
  });
  const draft = await post({
    type_id: productType.id,
    title: SECRETS.draftTitle,
    slug: SECRETS.draftSlug,
    status: 'draft',
    category_ids: [iphone.id],
    group_ids: [featured.id],
    trademark_id: apple.id,
    product: { price: 1 },
  });
  const hidden = await post({
    type_id: productType.id,
    title: SECRETS.privateTitle,
    status: 'private',
    category_ids: [phones.id],
    product: { price: 2 },
  });
  const pending = await post({
    type_id: productType.id,
    title: SECRETS.pendingTitle,
    status: 'pending',
    category_ids: [phones.id],
    product: { price: 3 },
  });
  const scheduled = await post({
    type_id: productType.id,
    title: SECRETS.scheduledTitle,
    slug: SECRETS.scheduledSlug,
    status: 'published',
    published_at: new Date(now + 3_600_000).toISOString(),
    category_ids: [iphone.id],
    product: { price: 4 },
  });
  const product = await post({
    type_id: productType.id,
    title: 'iPhone 16 Pro',
    slug: 'iphone-16-pro',
    description: 'Điện thoại mới',
    status: 'published',
    category_ids: [iphone.id],
    group_ids: [featured.id],
    trademark_id: apple.id,
    related_ids: [other.id, draft.id, scheduled.id],
    fields: { color: 'Titan' },
    seo: { title: 'iPhone 16 Pro giá tốt', keywords: ['iphone'] },
    product: {
      price: 30_000_000,
      discount_id: discount.id,
      agency_prices: [{ agency_id: agency.id, price: SECRETS.agencyPrice }],
    },
  });
  const article = await post({
    type_id: articleType.id,
    title: 'Ra mắt iPhone 16',
    slug: 'ra-mat-iphone-16',
    status: 'published',
  });
  const course = await post({
    type_id: courseType.id,
    title: 'Lập trình iOS',
    slug: 'lap-trinh-ios',
    status: 'published',
    course: {
      price: 1_000_000,
      duration: 600,
      lessons_count: 2,
      chapters: [
        {
          title: 'Bắt đầu',
          lessons: [
            { title: 'Giới thiệu', link: 'https://lesson.example/free', highlight: true },
            { title: 'Bài trả phí', link: SECRETS.lessonLink, highlight: false },
          ],
        },
      ],
    },
  });
  await api('POST', '/ratings', { post_id: product.id, author_name: 'Khách', score: 4 });
  await api('POST', '/ratings', { post_id: product.id, author_name: 'Khách 2', score: 5 });
  await api('POST', '/ratings', { post_id: draft.id, author_name: 'Khách 3', score: 1 });

  // Stock, its cost and profit.
  const warehouse = await api('POST', '/warehouses', contactBody());
  await api('POST', `/warehouses/${warehouse.id}/change`, {
    style: 'import',
    products: [{ post_id: product.id, price: SECRETS.importCost, number: SECRETS.stockUnits }],
  });
  await api('POST', `/warehouses/${warehouse.id}/change`, {
    style: 'export',
    products: [{ post_id: product.id, price: SECRETS.exportPrice, number: 2 }],
  });
  const stock = await t.request(
    'GET',
    `/api/v1/warehouses/products?warehouse_id=${warehouse.id}&post_id=${product.id}`,
    { token: admin },
  );
  // The fixture holds what it says: a profit the website must never learn.
  if (Number(stock.json().data[0]?.profit) !== SECRETS.profit)
    throw new Error(`unexpected stock row: ${stock.body}`);

  // Settings: the website's and the back office's own.
  await api('PATCH', '/settings', {
    settings: [
      { key: 'site_name', value: 'Cửa hàng Táo' },
      { key: 'notification_emails', value: SECRETS.notificationEmail },
      { key: 'product_code_syntax', value: SECRETS.productSyntax },
      { key: 'order_code_syntax', value: SECRETS.orderSyntax },
      { key: 'order_code_syntax_footer', value: SECRETS.orderFooter },
    ],
  });
  await api('POST', '/settings', {
    key: 'secretoption',
    title: 'Riêng',
    value: SECRETS.personalOption,
  });

  await api('POST', '/orders', {
    name: 'Khách hàng',
    phone: '0901234567',
    email: SECRETS.customerEmail,
    address: '1 Lê Lợi',
    products: [{ post_id: product.id, quantity: 1 }],
  });
  await api('POST', '/feedback', { name: 'Người gửi', email: SECRETS.feedbackEmail });

  await api('POST', '/menus', {
    key: 'main',
    title: 'Menu chính',
    items: [
      { type: 'custom', url: '/', title: 'Trang chủ' },
      {
        type: 'category',
        ref_id: phones.id,
        title: 'Điện thoại',
        children: [{ type: 'product', ref_id: product.id, title: 'iPhone 16 Pro' }],
      },
      { type: 'product', ref_id: draft.id, title: 'Sắp ra mắt' },
      { type: 'custom', url: '/tai-khoan', title: MEMBERS_ONLY_ITEM, viewer: 'logged_in' },
      { type: 'custom', url: '/dang-nhap', title: 'Đăng nhập', viewer: 'guest' },
    ],
  });
  await api('POST', '/sliders', {
    key: 'home',
    title: 'Trang chủ',
    items: [{ image: '/api/v1/media/files/2026/12/slide.webp', title: 'Khuyến mãi' }],
  });
  await api('POST', '/widgets', {
    key: 'footer',
    title: 'Chân trang',
    group: { name: 'Chân trang' },
    description: SECRETS.widgetDescription,
    type: 'footer',
    settings: { fields: [{ key: 'hotline', title: SECRETS.widgetSettingsTitle, style: 'text' }] },
    sections: [{ page: 'home' }],
  });
  await api('POST', '/seos', {
    url: '/san-pham/iphone-16-pro',
    type: 'article',
    title: 'iPhone 16 Pro',
    image: '/api/v1/media/files/2026/12/seo.webp',
  });
  await api('POST', '/redirects', { source: '/old-iphone', destination: '/mid-iphone' });
  await api('POST', '/redirects', {
    source: '/mid-iphone',
    destination: '/san-pham/iphone-16-pro',
    code: 302,
  });

  return {
    author,
    types: { product: productType, article: articleType, course: courseType },
    categories: { phones, iphone },
    groups: { featured, apple },
    posts: { product, other, draft, hidden, pending, scheduled, article, course },
  };
};
