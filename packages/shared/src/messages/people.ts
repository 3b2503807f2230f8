/** API messages of people: users, password resets, agencies, mail. */
export const en = {
  'user.status_invalid': 'The status must be enable or disable.',
  'user.gender_invalid': 'The gender must be male, female or unspecified.',
  'user.self_delete': 'You cannot delete your own account.',
  'user.self_disable': 'You cannot disable your own account.',
  'user.last_super_admin': 'The last enabled super-admin cannot be disabled or deleted.',
  'user.status_forbidden': 'You are not allowed to change the status.',
  'reset.mode_invalid': 'Choose how to reset the password: default or mail.',
  'reset.token_invalid': 'This reset link is not valid or has expired. Please ask for a new one.',
  'reset.no_mail': 'Sending mail is not possible right now. Please try again later.',
  'mail.reset_subject': 'Reset your password',
  'mail.reset_body':
    'Hello {{name}},\n\nAn administrator asked to reset the password of your account ({{email}}).\nOpen this link to choose a new password. It works once and expires at {{expires}} (UTC):\n\n{{link}}\n\nIf you did not expect this mail, you can ignore it.',
  'agency.name_required': 'Please enter the agency name!',
};

export type PeopleMessageKey = keyof typeof en;

export const vi: Record<PeopleMessageKey, string> = {
  'user.status_invalid': 'Trạng thái phải là kích hoạt hoặc vô hiệu hóa.',
  'user.gender_invalid': 'Giới tính phải là nam, nữ hoặc không xác định.',
  'user.self_delete': 'Bạn không thể xóa tài khoản của chính mình.',
  'user.self_disable': 'Bạn không thể vô hiệu hóa tài khoản của chính mình.',
  'user.last_super_admin': 'Không thể vô hiệu hóa hoặc xóa super-admin cuối cùng đang hoạt động.',
  'user.status_forbidden': 'Bạn không có quyền thay đổi trạng thái.',
  'reset.mode_invalid': 'Hãy chọn cách đặt lại mật khẩu: mật khẩu mặc định hoặc gửi qua email.',
  'reset.token_invalid':
    'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn. Vui lòng yêu cầu liên kết mới.',
  'reset.no_mail': 'Hiện không thể gửi email. Vui lòng thử lại sau.',
  'mail.reset_subject': 'Đặt lại mật khẩu của bạn',
  'mail.reset_body':
    'Xin chào {{name}},\n\nQuản trị viên đã yêu cầu đặt lại mật khẩu cho tài khoản của bạn ({{email}}).\nHãy mở liên kết sau để chọn mật khẩu mới. Liên kết chỉ dùng được một lần và hết hạn lúc {{expires}} (UTC):\n\n{{link}}\n\nNếu bạn không mong đợi email này, hãy bỏ qua nó.',
  'agency.name_required': 'Vui lòng nhập tên đại lý!',
};

export const ja: Record<PeopleMessageKey, string> = {
  'user.status_invalid': 'ステータスは有効または無効のいずれかにしてください。',
  'user.gender_invalid': '性別は男性、女性、未指定のいずれかにしてください。',
  'user.self_delete': '自分のアカウントは削除できません。',
  'user.self_disable': '自分のアカウントは無効にできません。',
  'user.last_super_admin': '最後の有効なsuper-adminは無効化・削除できません。',
  'user.status_forbidden': 'ステータスを変更する権限がありません。',
  'reset.mode_invalid':
    'パスワードのリセット方法（デフォルトパスワードまたはメール）を選択してください。',
  'reset.token_invalid': 'このリセットリンクは無効か期限切れです。新しいリンクを依頼してください。',
  'reset.no_mail': '現在メールを送信できません。しばらくしてから再度お試しください。',
  'mail.reset_subject': 'パスワードの再設定',
  'mail.reset_body':
    '{{name}} 様\n\n管理者があなたのアカウント（{{email}}）のパスワード再設定を依頼しました。\n次のリンクを開いて新しいパスワードを設定してください。リンクは1回限り有効で、{{expires}}（UTC）に期限切れになります：\n\n{{link}}\n\nお心当たりがない場合は、このメールを無視してください。',
  'agency.name_required': '代理店名を入力してください！',
};
