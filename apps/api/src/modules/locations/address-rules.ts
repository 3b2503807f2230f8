import { invalid } from '../../core/errors';
import { addressBook } from './address-book';

type Place = { province_code?: string | null; ward_code?: string | null };

/**
 * The address rule of every record with a place: the province and the ward exist, and the
 * ward lies in the province. `values` are the fields being written, `current` the stored row
 * (an update may change one of the two); the 422 names the field at fault.
 */
export const checkPlace = (values: Place, current?: Place) => {
  const book = addressBook();
  const provinceCode = values.province_code ?? current?.province_code ?? null;
  const wardCode = values.ward_code ?? current?.ward_code ?? null;
  const province = provinceCode === null ? undefined : book.province(provinceCode);
  const ward = wardCode === null ? undefined : book.ward(wardCode);
  const errors: Record<string, string> = {};
  if (provinceCode !== null && !province) errors.province_code = 'address.province_unknown';
  if (wardCode !== null && !ward) errors.ward_code = 'address.ward_unknown';
  else if (ward && province && ward.province_code !== province.code)
    errors.ward_code = 'address.ward_not_in_province';
  if (Object.keys(errors).length > 0) throw invalid(errors);
};

/**
 * The names that go with a record's codes (null for no code, or for a code the current data no
 * longer knows).
 */
export const placeNames = (place: { province_code: string | null; ward_code: string | null }) => {
  const book = addressBook();
  return {
    province_name: place.province_code ? (book.province(place.province_code)?.name ?? null) : null,
    ward_name: place.ward_code ? (book.ward(place.ward_code)?.name ?? null) : null,
  };
};
