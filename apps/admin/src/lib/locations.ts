import type { Province, Ward } from '@backoffice/shared/address.schema';
import { apiRequest, type ListResponse } from './api-client';
import type { OptionsSource } from './options';

/**
 * Provinces and wards since 1 July 2025, read from the API a slice at a time (the 34
 * provinces; the wards of one province, at most a few hundred): the address data itself
 * never comes to the browser. Choices are searched here with Vietnamese folding.
 */
export const provincesSource: OptionsSource = {
  key: ['/locations/provinces'],
  load: (_search, signal) =>
    apiRequest<ListResponse<Province>>('/locations/provinces', { signal }).then((response) =>
      response.data.map((province) => ({ value: province.code, label: province.name })),
    ),
};

const noWards: OptionsSource = { key: ['/locations/wards', ''], load: async () => [] };

/** The wards of one province (none until a province is chosen). */
export const wardsSource = (provinceCode: string | null | undefined): OptionsSource =>
  provinceCode
    ? {
        key: ['/locations/wards', provinceCode],
        load: (_search, signal) =>
          apiRequest<ListResponse<Ward>>('/locations/wards', {
            query: { province_code: provinceCode },
            signal,
          }).then((response) =>
            response.data.map((ward) => ({ value: ward.code, label: ward.name })),
          ),
      }
    : noWards;

type Place = {
  address: string;
  ward_name?: string | null;
  ward_code?: string | null;
  district?: string | null;
  province_name?: string | null;
  province_code?: string | null;
};

/** An address on one line, the way it is written in Vietnam: street, ward, (old district), province. */
export const formatAddress = (place: Place): string =>
  [
    place.address,
    place.ward_name ?? place.ward_code,
    place.district,
    place.province_name ?? place.province_code,
  ]
    .filter(Boolean)
    .join(', ');
