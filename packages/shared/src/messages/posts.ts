/** API messages of posts: articles, products and courses. */
export const en = {
  'post.title_required': 'Please enter the title!',
  'post.image_invalid':
    'Please choose an image from the media library (a path or an http(s) address).',
  'post.price_invalid': 'The price must be a whole number of VND, 0 or more.',
  'post.code_too_long': 'The product code must be at most 30 characters long.',
  'post.code_exists': 'This product code is already in use.',
  'post.units_in_stock':
    'This product still has {{count}} units in stock. Export them from the warehouse before deleting it.',
  'post.keyword_invalid': 'A keyword must be 1 to 100 characters long.',
  'post.link_name_required': 'Please enter the keyword of the link!',
  'post.link_url_required': 'Please enter the link address!',
  'post.link_url_invalid': 'The link must be a path starting with / or an http(s) address.',
  'post.agency_price_duplicate': 'This agency already has a price.',
  'post.chapter_title_required': 'Please enter the chapter title!',
  'post.lesson_title_required': 'Please enter the lesson title!',
  'post.lesson_exists': 'This lesson is already exist',
  'post.field_key_invalid':
    'A data field key starts with a letter and holds letters, digits, _ and -.',
  'post.published_at_invalid':
    'The publish date must be a date and time with its offset (2026-12-01T08:00:00+07:00).',
  'post.status_invalid': 'The status must be published, private, draft or pending.',
  'post.bulk_ids_required': 'Please choose at least one post.',
  'post.bulk_status_required': 'Please choose the new status.',
  'post.stale':
    'Someone else saved this post after you opened it. Reload it to see their changes, or save again to overwrite them.',
  'post.primary_not_chosen': 'The primary category must be one of the chosen categories.',
  'post.category_other_type': 'This category belongs to another post type.',
  'post.group_other_type': 'This group belongs to another post type.',
  'post.trademark_invalid': 'Please choose a trademark of this post type.',
  'post.related_self': 'A post cannot be related to itself.',
  'post.product_only': 'Only posts of a product type have a product box.',
  'post.course_only': 'Only posts of a course type have a course box.',
  'post.type_invalid': 'Please choose an existing post type.',
  'post.field_unknown': 'This post type has no data field with this key.',
  'post.discount_invalid': 'Please choose an existing discount.',
};

export type PostMessageKey = keyof typeof en;

export const vi: Record<PostMessageKey, string> = {
  'post.title_required': 'Vui lòng nhập tiêu đề!',
  'post.image_invalid': 'Vui lòng chọn hình ảnh từ thư viện (một đường dẫn hoặc địa chỉ http(s)).',
  'post.price_invalid': 'Giá phải là số nguyên VND, từ 0 trở lên.',
  'post.code_too_long': 'Mã sản phẩm dài tối đa 30 ký tự.',
  'post.code_exists': 'Mã sản phẩm này đã được dùng.',
  'post.units_in_stock':
    'Sản phẩm này còn {{count}} đơn vị trong kho. Hãy xuất kho hết trước khi xóa.',
  'post.keyword_invalid': 'Mỗi từ khóa phải dài từ 1 đến 100 ký tự.',
  'post.link_name_required': 'Vui lòng nhập từ khóa của liên kết!',
  'post.link_url_required': 'Vui lòng nhập địa chỉ liên kết!',
  'post.link_url_invalid': 'Liên kết phải là đường dẫn bắt đầu bằng / hoặc một địa chỉ http(s).',
  'post.agency_price_duplicate': 'Đại lý này đã có giá.',
  'post.chapter_title_required': 'Vui lòng nhập tiêu đề chương!',
  'post.lesson_title_required': 'Vui lòng nhập tiêu đề bài học!',
  'post.lesson_exists': 'Bài học này đã tồn tại',
  'post.field_key_invalid': 'Khóa của trường dữ liệu bắt đầu bằng chữ cái, gồm chữ, số, _ và -.',
  'post.published_at_invalid':
    'Ngày đăng phải là ngày giờ kèm múi giờ (2026-12-01T08:00:00+07:00).',
  'post.status_invalid': 'Trạng thái phải là hiển thị, ẩn, nháp hoặc chờ duyệt.',
  'post.bulk_ids_required': 'Vui lòng chọn ít nhất một bài viết.',
  'post.bulk_status_required': 'Vui lòng chọn trạng thái mới.',
  'post.stale':
    'Người khác đã lưu bài viết này sau khi bạn mở nó. Hãy tải lại để xem thay đổi của họ, hoặc lưu lại để ghi đè.',
  'post.primary_not_chosen': 'Danh mục chính phải là một trong các danh mục đã chọn.',
  'post.category_other_type': 'Danh mục này thuộc loại bài viết khác.',
  'post.group_other_type': 'Nhóm này thuộc loại bài viết khác.',
  'post.trademark_invalid': 'Vui lòng chọn thương hiệu của loại bài viết này.',
  'post.related_self': 'Bài viết không thể liên quan đến chính nó.',
  'post.product_only': 'Chỉ bài viết thuộc loại sản phẩm mới có thông tin sản phẩm.',
  'post.course_only': 'Chỉ bài viết thuộc loại khóa học mới có thông tin khóa học.',
  'post.type_invalid': 'Vui lòng chọn một loại bài viết có sẵn.',
  'post.field_unknown': 'Loại bài viết này không có trường dữ liệu với khóa này.',
  'post.discount_invalid': 'Vui lòng chọn một chiết khấu có sẵn.',
};

export const ja: Record<PostMessageKey, string> = {
  'post.title_required': 'タイトルを入力してください。',
  'post.image_invalid':
    'メディアライブラリから画像を選択してください（パスまたは http(s) のアドレス）。',
  'post.price_invalid': '価格は 0 以上の整数（VND）にしてください。',
  'post.code_too_long': '商品コードは 30 文字以内にしてください。',
  'post.code_exists': 'この商品コードはすでに使われています。',
  'post.units_in_stock':
    'この商品はまだ在庫が{{count}}個あります。削除する前に倉庫から出庫してください。',
  'post.keyword_invalid': 'キーワードは 1〜100 文字にしてください。',
  'post.link_name_required': 'リンクのキーワードを入力してください。',
  'post.link_url_required': 'リンク先を入力してください。',
  'post.link_url_invalid': 'リンクは / で始まるパス、または http(s) のアドレスにしてください。',
  'post.agency_price_duplicate': 'この代理店にはすでに価格があります。',
  'post.chapter_title_required': '章のタイトルを入力してください。',
  'post.lesson_title_required': 'レッスンのタイトルを入力してください。',
  'post.lesson_exists': 'このレッスンはすでに存在します',
  'post.field_key_invalid': 'データ項目のキーは英字で始まり、英数字、_、- で構成してください。',
  'post.published_at_invalid':
    '公開日時はタイムゾーン付きの日時で指定してください（2026-12-01T08:00:00+07:00）。',
  'post.status_invalid': 'ステータスは公開、非公開、下書き、承認待ちのいずれかにしてください。',
  'post.bulk_ids_required': '投稿を 1 件以上選択してください。',
  'post.bulk_status_required': '新しいステータスを選択してください。',
  'post.stale':
    'この投稿は、あなたが開いた後に別の人が保存しました。再読み込みして変更を確認するか、もう一度保存して上書きしてください。',
  'post.primary_not_chosen': 'メインカテゴリーは選択したカテゴリーの中から選んでください。',
  'post.category_other_type': 'このカテゴリーは別の投稿タイプに属しています。',
  'post.group_other_type': 'このグループは別の投稿タイプに属しています。',
  'post.trademark_invalid': 'この投稿タイプのブランドを選択してください。',
  'post.related_self': '投稿を自分自身に関連付けることはできません。',
  'post.product_only': '商品タイプの投稿だけが商品情報を持てます。',
  'post.course_only': 'コースタイプの投稿だけがコース情報を持てます。',
  'post.type_invalid': '既存の投稿タイプを選択してください。',
  'post.field_unknown': 'この投稿タイプにはこのキーのデータ項目がありません。',
  'post.discount_invalid': '既存の割引を選択してください。',
};
