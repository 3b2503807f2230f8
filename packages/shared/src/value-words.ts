import type { COMMENT_STATUSES } from './comment.schema';
import type { DISCOUNT_PHASES, DISCOUNT_STATUSES } from './discount.schema';
import type { FEEDBACK_STATUSES } from './feedback.schema';
import type { GROUP_STYLES } from './group.schema';
import type { Locale } from './messages/catalog';
import type { DISCOUNT_TYPES } from './order-money';
import type { ORDER_STATUSES } from './order.schema';
import type { PAYMENT_METHODS, PAYMENT_STATUSES } from './payment.schema';
import type { POST_STATUSES } from './post-status';
import type { POST_STYLES } from './post-type.schema';
import type { GENDERS, USER_STATUSES } from './user.schema';
import { foldCase } from './search-fold';
import type { SLIP_STATUSES, SLIP_STYLES } from './warehouse-change.schema';

type Words<V extends string> = Record<Locale, Record<V, string>>;

type Of<T extends readonly string[]> = T[number];

/**
 * Every stored value of a list in words, in each language (the type refuses a value left out).
 * The lists are named by type only: this module, read by the admin's first screen, stays free
 * of the schemas and zod.
 */
const words = <V extends string>(byLanguage: Words<V>) => byLanguage;

/**
 * A stored value in the words a reader knows it by ("delivered" is "Đã giao"), for each field
 * whose values are a fixed list, keyed `entity.field`. The one source for the admin's screens
 * (merged into its texts, `apps/admin/src/i18n/value-words.ts`), its activity log, and the
 * API's spreadsheets (an export writes the words; an import reads them back, in any language).
 */
export const VALUE_WORDS = {
  'comment.status': words<Of<typeof COMMENT_STATUSES>>({
    vi: { pending: 'Chờ duyệt', approved: 'Đã duyệt', spam: 'Spam' },
    en: { pending: 'Waiting for approval', approved: 'Approved', spam: 'Spam' },
    ja: { pending: '承認待ち', approved: '承認済み', spam: 'スパム' },
  }),
  // a tier's kind of reduction (`config` holds the tiers)
  'discount.config.type': words<Of<typeof DISCOUNT_TYPES>>({
    vi: { percent: 'Phần trăm', money: 'Tiền' },
    en: { percent: 'Percent', money: 'Money' },
    ja: { percent: '割合', money: '金額' },
  }),
  'discount.phase': words<Of<typeof DISCOUNT_PHASES>>({
    vi: { upcoming: 'Chưa áp dụng', applying: 'Đang áp dụng', expired: 'Hết hạn' },
    en: { upcoming: 'Not yet applying', applying: 'Applying', expired: 'Expired' },
    ja: { upcoming: '適用前', applying: '適用中', expired: '期限切れ' },
  }),
  'discount.status': words<Of<typeof DISCOUNT_STATUSES>>({
    vi: { enable: 'Kích hoạt', disable: 'Chưa kích hoạt' },
    en: { enable: 'Enabled', disable: 'Disabled' },
    ja: { enable: '有効', disable: '無効' },
  }),
  'feedback.status': words<Of<typeof FEEDBACK_STATUSES>>({
    vi: { none: 'Chưa liên hệ', done: 'Đã liên hệ' },
    en: { none: 'Not yet contacted', done: 'Contacted' },
    ja: { none: '未連絡', done: '連絡済み' },
  }),
  'group.style': words<Of<typeof GROUP_STYLES>>({
    vi: { article: 'Nhóm', trademark: 'Thương hiệu', field: 'Nhóm dữ liệu' },
    en: { article: 'Groups', trademark: 'Trademarks', field: 'Data groups' },
    ja: { article: 'グループ', trademark: 'ブランド', field: 'データグループ' },
  }),
  'order.payment_method': words<Of<typeof PAYMENT_METHODS>>({
    vi: { cod: 'Thu hộ (COD)', bank_transfer: 'Chuyển khoản', cash: 'Tiền mặt', card: 'Thẻ' },
    en: { cod: 'Cash on delivery', bank_transfer: 'Bank transfer', cash: 'Cash', card: 'Card' },
    ja: { cod: '代金引換', bank_transfer: '銀行振込', cash: '現金', card: 'カード' },
  }),
  'order.payment_status': words<Of<typeof PAYMENT_STATUSES>>({
    vi: { unpaid: 'Chưa thanh toán', paid: 'Đã thanh toán', refunded: 'Đã hoàn tiền' },
    en: { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' },
    ja: { unpaid: '未払い', paid: '支払済み', refunded: '返金済み' },
  }),
  'order.status': words<Of<typeof ORDER_STATUSES>>({
    vi: {
      new: 'Mới',
      processing: 'Đang xử lý',
      delivery: 'Đang giao',
      delivered: 'Đã giao',
      canceled: 'Đã hủy',
    },
    en: {
      new: 'New',
      processing: 'Processing',
      delivery: 'Delivering',
      delivered: 'Delivered',
      canceled: 'Canceled',
    },
    ja: {
      new: '新規',
      processing: '処理中',
      delivery: '配送中',
      delivered: '配達済み',
      canceled: 'キャンセル済み',
    },
  }),
  'post.status': words<Of<typeof POST_STATUSES>>({
    vi: { published: 'Hiển thị', private: 'Ẩn', draft: 'Nháp', pending: 'Chờ duyệt' },
    en: { published: 'Published', private: 'Hidden', draft: 'Draft', pending: 'Pending review' },
    ja: { published: '公開', private: '非公開', draft: '下書き', pending: '承認待ち' },
  }),
  'post_type.style': words<Of<typeof POST_STYLES>>({
    vi: { article: 'Bài viết', product: 'Sản phẩm', course: 'Khóa học' },
    en: { article: 'Article', product: 'Product', course: 'Course' },
    ja: { article: '記事', product: '商品', course: 'コース' },
  }),
  'user.gender': words<Of<typeof GENDERS>>({
    vi: { male: 'Nam', female: 'Nữ', unspecified: 'Không xác định' },
    en: { male: 'Male', female: 'Female', unspecified: 'Unspecified' },
    ja: { male: '男性', female: '女性', unspecified: '未指定' },
  }),
  'user.status': words<Of<typeof USER_STATUSES>>({
    vi: { enable: 'Kích hoạt', disable: 'Vô hiệu hóa' },
    en: { enable: 'Enabled', disable: 'Disabled' },
    ja: { enable: '有効', disable: '無効' },
  }),
  'warehouse_change.status': words<Of<typeof SLIP_STATUSES>>({
    vi: { complete: 'Hoàn thành', canceled: 'Đã hủy' },
    en: { complete: 'Complete', canceled: 'Canceled' },
    ja: { complete: '完了', canceled: '取消済み' },
  }),
  'warehouse_change.style': words<Of<typeof SLIP_STYLES>>({
    vi: { import: 'Nhập', export: 'Xuất' },
    en: { import: 'Import', export: 'Export' },
    ja: { import: '入庫', export: '出庫' },
  }),
} as const;

export type ValueWordsKey = keyof typeof VALUE_WORDS;

export const isValueWordsKey = (key: string): key is ValueWordsKey => key in VALUE_WORDS;

/** A stored value in the reader's words; anything that is not one of its values as it is. */
export const valueWord = <T>(language: Locale, key: ValueWordsKey, stored: T): T | string => {
  if (typeof stored !== 'string') return stored;
  const words: Record<string, string> = VALUE_WORDS[key][language];
  return Object.hasOwn(words, stored) ? words[stored]! : stored;
};

/**
 * What a spreadsheet's cell stores: the value itself, or its words in any of the languages
 * ("Nữ", "female", "Female", "女性" are all `female`), in any case and Unicode form. A cell that
 * is neither comes back as written, for the schema to refuse by name.
 */
export const storedValue = (key: ValueWordsKey, cell: string): string => {
  const wanted = foldCase(cell);
  for (const words of Object.values<Record<string, string>>(VALUE_WORDS[key]))
    for (const [value, word] of Object.entries(words))
      if (foldCase(value) === wanted || foldCase(word) === wanted) return value;
  return cell;
};
