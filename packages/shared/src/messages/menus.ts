/** API messages of the menu editor. */
export const en = {
  'menu.title_required': 'Please enter the title!',
  'menu.key_exists': 'A menu with this key already exists. Please enter another key.',
  'menu.item_title_required': 'Please enter the title of the link!',
  'menu.item_url_required': 'Please enter the URL of the link!',
  'menu.ref_required': 'Please choose the record this item links to.',
  'menu.ref_not_allowed': 'A custom link does not point at a record: leave ref_id empty.',
  'menu.ref_missing': 'The record this item links to does not exist.',
  'menu.type_unavailable': 'Items of the type "{{type}}" cannot be added yet.',
  'menu.class_name_format':
    'Class names may contain only letters, digits, "-" and "_", separated by single spaces.',
  'menu.data_object': 'The custom data must be a JSON object.',
  'menu.too_deep': 'A menu may be at most {{maximum}} levels deep.',
  'menu.too_many_items': 'A menu may hold at most {{maximum}} items.',
};

export type MenuMessageKey = keyof typeof en;

export const vi: Record<MenuMessageKey, string> = {
  'menu.title_required': 'Vui lòng nhập tiêu đề!',
  'menu.key_exists': 'Đã có menu với khóa này. Vui lòng nhập khóa khác.',
  'menu.item_title_required': 'Vui lòng nhập tiêu đề của liên kết!',
  'menu.item_url_required': 'Vui lòng nhập URL của liên kết!',
  'menu.ref_required': 'Vui lòng chọn bản ghi mà mục này liên kết tới.',
  'menu.ref_not_allowed': 'Liên kết tùy chỉnh không trỏ tới bản ghi nào: hãy để trống ref_id.',
  'menu.ref_missing': 'Bản ghi mà mục này liên kết tới không tồn tại.',
  'menu.type_unavailable': 'Chưa thể thêm mục thuộc loại "{{type}}".',
  'menu.class_name_format':
    'Tên class chỉ gồm chữ cái, chữ số, "-" và "_", cách nhau bởi một dấu cách.',
  'menu.data_object': 'Dữ liệu tùy chỉnh phải là một đối tượng JSON.',
  'menu.too_deep': 'Menu chỉ được sâu tối đa {{maximum}} cấp.',
  'menu.too_many_items': 'Menu chỉ được chứa tối đa {{maximum}} mục.',
};

export const ja: Record<MenuMessageKey, string> = {
  'menu.title_required': 'タイトルを入力してください。',
  'menu.key_exists': 'このキーのメニューはすでに存在します。別のキーを入力してください。',
  'menu.item_title_required': 'リンクのタイトルを入力してください。',
  'menu.item_url_required': 'リンクのURLを入力してください。',
  'menu.ref_required': 'この項目のリンク先のデータを選択してください。',
  'menu.ref_not_allowed': 'カスタムリンクはデータを指しません。ref_id は空にしてください。',
  'menu.ref_missing': 'この項目のリンク先のデータが存在しません。',
  'menu.type_unavailable': '種類「{{type}}」の項目はまだ追加できません。',
  'menu.class_name_format':
    'クラス名には英字、数字、「-」、「_」のみを使い、半角スペース1つで区切ってください。',
  'menu.data_object': 'カスタムデータは JSON オブジェクトである必要があります。',
  'menu.too_deep': 'メニューの階層は最大 {{maximum}} 段までです。',
  'menu.too_many_items': 'メニューに登録できる項目は最大 {{maximum}} 件です。',
};
