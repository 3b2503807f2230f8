/** API messages of the website's delivery API: the sitemap. */
export const en = {
  'public.site_url_missing':
    "The sitemap needs SITE_URL, the public website's address (https://shop.example): set it and restart the server.",
};

type DeliveryMessageKey = keyof typeof en;

export const vi: Record<DeliveryMessageKey, string> = {
  'public.site_url_missing':
    'Sơ đồ trang cần SITE_URL, địa chỉ của website (https://shop.example): hãy đặt biến này rồi khởi động lại máy chủ.',
};

export const ja: Record<DeliveryMessageKey, string> = {
  'public.site_url_missing':
    'サイトマップには SITE_URL（公開ウェブサイトのアドレス、例: https://shop.example）が必要です。設定してからサーバーを再起動してください。',
};
