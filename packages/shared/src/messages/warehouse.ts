/** API messages of the warehouse area: warehouses, suppliers, slips and stock (English first; Vietnamese and Japanese must have its keys). */
export const en = {
  'contact.email_invalid': 'Invalid email format!',
  'warehouse.in_use':
    'This warehouse has import or export slips, so it cannot be deleted: its stock history stays.',
  'supplier.in_use':
    'This supplier is on import slips, so it cannot be deleted: the slips keep naming it.',
  'slip.style_required': 'Please choose the slip type!',
  'slip.warehouse_required': 'Please choose the warehouse!',
  'slip.products_required': 'Please add at least one product or choose an order!',
  'slip.product_required': 'Please choose the product!',
  'slip.product_missing': 'This product does not exist.',
  'slip.price_invalid': 'The price must be a whole number of dong, 0 or more.',
  'slip.number_min': 'The number must be greater than 0!',
  'slip.amount_too_large': 'This amount is too large.',
  'slip.total_too_large':
    "This export would take the product's revenue or cost in this warehouse past the largest amount kept.",
  'slip.supplier_missing': 'This supplier does not exist.',
  'slip.order_missing': 'This order does not exist.',
  'slip.order_has_slip': 'This order already has an export slip.',
  'slip.not_enough_stock': 'Not enough in stock for this export: {{count}} left.',
  'slip.order_canceled': 'This order is canceled: nothing of it leaves the warehouse.',
  'slip.already_canceled': 'This slip is already canceled.',
  'slip.units_left':
    'This import cannot be canceled: some of its units have already left the warehouse.',
  // a slip's note the app writes, in the language of who made the slip
  'slip.note_order': 'Order {{code}}',
  'slip.note_stock_count': 'Stock count (imported from a file)',
};

export type WarehouseMessageKey = keyof typeof en;

export const vi: Record<WarehouseMessageKey, string> = {
  'contact.email_invalid': 'Định dạng email không hợp lệ!',
  'warehouse.in_use':
    'Kho này đã có phiếu nhập hoặc xuất nên không thể xóa: lịch sử tồn kho của nó được giữ lại.',
  'supplier.in_use':
    'Nhà cung cấp này có trong phiếu nhập kho nên không thể xóa: các phiếu vẫn ghi tên họ.',
  'slip.style_required': 'Vui lòng chọn loại phiếu!',
  'slip.warehouse_required': 'Vui lòng chọn kho!',
  'slip.products_required': 'Vui lòng thêm ít nhất một sản phẩm hoặc chọn đơn hàng!',
  'slip.product_required': 'Vui lòng chọn sản phẩm!',
  'slip.product_missing': 'Sản phẩm này không tồn tại.',
  'slip.price_invalid': 'Giá phải là số đồng nguyên, từ 0 trở lên.',
  'slip.number_min': 'Số lượng phải lớn hơn 0!',
  'slip.amount_too_large': 'Số tiền này quá lớn.',
  'slip.total_too_large':
    'Phiếu xuất này sẽ làm doanh thu hoặc giá vốn của sản phẩm ở kho này vượt quá số tiền lớn nhất được lưu.',
  'slip.supplier_missing': 'Nhà cung cấp này không tồn tại.',
  'slip.order_missing': 'Đơn hàng này không tồn tại.',
  'slip.order_has_slip': 'Đơn hàng này đã có phiếu xuất kho.',
  'slip.not_enough_stock': 'Không đủ hàng trong kho để xuất: chỉ còn {{count}}.',
  'slip.order_canceled': 'Đơn hàng này đã hủy nên không thể xuất kho.',
  'slip.already_canceled': 'Phiếu này đã bị hủy.',
  'slip.units_left': 'Không thể hủy phiếu nhập này: một phần hàng đã được xuất khỏi kho.',
  'slip.note_order': 'Đơn hàng {{code}}',
  'slip.note_stock_count': 'Kiểm kho (nhập từ file)',
};

export const ja: Record<WarehouseMessageKey, string> = {
  'contact.email_invalid': 'メールアドレスの形式が正しくありません！',
  'warehouse.in_use': 'この倉庫には入庫・出庫伝票があるため削除できません。在庫の履歴は残ります。',
  'supplier.in_use':
    'この仕入先は入庫伝票に記載されているため削除できません。伝票は仕入先を記録し続けます。',
  'slip.style_required': '伝票の種類を選択してください！',
  'slip.warehouse_required': '倉庫を選択してください！',
  'slip.products_required': '商品を1つ以上追加するか、注文を選択してください！',
  'slip.product_required': '商品を選択してください！',
  'slip.product_missing': 'この商品は存在しません。',
  'slip.price_invalid': '価格は0以上の整数（ドン）で入力してください。',
  'slip.number_min': '数量は0より大きくしてください！',
  'slip.amount_too_large': 'この金額は大きすぎます。',
  'slip.total_too_large':
    'この出庫により、この倉庫での商品の売上または原価が記録できる上限を超えます。',
  'slip.supplier_missing': 'この仕入先は存在しません。',
  'slip.order_missing': 'この注文は存在しません。',
  'slip.order_has_slip': 'この注文にはすでに出庫伝票があります。',
  'slip.not_enough_stock': '在庫が不足しているため出庫できません（残り{{count}}）。',
  'slip.order_canceled': 'この注文は取り消されているため出庫できません。',
  'slip.already_canceled': 'この伝票はすでに取り消されています。',
  'slip.units_left': 'この入庫伝票は取り消せません：一部の商品がすでに出庫されています。',
  'slip.note_order': '注文 {{code}}',
  'slip.note_stock_count': '棚卸し（ファイルから取り込み）',
};
