/**
 * Every value from the API goes through `esc` (text and attributes) or `href` (links), so a
 * title such as `<script>` is shown as text and a `javascript:` link is never followed.
 */
export const esc = (value) =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Only site paths and http(s) addresses become links; anything else points nowhere. */
export const href = (value) => {
  const text = String(value ?? '');
  if (text.startsWith('/') && !text.startsWith('//')) return esc(text);
  if (/^https?:\/\//i.test(text)) return esc(text);
  return '#';
};

/** Staff write rich text (HTML); this site shows its words only, never its markup. */
export const plainText = (html) =>
  String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const money = (amount, unit) =>
  amount === null || amount === undefined
    ? ''
    : `${new Intl.NumberFormat('vi-VN').format(Number(amount))} ${unit || 'đ'}`;
