/** API messages of Vietnamese addresses (provinces and wards since 1 July 2025), shared by every record with an address. */
export const en = {
  'address.province_required': 'Please choose the province!',
  'address.province_unknown': 'This province does not exist.',
  'address.ward_required': 'Please choose the ward!',
  'address.ward_unknown': 'This ward does not exist.',
  'address.ward_not_in_province': 'This ward is not in the chosen province.',
  'address.address_required': 'Please enter the address!',
  'address.old_province_required': 'Please enter the province of the old address!',
  'address.old_ward_required': 'Please enter the ward of the old address!',
};

export type AddressMessageKey = keyof typeof en;

export const vi: Record<AddressMessageKey, string> = {
  'address.province_required': 'Vui lòng chọn tỉnh/thành phố!',
  'address.province_unknown': 'Tỉnh/thành phố này không tồn tại.',
  'address.ward_required': 'Vui lòng chọn phường/xã!',
  'address.ward_unknown': 'Phường/xã này không tồn tại.',
  'address.ward_not_in_province': 'Phường/xã này không thuộc tỉnh/thành phố đã chọn.',
  'address.address_required': 'Vui lòng nhập địa chỉ!',
  'address.old_province_required': 'Vui lòng nhập tỉnh/thành phố của địa chỉ cũ!',
  'address.old_ward_required': 'Vui lòng nhập phường/xã của địa chỉ cũ!',
};

export const ja: Record<AddressMessageKey, string> = {
  'address.province_required': '省・中央直轄市を選択してください！',
  'address.province_unknown': 'この省・中央直轄市は存在しません。',
  'address.ward_required': '坊・社を選択してください！',
  'address.ward_unknown': 'この坊・社は存在しません。',
  'address.ward_not_in_province': 'この坊・社は選択した省・中央直轄市にありません。',
  'address.address_required': '住所を入力してください！',
  'address.old_province_required': '旧住所の省・中央直轄市を入力してください！',
  'address.old_ward_required': '旧住所の坊・社を入力してください！',
};
