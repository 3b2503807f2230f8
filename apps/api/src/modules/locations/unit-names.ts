import { foldSearch } from '@backoffice/shared/search-fold';

/**
 * How an administrative unit's name is compared with what someone typed. People write the
 * same unit many ways: with or without its kind ("Quận 1", "Q.1", "1"), with or without
 * marks ("Bến Nghé", "Ben Nghe"), with old or new tone placement ("Thuỷ", "Thủy"), with
 * leading zeros ("Phường 05"). A name gives two keys without its kind: `exact` keeps the
 * marks (so "Hương Văn" and "Hương Vân" stay apart when typed with them; the tone mark's place
 * within the word does not count) and `folded` drops
 * them; `foldedFull` keeps the kind, for names that start like a kind ("Xã Xa Dung").
 */
export type NameKeys = { exact: string; folded: string; foldedFull: string };

// Longest first, so "thi xa" is taken before "thi".
const KINDS = [
  'thanh pho',
  'thi tran',
  'thi xa',
  'dac khu',
  'tinh',
  'quan',
  'huyen',
  'phuong',
  'xa',
  'tp',
  'tx',
  'tt',
  'q',
  'h',
  'p',
].map((kind) => kind.split(' '));

// The five tone marks; the vowel marks (ă â ê ô ơ ư) are kept where they are.
const TONES = /[\u0300\u0301\u0303\u0309\u0323]/g;

/** A word with its tone mark moved to its end, so "thuỷ" and "thủy" (old and new placement) are one word. */
const canonicalTone = (word: string) => {
  const decomposed = word.normalize('NFD');
  const tones = decomposed.match(TONES) ?? [];
  return decomposed.replace(TONES, '') + tones.join('');
};

const words = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[.,\-–—_/()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^\d+$/.test(word) ? String(Number(word)) : word));

const kindLength = (folded: readonly string[]) => {
  for (const kind of KINDS)
    if (kind.length < folded.length && kind.every((word, index) => folded[index] === word))
      return kind.length;
  return 0;
};

export const nameKeys = (
  text: string,
  aliases: ReadonlyMap<string, string> = new Map(),
): NameKeys => {
  const written = words(text);
  const folded = written.map(foldSearch);
  const cut = kindLength(folded);
  const foldedName = folded.slice(cut).join(' ');
  return {
    exact: written.slice(cut).map(canonicalTone).join(' '),
    folded: aliases.get(foldedName) ?? foldedName,
    foldedFull: folded.join(' '),
  };
};

/** Names people still write for a few provinces (folded, without the kind): the two largest cities, Huế's old name. */
export const PROVINCE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['hcm', 'ho chi minh'],
  ['tphcm', 'ho chi minh'],
  ['sai gon', 'ho chi minh'],
  ['hn', 'ha noi'],
  ['tphn', 'ha noi'],
  ['thua thien hue', 'hue'],
]);

/**
 * The candidates a typed name means: those equal with their marks when there are any,
 * else those equal once folded (several when only marks told them apart).
 */
export const matchNames = <T>(typed: NameKeys, candidates: Iterable<[T, NameKeys]>): Set<T> => {
  const exact = new Set<T>();
  const folded = new Set<T>();
  for (const [candidate, keys] of candidates) {
    if (keys.exact === typed.exact) exact.add(candidate);
    if (keys.folded === typed.folded || keys.folded === typed.foldedFull) folded.add(candidate);
  }
  return exact.size > 0 ? exact : folded;
};
