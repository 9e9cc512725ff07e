import type { CellValue } from '@siteseer/core';
import { parseIsoDate } from './parse/cell-values.ts';

/**
 * One column of an engine's rows, dictionary-coded: each distinct value gets a code, codes follow
 * the values' order (`columnCodes`: jsonb's order of types, text as people sort it), and rows without the value (`data -> col IS NULL`) get
 * `missing`, the last code, as NULLS LAST puts them. Counting, filtering and sorting then work on
 * small integers, with the same results as the SQL they replace.
 */
export class ColumnCodes {
  /** Values by code (`data -> col`). */
  readonly values: CellValue[];
  /** Text by code (`data ->> col`), null for a JSON null. */
  readonly texts: (string | null)[];
  /**
   * Number by code when the value is a JSON number (`jsonb_typeof = 'number'`), or an ISO date as
   * milliseconds since 1970 UTC (how a Date column's range filter and histogram read it), else NaN.
   * Only range filters read these, and only numeric and date columns have one.
   */
  readonly numbers: Float64Array;
  /** Code of each row, by row position. */
  readonly rows: Uint32Array;
  readonly missing: number;

  constructor(values: CellValue[], texts: (string | null)[], rows: Uint32Array) {
    this.values = values;
    this.texts = texts;
    this.rows = rows;
    this.missing = values.length;
    this.numbers = Float64Array.from(values, (v) =>
      typeof v === 'number' ? v : typeof v === 'string' ? (parseIsoDate(v) ?? Number.NaN) : Number.NaN,
    );
  }

  get bytes(): number {
    return this.rows.byteLength + this.numbers.byteLength + this.values.length * 96;
  }

  /** Codes selected by `data ->> col = ANY(texts)`, plus `missing` when '' (no value) is asked for. */
  selectTexts(selected: readonly string[]): Uint8Array {
    const wanted = new Set(selected.filter((v) => v !== ''));
    const mask = new Uint8Array(this.missing + 1);
    this.texts.forEach((text, code) => {
      if (text !== null && wanted.has(text)) mask[code] = 1;
    });
    if (selected.includes('')) mask[this.missing] = 1;
    return mask;
  }

  /** Codes selected by a numeric range (inclusive bounds; only JSON numbers are in any range). */
  selectRange(min: number | undefined, max: number | undefined): Uint8Array {
    const mask = new Uint8Array(this.missing + 1);
    this.numbers.forEach((n, code) => {
      if (!Number.isNaN(n) && (min === undefined || n >= min) && (max === undefined || n <= max))
        mask[code] = 1;
    });
    return mask;
  }
}
