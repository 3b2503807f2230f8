/** API messages of webhooks. */
export const en = {
  'webhook.url_required': 'Please enter the address!',
  'webhook.url_invalid': 'The address must be an http:// or https:// URL.',
  'webhook.url_private':
    'This address is on a loopback, private or link-local network: webhooks may not call it.',
  'webhook.url_unresolved': 'The host name of this address cannot be found.',
  'webhook.events_required': 'Please choose at least one event!',
  'webhook.event_invalid': 'This event does not exist.',
};

export type WebhookMessageKey = keyof typeof en;

export const vi: Record<WebhookMessageKey, string> = {
  'webhook.url_required': 'Vui lòng nhập địa chỉ!',
  'webhook.url_invalid': 'Địa chỉ phải là một URL http:// hoặc https://.',
  'webhook.url_private':
    'Địa chỉ này thuộc mạng loopback, mạng riêng hoặc link-local: webhook không được gọi tới.',
  'webhook.url_unresolved': 'Không tìm thấy tên máy chủ của địa chỉ này.',
  'webhook.events_required': 'Vui lòng chọn ít nhất một sự kiện!',
  'webhook.event_invalid': 'Sự kiện này không tồn tại.',
};

export const ja: Record<WebhookMessageKey, string> = {
  'webhook.url_required': 'アドレスを入力してください。',
  'webhook.url_invalid': 'アドレスは http:// または https:// の URL にしてください。',
  'webhook.url_private':
    'このアドレスはループバック、プライベート、またはリンクローカルのネットワーク上にあるため、Webhook から呼び出せません。',
  'webhook.url_unresolved': 'このアドレスのホスト名が見つかりません。',
  'webhook.events_required': 'イベントを 1 つ以上選択してください。',
  'webhook.event_invalid': 'このイベントは存在しません。',
};
