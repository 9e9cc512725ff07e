import type { ColumnType } from '@siteseer/core';
import {
  hasImagePath,
  parseBoolean,
  parseExactNumber,
  parseHttpUrl,
  parseInteger,
  parseIsoDate,
} from './cell-values.ts';

export interface ColumnProfile {
  type: ColumnType;
  /** Non-empty cells. */
  filled: number;
  /** Distinct non-empty values, counted up to `distinctCap` + 1 (past that only "more" matters). */
  distinct: number;
}

/**
 * Infers a column's type from its non-empty values: the first of boolean, integer, half_float
 * (numbers, some not written as whole numbers), date (every value an ISO date), image (every value an image URL), hyperlink (every
 * value an http(s) URL) that fits every value; otherwise keyword. An empty column is keyword.
 * '12.0' is half_float: a column is integer only if every value is written as a whole number.
 */
export function profileColumn(values: Iterable<string | null>, distinctCap: number): ColumnProfile {
  let filled = 0;
  let boolean = true;
  let integer = true;
  let number = true;
  let image = true;
  let url = true;
  let date = true;
  const seen = new Set<string>();
  for (const value of values) {
    if (value === null) continue;
    filled++;
    if (seen.size <= distinctCap) seen.add(value);
    if (boolean && parseBoolean(value) === null) boolean = false;
    if (integer && parseInteger(value) === null) integer = false;
    // A number rounded to fit (a 19-digit id) is not one: shown and searched rounded, it is lost.
    if (number && !integer && parseExactNumber(value) === null) number = false;
    if (date && parseIsoDate(value) === null) date = false;
    if (url) {
      const parsed = parseHttpUrl(value);
      if (parsed === null) url = image = false;
      else if (image && !hasImagePath(parsed)) image = false;
    }
  }
  const type: ColumnType =
    filled === 0
      ? 'keyword'
      : boolean
        ? 'boolean'
        : integer
          ? 'integer'
          : number
            ? 'half_float'
            : date
              ? 'date'
              : image
                ? 'image'
                : url
                  ? 'hyperlink'
                  : 'keyword';
  return { type, filled, distinct: seen.size };
}
