/** API messages of payments and VietQR codes. */
export const en = {
  'order.payment_method_invalid': 'Choose a payment method: COD, bank transfer, cash or card.',
  'order.payment_method_locked': 'The payment method of a paid or refunded order cannot change.',
  'order.payment_not_unpaid': 'Only an unpaid order can be marked paid.',
  'order.payment_not_paid': 'Only a paid order can be refunded.',
  'order.payment_canceled': 'A canceled order cannot be marked paid.',
  'order.vietqr_no_bank':
    "Enter the shop's bank (its NAPAS BIN) and account number in the settings first.",
  'setting.bank_bin_invalid': "The bank's NAPAS BIN is 6 digits (970436 for Vietcombank).",
  'setting.bank_account_invalid': 'The account number is at most 19 letters and digits.',
} as const;

export type PaymentsMessageKey = keyof typeof en;

export const vi: Record<PaymentsMessageKey, string> = {
  'order.payment_method_invalid':
    'Hãy chọn hình thức thanh toán: COD, chuyển khoản, tiền mặt hoặc thẻ.',
  'order.payment_method_locked':
    'Không thể đổi hình thức thanh toán của đơn đã thanh toán hoặc đã hoàn tiền.',
  'order.payment_not_unpaid': 'Chỉ đơn chưa thanh toán mới được đánh dấu đã thanh toán.',
  'order.payment_not_paid': 'Chỉ đơn đã thanh toán mới được hoàn tiền.',
  'order.payment_canceled': 'Không thể đánh dấu đã thanh toán cho đơn đã hủy.',
  'order.vietqr_no_bank':
    'Hãy nhập ngân hàng (mã BIN NAPAS) và số tài khoản của cửa hàng trong phần cài đặt trước.',
  'setting.bank_bin_invalid': 'Mã BIN NAPAS của ngân hàng gồm 6 chữ số (Vietcombank là 970436).',
  'setting.bank_account_invalid': 'Số tài khoản gồm tối đa 19 chữ cái và chữ số.',
};

export const ja: Record<PaymentsMessageKey, string> = {
  'order.payment_method_invalid':
    '支払い方法を選択してください（代金引換、銀行振込、現金、カード）。',
  'order.payment_method_locked': '支払済みまたは返金済みの注文の支払い方法は変更できません。',
  'order.payment_not_unpaid': '支払済みにできるのは未払いの注文だけです。',
  'order.payment_not_paid': '返金できるのは支払済みの注文だけです。',
  'order.payment_canceled': 'キャンセルされた注文は支払済みにできません。',
  'order.vietqr_no_bank': '先に設定で店舗の銀行（NAPAS の BIN）と口座番号を入力してください。',
  'setting.bank_bin_invalid': '銀行の NAPAS BIN は6桁の数字です（Vietcombank は 970436）。',
  'setting.bank_account_invalid': '口座番号は19文字以内の英数字です。',
};
