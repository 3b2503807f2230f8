import { optionalText, requiredText } from './schema-kit';

/**
 * Where a link or a picture points, one rule for every such field: an http(s) address with
 * a host, a path of the site (`/gioi-thieu`; never `//host`, which leaves the site, nor a
 * backslash, which browsers read as `/`), or an anchor (`#lien-he`). Anything else
 * (`javascript:`, `data:`, `vbscript:`) would run or render on the website, whatever the case
 * of its letters; control characters and spaces never reach here (text refuses the first,
 * the pattern the second).
 */
const ADDRESS = /^(https?:\/\/[^\s\\/?#][^\s\\]*|\/(?![/\\])[^\s\\]*|#[^\s\\]*)$/i;

export const isSafeAddress = (value: string) => ADDRESS.test(value);

/** The mark every address field carries, so a test can find them all (and the API says so). */
export const ADDRESS_META = { format: 'uri-reference' } as const;

/** An optional address; `null` or "" clear it. */
export const optionalAddress = (invalid = 'validation.address', max = 2000) =>
  optionalText(max)
    .refine((value) => !value || isSafeAddress(value), { error: invalid })
    .meta(ADDRESS_META);

/** A required address. */
export const requiredAddress = ({
  required,
  invalid = 'validation.address',
  max = 2000,
}: {
  required: string;
  invalid?: string;
  max?: number;
}) =>
  requiredText({ max, required })
    .refine(isSafeAddress, { error: invalid })
    .meta({ minLength: 1, maxLength: max, ...ADDRESS_META });
