/**
 * Word pools for a believable Vietnamese shop. Picked by a seeded generator, so two runs of the
 * demo make the same shop (a bug seen in one can be seen again).
 */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const some = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return chosen;
  };
  return { next, int, pick, some };
};
export type Random = ReturnType<typeof seededRandom>;

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = [
  'Văn',
  'Thị',
  'Minh',
  'Ngọc',
  'Thanh',
  'Đức',
  'Hữu',
  'Thu',
  'Quốc',
  'Bảo',
  'Gia',
  'Kim',
];
const GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Hương',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Nhung',
  'Phong',
  'Phương',
  'Quân',
  'Quỳnh',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Trung',
  'Tuấn',
  'Vy',
  'Yến',
];

export const personName = (random: Random) =>
  `${random.pick(FAMILY)} ${random.pick(MIDDLE)} ${random.pick(GIVEN)}`;

const MOBILE_PREFIXES = [
  '090',
  '091',
  '093',
  '094',
  '096',
  '097',
  '098',
  '032',
  '033',
  '035',
  '070',
  '077',
  '081',
  '083',
  '086',
  '088',
];
export const mobilePhone = (random: Random) =>
  `${random.pick(MOBILE_PREFIXES)}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;

const STREETS = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Điện Biên Phủ',
  'Phan Đình Phùng',
  'Nguyễn Trãi',
  'Cách Mạng Tháng Tám',
  'Hoàng Diệu',
  'Bà Triệu',
  'Quang Trung',
];
export const streetAddress = (random: Random) => `${random.int(1, 350)} ${random.pick(STREETS)}`;

/**
 * Products: a name made of a kind and a variant (each variant fits every kind of its category),
 * a price in VND rounded as shops price; food and drink keep, tools do not expire.
 */
export const PRODUCT_CATEGORIES = [
  {
    title: 'Cà phê',
    kinds: ['Cà phê rang xay', 'Cà phê hạt', 'Cà phê phin giấy', 'Cà phê hòa tan'],
    variants: [
      'Robusta Đắk Lắk',
      'Arabica Cầu Đất',
      'Culi Buôn Ma Thuột',
      'Moka Lâm Đồng',
      'Sơn La đặc biệt',
    ],
    price: [80_000, 450_000],
    perishable: true,
  },
  {
    title: 'Trà',
    kinds: ['Trà Thái Nguyên', 'Trà sen Tây Hồ', 'Trà ô long', 'Trà shan tuyết'],
    variants: ['hộp 100 g', 'hộp 200 g', 'túi lọc 25 gói', 'hũ thủy tinh 150 g'],
    price: [60_000, 600_000],
    perishable: true,
  },
  {
    title: 'Đặc sản',
    kinds: [
      'Mắm tôm Thanh Hóa',
      'Nước mắm Phú Quốc',
      'Mứt gừng Huế',
      'Kẹo dừa Bến Tre',
      'Bánh pía Sóc Trăng',
      'Mật ong rừng U Minh',
    ],
    variants: ['hộp quà', 'loại đặc biệt', 'gói gia đình', 'loại thượng hạng', 'vị truyền thống'],
    price: [35_000, 350_000],
    perishable: true,
  },
  {
    title: 'Dụng cụ pha chế',
    kinds: ['Phin nhôm', 'Phin inox', 'Ấm tử sa', 'Bình giữ nhiệt', 'Cối xay tay'],
    variants: ['cỡ nhỏ', 'cỡ lớn', 'màu đen', 'màu bạc', 'bản cao cấp'],
    price: [45_000, 1_500_000],
    perishable: false,
  },
  {
    title: 'Quà tặng',
    kinds: ['Hộp quà Tết', 'Giỏ quà doanh nghiệp', 'Set trà và bánh', 'Hộp quà Trung thu'],
    variants: ['Phú Quý', 'An Khang', 'Thịnh Vượng', 'Sum Vầy', 'Như Ý'],
    price: [250_000, 2_500_000],
    perishable: true,
  },
] as const;

export const TRADEMARKS = [
  'Trung Nguyên',
  'Phúc Long',
  'Highlands',
  'Cát Tường',
  'Tân Cương',
  'Hương Việt',
  'Mekong Gift',
];

export const shopPrice = (random: Random, [min, max]: readonly [number, number]) =>
  Math.round(random.int(min, max) / 5_000) * 5_000;

export const ARTICLE_CATEGORIES = [
  'Kiến thức cà phê',
  'Văn hóa trà',
  'Tin khuyến mãi',
  'Công thức pha chế',
  'Câu chuyện thương hiệu',
];
const ARTICLE_OPENINGS = [
  'Cách chọn',
  'Bí quyết bảo quản',
  'Lịch sử của',
  'Năm điều nên biết về',
  'Hướng dẫn pha',
  'Vì sao người Việt yêu',
  'Khám phá',
  'Mẹo thưởng thức',
];
const ARTICLE_SUBJECTS = [
  'cà phê phin',
  'trà sen',
  'cà phê trứng',
  'trà ô long',
  'cà phê muối',
  'trà shan tuyết',
  'hạt Arabica',
  'cà phê sữa đá',
  'bạc xỉu',
  'trà Thái Nguyên',
];
export const articleTitle = (random: Random, index: number) =>
  `${random.pick(ARTICLE_OPENINGS)} ${random.pick(ARTICLE_SUBJECTS)} (phần ${index})`;

const SENTENCES = [
  'Hạt cà phê được thu hoạch vào mùa khô, khi quả chín đỏ đều trên cành.',
  'Người pha nên dùng nước khoảng 92 độ để giữ được hương thơm.',
  'Trà ngon cần được ủ trong thời gian vừa đủ, không quá lâu để tránh vị chát.',
  'Mỗi vùng đất mang lại cho hạt một hương vị riêng, khó lẫn với nơi khác.',
  'Bảo quản nơi khô ráo, tránh ánh nắng trực tiếp và đậy kín sau khi dùng.',
  'Khách hàng có thể đặt hàng trực tuyến và nhận hàng trong vòng hai ngày.',
  'Cửa hàng cam kết đổi trả trong bảy ngày nếu sản phẩm có lỗi từ nhà sản xuất.',
  'Một tách cà phê buổi sáng là thói quen quen thuộc của nhiều gia đình Việt.',
];
export const paragraph = (random: Random, sentences = 3) =>
  random.some(SENTENCES, sentences).join(' ');
export const richText = (random: Random) =>
  `<p>${paragraph(random, 3)}</p><h2>${random.pick(ARTICLE_SUBJECTS)}</h2><p>${paragraph(random, 4)}</p>`;

export const COURSES = [
  'Pha chế cà phê căn bản',
  'Barista chuyên nghiệp',
  'Nghệ thuật thưởng trà',
  'Kinh doanh quán cà phê',
  'Rang xay tại nhà',
  'Latte art cho người mới',
];

export const COMMENTS = [
  'Sản phẩm rất thơm, giao hàng nhanh. Cảm ơn shop!',
  'Mình đã mua lần thứ hai, chất lượng vẫn ổn định.',
  'Đóng gói cẩn thận, sẽ ủng hộ tiếp.',
  'Bài viết hữu ích quá, cảm ơn tác giả.',
  'Cho mình hỏi sản phẩm này còn hàng ở Hà Nội không ạ?',
  'Vị hơi đắng so với mình nghĩ nhưng vẫn ngon.',
];
export const REPLIES = [
  'Cảm ơn anh/chị đã ủng hộ cửa hàng!',
  'Dạ sản phẩm vẫn còn hàng ạ, anh/chị đặt trên web nhé.',
];
export const FEEDBACK = [
  'Tôi muốn đặt 50 hộp quà cho công ty, xin báo giá.',
  'Đơn hàng của tôi giao chậm hai ngày.',
  'Cửa hàng có bán sỉ cho quán cà phê không?',
  'Xin hướng dẫn cách bảo quản trà sau khi mở hộp.',
];
