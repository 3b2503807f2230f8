/** API messages of comments and ratings. */
export const en = {
  'comment.message_required': 'Please enter the message!',
  'comment.message_too_long': 'The message must be at most 5,000 characters long.',
  'comment.parent_other_post': 'A reply must be on the same post as the comment it answers.',
  'comment.comments_off': 'Comments are switched off for posts of this type.',
  'rating.ratings_off': 'Ratings are switched off for posts of this type.',
  'rating.score_range': 'The score must be a whole number from 1 to 5.',
  'rating.author_required': 'Please choose a user or enter the name of the unregistered user!',
  'rating.author_or_user': 'A rating has either a user or an unregistered user name, not both.',
};

export type CommentsMessageKey = keyof typeof en;

export const vi: Record<CommentsMessageKey, string> = {
  'comment.message_required': 'Vui lòng nhập nội dung bình luận!',
  'comment.message_too_long': 'Nội dung bình luận không được dài quá 5.000 ký tự.',
  'comment.parent_other_post': 'Câu trả lời phải thuộc cùng bài viết với bình luận được trả lời.',
  'comment.comments_off': 'Loại bài viết này đã tắt bình luận.',
  'rating.ratings_off': 'Loại bài viết này đã tắt đánh giá.',
  'rating.score_range': 'Điểm đánh giá phải là số nguyên từ 1 đến 5.',
  'rating.author_required': 'Vui lòng chọn người dùng hoặc nhập tên người chưa đăng ký!',
  'rating.author_or_user':
    'Một đánh giá chỉ có người dùng hoặc tên người chưa đăng ký, không có cả hai.',
};

export const ja: Record<CommentsMessageKey, string> = {
  'comment.message_required': 'コメントの内容を入力してください！',
  'comment.message_too_long': 'コメントは5,000文字以内で入力してください。',
  'comment.parent_other_post': '返信は返信先のコメントと同じ投稿に付ける必要があります。',
  'comment.comments_off': 'この種類の投稿ではコメントが無効になっています。',
  'rating.ratings_off': 'この種類の投稿では評価が無効になっています。',
  'rating.score_range': '評価は1から5までの整数で指定してください。',
  'rating.author_required': 'ユーザーを選ぶか、未登録ユーザーの名前を入力してください！',
  'rating.author_or_user': '評価にはユーザーか未登録ユーザーの名前のどちらか一方だけを指定します。',
};
