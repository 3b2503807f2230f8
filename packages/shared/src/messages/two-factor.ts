/** API messages of two-factor sign-in and of sessions. */
export const en = {
  'error.two_factor_required':
    'Your role requires two-factor sign-in. Set it up before you continue.',
  'two_factor.code_required': 'Please enter the code.',
  'two_factor.code_wrong': 'The code is wrong or has already been used.',
  'two_factor.challenge_invalid': 'This sign-in has expired. Please sign in again.',
  'two_factor.too_many': 'Too many wrong codes. Please sign in again.',
  'two_factor.setup_first': 'Start the set-up first: scan the QR code, then enter a code.',
  'two_factor.already_enabled': 'Two-factor sign-in is already on.',
  'two_factor.not_enabled': 'Two-factor sign-in is not on.',
} as const;

export type TwoFactorMessageKey = keyof typeof en;

export const vi: Record<TwoFactorMessageKey, string> = {
  'error.two_factor_required':
    'Vai trò của bạn yêu cầu đăng nhập hai bước. Hãy thiết lập trước khi tiếp tục.',
  'two_factor.code_required': 'Vui lòng nhập mã.',
  'two_factor.code_wrong': 'Mã không đúng hoặc đã được sử dụng.',
  'two_factor.challenge_invalid': 'Phiên đăng nhập này đã hết hạn. Vui lòng đăng nhập lại.',
  'two_factor.too_many': 'Bạn đã nhập sai mã quá nhiều lần. Vui lòng đăng nhập lại.',
  'two_factor.setup_first': 'Hãy bắt đầu thiết lập trước: quét mã QR, rồi nhập một mã.',
  'two_factor.already_enabled': 'Đăng nhập hai bước đã được bật.',
  'two_factor.not_enabled': 'Đăng nhập hai bước chưa được bật.',
};

export const ja: Record<TwoFactorMessageKey, string> = {
  'error.two_factor_required':
    'あなたのロールでは2段階認証が必要です。続行する前に設定してください。',
  'two_factor.code_required': 'コードを入力してください。',
  'two_factor.code_wrong': 'コードが正しくないか、すでに使用されています。',
  'two_factor.challenge_invalid': 'このサインインは期限切れです。もう一度サインインしてください。',
  'two_factor.too_many': 'コードの誤りが多すぎます。もう一度サインインしてください。',
  'two_factor.setup_first': '先に設定を始めてください。QRコードを読み取り、コードを入力します。',
  'two_factor.already_enabled': '2段階認証はすでに有効です。',
  'two_factor.not_enabled': '2段階認証は有効になっていません。',
};
