/** API messages of the security rules: unavailable dependencies, ranges, redirects, mail notices. */
export const en = {
  'error.unavailable':
    'The service is temporarily unavailable. Please try again in {{seconds}} seconds.',
  'error.range_not_satisfiable': 'The requested range lies outside the file.',
  'redirect.destination_scheme': 'The destination must be a path or an http(s) address.',
  'redirect.closes_loop': 'This redirect would lead back to where it starts.',
  'redirect.chain_too_long': 'This redirect would make a chain of more than {{maximum}} redirects.',
  'redirect.wildcard_source':
    'A * may only end the source, after a / (/old-section/* redirects everything under /old-section/).',
  'redirect.wildcard_destination':
    'The destination may end in /* only when the source does (the rest of the address is carried over).',
  'mail.redacted': '[hidden: this mail belongs to an account you may not manage]',
  'mail.email_changed_subject': 'The sign-in email of your account was changed',
  'mail.email_changed_body':
    'Hello {{name}},\n\nThe sign-in email of your account was changed from {{old}} to {{new}} at {{time}} (UTC).\nFrom now on, sign in with the new address.\n\nIf you did not make this change, contact an administrator at once: someone may be using your account.',
} as const;

export type SecurityMessageKey = keyof typeof en;

export const vi: Record<SecurityMessageKey, string> = {
  'error.unavailable': 'Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau {{seconds}} giây.',
  'error.range_not_satisfiable': 'Khoảng dữ liệu yêu cầu nằm ngoài tệp.',
  'redirect.destination_scheme':
    'Đích chuyển hướng phải là một đường dẫn hoặc một địa chỉ http(s).',
  'redirect.closes_loop': 'Chuyển hướng này sẽ dẫn ngược về chính điểm bắt đầu.',
  'redirect.chain_too_long':
    'Chuyển hướng này sẽ tạo thành một chuỗi dài hơn {{maximum}} lần chuyển hướng.',
  'redirect.wildcard_source':
    'Dấu * chỉ được đặt ở cuối đường dẫn nguồn, sau dấu / (/muc-cu/* chuyển hướng mọi địa chỉ trong /muc-cu/).',
  'redirect.wildcard_destination':
    'Đích chỉ được kết thúc bằng /* khi nguồn cũng vậy (phần còn lại của địa chỉ được giữ nguyên).',
  'mail.redacted': '[đã ẩn: email này thuộc về một tài khoản bạn không được quản lý]',
  'mail.email_changed_subject': 'Email đăng nhập của tài khoản bạn đã được thay đổi',
  'mail.email_changed_body':
    'Xin chào {{name}},\n\nEmail đăng nhập của tài khoản bạn đã được đổi từ {{old}} sang {{new}} lúc {{time}} (UTC).\nTừ bây giờ, hãy đăng nhập bằng địa chỉ mới.\n\nNếu bạn không thực hiện thay đổi này, hãy liên hệ ngay với quản trị viên: có thể ai đó đang sử dụng tài khoản của bạn.',
};

export const ja: Record<SecurityMessageKey, string> = {
  'error.unavailable':
    'サービスは一時的に利用できません。{{seconds}}秒後にもう一度お試しください。',
  'error.range_not_satisfiable': '要求された範囲はファイルの外にあります。',
  'redirect.destination_scheme': '転送先はパスまたは http(s) のアドレスにしてください。',
  'redirect.closes_loop': 'このリダイレクトは出発点に戻るループになります。',
  'redirect.chain_too_long':
    'このリダイレクトにより、{{maximum}}回を超えるリダイレクトの連鎖になります。',
  'redirect.wildcard_source':
    '* は転送元の末尾に / の後でのみ使えます（/old-section/* は /old-section/ 以下のすべてを転送します）。',
  'redirect.wildcard_destination':
    '転送先を /* で終えられるのは、転送元も /* で終わる場合だけです（アドレスの残りが引き継がれます）。',
  'mail.redacted': '[非表示：このメールはあなたが管理できないアカウント宛てです]',
  'mail.email_changed_subject': 'アカウントのサインイン用メールアドレスが変更されました',
  'mail.email_changed_body':
    '{{name}} 様\n\nあなたのアカウントのサインイン用メールアドレスが {{time}}（UTC）に {{old}} から {{new}} に変更されました。\n今後は新しいアドレスでサインインしてください。\n\nこの変更に心当たりがない場合は、すぐに管理者に連絡してください。第三者があなたのアカウントを使用している可能性があります。',
};
