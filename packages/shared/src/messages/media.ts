/** API messages of the media library. */
export const en = {
  'media.file_required': 'Please choose a file to upload.',
  'media.unsupported_type': 'This type of file is not accepted.',
  'media.too_large': 'The file is too large. The limit is {{limit}}.',
  'media.image_too_big': 'The image you choose is too big!',
  'media.unreadable_image': 'The image cannot be read.',
  'media.svg_refused': 'This SVG file cannot be accepted.',
  'media.name_required': 'Please enter a name.',
  'media.type_filter': 'Unknown media type filter.',
  'media.area': 'An area is made of lowercase letters, digits, - and _.',
  'media.too_many_files': 'Too many files in one upload.',
  'media.avatar_not_media': 'Please choose an image from the media library as the avatar.',
};

export type MediaMessageKey = keyof typeof en;

export const vi: Record<MediaMessageKey, string> = {
  'media.file_required': 'Vui lòng chọn tệp để tải lên.',
  'media.unsupported_type': 'Loại tệp này không được chấp nhận.',
  'media.too_large': 'Tệp quá lớn. Giới hạn là {{limit}}.',
  'media.image_too_big': 'Hình ảnh bạn chọn quá lớn!',
  'media.unreadable_image': 'Không đọc được hình ảnh.',
  'media.svg_refused': 'Không thể chấp nhận tệp SVG này.',
  'media.name_required': 'Vui lòng nhập tên.',
  'media.type_filter': 'Bộ lọc loại tệp không hợp lệ.',
  'media.area': 'Khu vực chỉ gồm chữ thường, chữ số, - và _.',
  'media.too_many_files': 'Quá nhiều tệp trong một lần tải lên.',
  'media.avatar_not_media': 'Vui lòng chọn một hình ảnh trong thư viện media làm ảnh đại diện.',
};

export const ja: Record<MediaMessageKey, string> = {
  'media.file_required': 'アップロードするファイルを選択してください。',
  'media.unsupported_type': 'この種類のファイルは受け付けていません。',
  'media.too_large': 'ファイルが大きすぎます。上限は {{limit}} です。',
  'media.image_too_big': '選択した画像が大きすぎます！',
  'media.unreadable_image': '画像を読み込めません。',
  'media.svg_refused': 'この SVG ファイルは受け付けられません。',
  'media.name_required': '名前を入力してください。',
  'media.type_filter': '不明なメディア種別フィルターです。',
  'media.area': 'エリアには小文字、数字、- と _ のみ使用できます。',
  'media.too_many_files': '一度にアップロードできるファイル数を超えています。',
  'media.avatar_not_media': 'アバターにはメディアライブラリの画像を選択してください。',
};
