/** API messages of the shop's day: the dashboard, exports and imports. */
export const en = {
  'dashboard.range_order': 'The end of the range must not be before its start.',
  'dashboard.range_too_long': 'The range can span at most 366 days.',
};

export type ShopdayMessageKey = keyof typeof en;

export const vi: Record<ShopdayMessageKey, string> = {
  'dashboard.range_order': 'Ngày kết thúc không được trước ngày bắt đầu.',
  'dashboard.range_too_long': 'Khoảng thời gian dài nhất là 366 ngày.',
};

export const ja: Record<ShopdayMessageKey, string> = {
  'dashboard.range_order': '終了日は開始日より前にできません。',
  'dashboard.range_too_long': '期間は最長366日です。',
};
