/** API messages of the commerce area: discounts and orders. */
export const en = {
  'discount.title_required': 'Please enter the title!',
  'discount.start_required': 'Please choose the start time!',
  'discount.end_required': 'Please choose the end time!',
  'discount.time_invalid': 'This time is not valid.',
  'discount.start_after_now': 'The start time must be after the current time!',
  'discount.end_after_start': 'The end time must be after the start time!',
  'discount.config_required': 'Please add at least one discount tier!',
  'discount.quantity_required': 'Please enter the quantity!',
  'discount.quantity_min': 'The quantity must be at least 1.',
  'discount.quantity_distinct': 'The quantities of the tiers must be different!',
  'discount.value_required': 'Please enter the discount!',
  'discount.value_min': 'The discount cannot be negative.',
  'discount.type_required': 'Please choose the kind of discount!',
  'discount.percent_range': 'A percent discount is from 0 to 100, with at most two decimals.',
  'discount.money_whole': 'A money discount is a whole number of dong.',
  'discount.in_use':
    'This discount is still applied to {{count}} products or courses. Remove it from them first, or disable it instead.',
  'order.name_required': 'Please enter the customer name!',
  'order.phone_required': 'Please enter the phone number!',
  'order.phone_invalid': 'Invalid phone number!',
  'order.address_required': 'Please enter the address!',
  'order.products_required': 'Please choose at least one product!',
  'order.product_required': 'Please choose the product!',
  'order.quantity_min': 'The quantity must be greater than 0!',
  'order.product_missing': 'This product does not exist.',
  'order.product_twice': 'This product is already in the order.',
  'order.fee_invalid': 'The fee must be a whole number of dong, 0 or more.',
  'order.amount_too_large': 'This amount is too large.',
  'order.status_move':
    'An order moves one step forward (new, processing, delivery, delivered), or is canceled while it is new or processing.',
  'order.not_editable': 'Only a new or processing order can change its products, fee or customer.',
  'order.warehouse_only_delivery':
    'A warehouse can be given only with the move from processing to delivery (its export slip).',
  'order.warehouse_missing': 'This warehouse does not exist.',
  'order.status_on_create': 'A new order starts as New or Processing.',
  'order.missing': 'This order does not exist.',
  'order.shipped_not_deleted':
    'This order has left the warehouse (it is in delivery, delivered or has an export slip): it cannot be deleted.',
  'order.idempotency_key_invalid':
    'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  'order.idempotency_key_reused': 'This Idempotency-Key was already used for a different order.',
  'order.idempotency_in_flight':
    'An order with this Idempotency-Key is still being saved. Please wait a moment.',
};

export type CommerceMessageKey = keyof typeof en;

export const vi: Record<CommerceMessageKey, string> = {
  'discount.title_required': 'Vui lòng nhập tiêu đề!',
  'discount.start_required': 'Vui lòng chọn thời gian bắt đầu!',
  'discount.end_required': 'Vui lòng chọn thời gian kết thúc!',
  'discount.time_invalid': 'Thời gian này không hợp lệ.',
  'discount.start_after_now': 'Thời gian bắt đầu phải sau thời điểm hiện tại!',
  'discount.end_after_start': 'Thời gian kết thúc phải sau thời gian bắt đầu!',
  'discount.config_required': 'Vui lòng thêm ít nhất một mức chiết khấu!',
  'discount.quantity_required': 'Vui lòng nhập số lượng!',
  'discount.quantity_min': 'Số lượng phải từ 1 trở lên.',
  'discount.quantity_distinct': 'Số lượng của các mức chiết khấu phải khác nhau!',
  'discount.value_required': 'Vui lòng nhập mức giảm!',
  'discount.value_min': 'Mức giảm không được âm.',
  'discount.type_required': 'Vui lòng chọn loại giảm giá!',
  'discount.percent_range': 'Giảm theo phần trăm từ 0 đến 100, tối đa hai chữ số thập phân.',
  'discount.money_whole': 'Giảm theo tiền phải là số đồng nguyên.',
  'discount.in_use':
    'Chiết khấu này vẫn đang được áp dụng cho {{count}} sản phẩm hoặc khóa học. Hãy bỏ chiết khấu khỏi chúng trước, hoặc chuyển sang chưa kích hoạt.',
  'order.name_required': 'Vui lòng nhập tên khách hàng!',
  'order.phone_required': 'Vui lòng nhập số điện thoại!',
  'order.phone_invalid': 'Số điện thoại không hợp lệ!',
  'order.address_required': 'Vui lòng nhập địa chỉ!',
  'order.products_required': 'Vui lòng chọn ít nhất một sản phẩm!',
  'order.product_required': 'Vui lòng chọn sản phẩm!',
  'order.quantity_min': 'Số lượng phải lớn hơn 0!',
  'order.product_missing': 'Sản phẩm này không tồn tại.',
  'order.product_twice': 'Sản phẩm này đã có trong đơn hàng.',
  'order.fee_invalid': 'Phí phải là số đồng nguyên, từ 0 trở lên.',
  'order.amount_too_large': 'Số tiền này quá lớn.',
  'order.status_move':
    'Đơn hàng chỉ chuyển tiếp từng bước (mới, đang xử lý, đang giao, đã giao), hoặc bị hủy khi còn mới hay đang xử lý.',
  'order.not_editable':
    'Chỉ đơn hàng mới hoặc đang xử lý mới được thay đổi sản phẩm, phí hay thông tin khách hàng.',
  'order.warehouse_only_delivery':
    'Chỉ được chọn kho khi chuyển đơn hàng từ đang xử lý sang đang giao (để lập phiếu xuất kho).',
  'order.warehouse_missing': 'Kho này không tồn tại.',
  'order.status_on_create': 'Đơn hàng mới chỉ được tạo ở trạng thái Mới hoặc Đang xử lý.',
  'order.missing': 'Đơn hàng này không tồn tại.',
  'order.shipped_not_deleted':
    'Đơn hàng này đã xuất kho (đang giao, đã giao hoặc đã có phiếu xuất) nên không thể xóa.',
  'order.idempotency_key_invalid':
    'Header Idempotency-Key phải gồm 1 đến 200 ký tự ASCII nhìn thấy được.',
  'order.idempotency_key_reused': 'Idempotency-Key này đã được dùng cho một đơn hàng khác.',
  'order.idempotency_in_flight':
    'Đơn hàng với Idempotency-Key này vẫn đang được lưu. Vui lòng chờ trong giây lát.',
};

export const ja: Record<CommerceMessageKey, string> = {
  'discount.title_required': 'タイトルを入力してください。',
  'discount.start_required': '開始日時を選択してください。',
  'discount.end_required': '終了日時を選択してください。',
  'discount.time_invalid': 'この日時は正しくありません。',
  'discount.start_after_now': '開始日時は現在より後にしてください。',
  'discount.end_after_start': '終了日時は開始日時より後にしてください。',
  'discount.config_required': '割引段階を1つ以上追加してください。',
  'discount.quantity_required': '数量を入力してください。',
  'discount.quantity_min': '数量は1以上にしてください。',
  'discount.quantity_distinct': '各段階の数量は異なる値にしてください。',
  'discount.value_required': '割引額を入力してください。',
  'discount.value_min': '割引額を負の値にすることはできません。',
  'discount.type_required': '割引の種類を選択してください。',
  'discount.percent_range': '割合の割引は0〜100で、小数は2桁までです。',
  'discount.money_whole': '金額の割引はドンの整数で入力してください。',
  'discount.in_use':
    'この割引はまだ {{count}} 件の商品またはコースに適用されています。先にそれらから外すか、無効にしてください。',
  'order.name_required': '顧客名を入力してください。',
  'order.phone_required': '電話番号を入力してください。',
  'order.phone_invalid': '電話番号が正しくありません。',
  'order.address_required': '住所を入力してください。',
  'order.products_required': '商品を1つ以上選択してください。',
  'order.product_required': '商品を選択してください。',
  'order.quantity_min': '数量は0より大きくしてください。',
  'order.product_missing': 'この商品は存在しません。',
  'order.product_twice': 'この商品はすでに注文に含まれています。',
  'order.fee_invalid': '手数料は0以上のドンの整数にしてください。',
  'order.amount_too_large': 'この金額は大きすぎます。',
  'order.status_move':
    '注文は一段階ずつ進みます（新規、処理中、配送中、配達済み）。キャンセルできるのは新規または処理中の間だけです。',
  'order.not_editable': '商品・手数料・顧客情報を変更できるのは、新規または処理中の注文だけです。',
  'order.warehouse_only_delivery':
    '倉庫を指定できるのは、注文を処理中から配送中に進めるとき（出庫伝票の作成）だけです。',
  'order.warehouse_missing': 'この倉庫は存在しません。',
  'order.status_on_create': '新しい注文は「新規」または「処理中」でのみ作成できます。',
  'order.missing': 'この注文は存在しません。',
  'order.shipped_not_deleted':
    'この注文はすでに出庫されている（配送中・配達済み、または出庫伝票あり）ため削除できません。',
  'order.idempotency_key_invalid':
    'Idempotency-Key ヘッダーは1〜200文字の表示可能なASCII文字にしてください。',
  'order.idempotency_key_reused': 'この Idempotency-Key は別の注文ですでに使われています。',
  'order.idempotency_in_flight':
    'この Idempotency-Key の注文はまだ保存中です。しばらくお待ちください。',
};
