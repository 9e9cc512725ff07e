import { folded } from './text-index.ts';

/**
 * The key a text value is sorted by (results sorted on a column, list facets of equal counts): as
 * people order words, not by code unit. Case and accents do not count ('apple', 'Banana', 'Éclair',
 * 'école', 'zebra'; was: 'Banana', 'apple', 'zebra', 'Éclair', 'école'), and a run of digits counts
 * as its number ('9 items' before '10 items', 'A2' before 'A10'): each run is written after its
 * length. Values with equal keys are ordered by their text (code units), so the order is total.
 * The keys are compared by code unit (COLLATE "C"), so PGlite and PostgreSQL sort alike, whatever
 * the database's collation.
 */
export function textSortKey(text: string): string {
  return folded(text).replace(
    /\d+/g,
    (digits) => `${String(Math.min(digits.length, 9999)).padStart(4, '0')}${digits}`,
  );
}
