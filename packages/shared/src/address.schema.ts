import { z } from 'zod';
import { optionalText, requiredText } from './schema-kit';

/**
 * Vietnamese addresses as they are since 1 July 2025: 34 provinces, each made of wards
 * (districts were abolished). A record names its province and ward by their official codes;
 * the old district may still be kept as free text.
 */
export const PROVINCE_CODE = /^\d{2}$/;
export const WARD_CODE = /^\d{5}$/;

/** A province's two-digit code (`79`); whether it exists is the server's check. */
export const provinceCode = () =>
  requiredText({
    max: 2,
    required: 'address.province_required',
    tooLong: 'address.province_unknown',
  }).regex(PROVINCE_CODE, { error: 'address.province_unknown' });

/** A ward's five-digit code (`26743`); that it exists and lies in the province is the server's check. */
export const wardCode = () =>
  requiredText({
    max: 5,
    required: 'address.ward_required',
    tooLong: 'address.ward_unknown',
  }).regex(WARD_CODE, {
    error: 'address.ward_unknown',
  });

/** The address of a record with a place (warehouse, supplier). The district is optional on purpose: it no longer exists. */
export const addressFields = {
  province_code: provinceCode(),
  ward_code: wardCode(),
  district: optionalText(100),
  address: requiredText({ max: 500, required: 'address.address_required' }),
};

/** The address as answered: the codes with their names, so a list shows them without loading the units. */
export const addressRecordFields = {
  province_code: z.string(),
  province_name: z.string().nullable(),
  ward_code: z.string(),
  ward_name: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string(),
};

export const provinceSchema = z.object({ code: z.string(), name: z.string() });
export const wardSchema = z.object({
  code: z.string(),
  name: z.string(),
  province_code: z.string(),
});

/** `GET /locations/wards`: the wards of one province, optionally those whose folded name holds every word of `search`. */
export const wardsQuerySchema = z.strictObject({
  province_code: provinceCode(),
  search: optionalText(100),
});

/** `GET /locations/convert`: an address written before 1 July 2025 (province, district, ward), names as people write them. */
export const convertQuerySchema = z.strictObject({
  province: requiredText({ max: 100, required: 'address.old_province_required' }),
  district: optionalText(100),
  ward: requiredText({ max: 100, required: 'address.old_ward_required' }),
});

/** One new unit an old ward became (an old ward split between wards gives several). */
export const conversionSchema = z.object({
  old_province: z.string(),
  old_district: z.string(),
  old_ward: z.string(),
  province_code: z.string(),
  province_name: z.string(),
  ward_code: z.string(),
  ward_name: z.string(),
});

export type Province = z.infer<typeof provinceSchema>;
export type Ward = z.infer<typeof wardSchema>;
export type WardsQuery = z.infer<typeof wardsQuerySchema>;
export type ConvertQuery = z.infer<typeof convertQuerySchema>;
export type Conversion = z.infer<typeof conversionSchema>;
