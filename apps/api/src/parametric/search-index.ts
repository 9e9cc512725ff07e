import {
  type Facet,
  type FilterSelection,
  HISTOGRAM_BUCKETS_MAX,
  type Row,
  type SearchQuery,
} from '@siteseer/core';
import type { ColumnCodes } from './column-codes.ts';
import { type ActiveFilter, FACET_VALUES_MAX, type SearchStats } from './search-stats.ts';
import type { TextIndex } from './text-index.ts';

/** What the index answers for a query: the counts, and the page's rows, in order. */
export interface IndexAnswer extends SearchStats {
  rows: Row[];
}

export interface IndexQuery {
  /** The text's words, each the prefix of a word of a matching row (see `words`); empty for no text. */
  prefixes: readonly string[];
  filters: SearchQuery['filters'];
  sort: { column: string; direction: 'asc' | 'desc' } | undefined;
  offset: number;
  limit: number;
  /** False when the caller has the counts already (cached) and wants the page only. */
  facets?: boolean;
}

/** A selection as the index checks it: codes selected (a list), or numeric bounds (a range). */
type Selection = { codes: ColumnCodes } & ({ mask: Uint8Array } | { min: number; max: number });

/** The rows of one publish as the index holds them, in file order (position i is data row i + 1). */
export interface IndexedRows {
  /** Each row's `data` as JSON text (compact, and parsed only for a page). */
  json: string[];
  /** The columns whose words a text search finds a row by. */
  searchColumns: readonly string[];
}

/**
 * One publish of an engine, held in memory: its rows, the dictionary-coded columns that filters and
 * sorts read, and the rows' words. Counts, facets and the page of a search come out of one pass over
 * the matching rows (SQL needed a statement per facet over the table) and never touch the
 * database: the rows cannot change under it (a publish makes a new generation, so a new index).
 */
export class EngineIndex {
  readonly json: readonly string[];
  readonly searchColumns: readonly string[];
  readonly #columns: Map<string, ColumnCodes>;
  #text: TextIndex | undefined;
  /** Every row position, for a search without text. */
  readonly #all: Int32Array;

  constructor(rows: IndexedRows, columns: Map<string, ColumnCodes>, text?: TextIndex) {
    this.json = rows.json;
    this.searchColumns = rows.searchColumns;
    this.#all = Int32Array.from(rows.json, (_, i) => i);
    this.#columns = columns;
    this.#text = text;
  }

  get bytes(): number {
    let bytes = this.#all.byteLength + (this.#text?.bytes ?? 0);
    for (const text of this.json) bytes += text.length * 2 + 32;
    for (const codes of this.#columns.values()) bytes += codes.bytes;
    return bytes;
  }

  /** Whether it can answer a text search (its words are collected after it is made). */
  get hasText(): boolean {
    return this.#text !== undefined;
  }

  setText(text: TextIndex): void {
    this.#text = text;
  }

  columnBytes(id: string): number {
    return this.#columns.get(id)?.bytes ?? 0;
  }

  hasColumn(id: string): boolean {
    return this.#columns.has(id);
  }

  /** The columns it holds codes of (its filters', and those added for a sort). */
  get columnIds(): string[] {
    return [...this.#columns.keys()];
  }

  /** A column added after the build (see `buildColumn`): the rows are the same, so the index is too. */
  addColumn(id: string, codes: ColumnCodes): void {
    if (codes.rows.length !== this.json.length)
      throw new Error(`Column ${id} does not have the index's rows`);
    this.#columns.set(id, codes);
  }

  #codes(id: string): ColumnCodes {
    const codes = this.#columns.get(id);
    if (!codes) throw new Error(`Column ${id} is not in the search index`);
    return codes;
  }

  /** A selection as the index checks it ('' selects rows without a value); undefined when it selects nothing. */
  #selection(id: string, selection: FilterSelection): Selection | undefined {
    const codes = this.#codes(id);
    if ('values' in selection) {
      if (selection.values.length === 0) return undefined;
      return { codes, mask: codes.selectTexts(selection.values) };
    }
    if (selection.min === undefined && selection.max === undefined) return undefined;
    return {
      codes,
      min: selection.min ?? Number.NEGATIVE_INFINITY,
      max: selection.max ?? Number.POSITIVE_INFINITY,
    };
  }

  search(query: IndexQuery, filters: readonly ActiveFilter[], allowEmptyFilterValues: boolean): IndexAnswer {
    // The rows matching the text (all without text), then column by column over typed arrays: the
    // loops stay small and monomorphic.
    if (query.prefixes.length > 0 && !this.#text) throw new Error('The index has no words yet');
    const rows = query.prefixes.length > 0 && this.#text ? this.#text.match(query.prefixes) : this.#all;
    // Per row: how many selections it fails (0, 1, or 2 for "two or more"), and the last one failed.
    const failures = new Uint8Array(rows.length);
    const failedBy = new Int16Array(rows.length);
    filters.forEach((filter, k) => {
      const selection = query.filters[filter.id];
      const checked = selection && this.#selection(filter.id, selection);
      if (!checked) return;
      const codes = checked.codes.rows;
      if ('mask' in checked) {
        const mask = checked.mask;
        for (let i = 0; i < rows.length; i++) {
          if (mask[codes[rows[i] as number] as number] === 0) {
            failures[i] = (failures[i] as number) === 0 ? 1 : 2;
            failedBy[i] = k;
          }
        }
      } else {
        // Only JSON numbers are in a range: NaN (any other value, or none) fails both comparisons.
        const { min, max } = checked;
        const numbers = checked.codes.numbers;
        for (let i = 0; i < rows.length; i++) {
          const n = numbers[codes[rows[i] as number] as number] as number;
          if (!(n >= min && n <= max)) {
            failures[i] = (failures[i] as number) === 0 ? 1 : 2;
            failedBy[i] = k;
          }
        }
      }
    });
    // Rows passing every selection, and per filter the rows failing its selection only: a facet
    // counts both (selecting a category must not hide the other categories).
    let passingCount = 0;
    const failingCounts = new Uint32Array(filters.length);
    for (let i = 0; i < rows.length; i++) {
      const f = failures[i] as number;
      if (f === 0) passingCount++;
      else if (f === 1) bump(failingCounts, failedBy[i] as number);
    }
    const passing = new Int32Array(passingCount);
    const failingOnly = Array.from(failingCounts, (n) => new Int32Array(n));
    const filled = new Uint32Array(filters.length);
    for (let i = 0, p = 0; i < rows.length; i++) {
      const f = failures[i] as number;
      if (f === 0) passing[p++] = rows[i] as number;
      else if (f === 1) {
        const k = failedBy[i] as number;
        (failingOnly[k] as Int32Array)[filled[k] as number] = rows[i] as number;
        bump(filled, k);
      }
    }
    const facets: Record<string, Facet> = {};
    (query.facets === false ? [] : filters).forEach((filter, k) => {
      const counted = [passing, failingOnly[k] as Int32Array];
      const codes = this.#codes(filter.id);
      facets[filter.id] = filter.supports.rangeFilter
        ? rangeFacet(codes, counted)
        : listFacet(codes, countCodes(codes, counted), allowEmptyFilterValues);
    });
    const page = this.#page(passing, query);
    return {
      total: passing.length,
      facets,
      rows: page.map((row) => JSON.parse(this.json[row] as string) as Row),
    };
  }

  /** The page's row positions in `ORDER BY data -> col DIR NULLS LAST, row_no` (or `row_no`) order. */
  #page(passing: Int32Array, query: IndexQuery): number[] {
    const end = Math.min(query.offset + query.limit, passing.length);
    if (!query.sort) return Array.from(passing.subarray(query.offset, end));
    const codes = this.#codes(query.sort.column);
    const desc = query.sort.direction === 'desc';
    // Codes are in jsonb order with missing last; descending keeps missing last (NULLS LAST).
    const rank = (code: number) => (code === codes.missing || !desc ? code : codes.missing - 1 - code);
    if (passing.length * 4 < codes.missing) {
      // Few rows for many values: sort the rows by (rank, position), packed in one float so a typed
      // (native) sort does it; exact, as rank < 2^32 and position < 2^20 fit in 52 bits.
      const keys = new Float64Array(passing.length);
      for (let i = 0; i < passing.length; i++) {
        const row = passing[i] as number;
        keys[i] = rank(codes.rows[row] as number) * 2 ** 20 + row;
      }
      // A page is a few dozen rows: when they are few of the rows, only the first `end` are sorted.
      const sorted = end * 8 < keys.length ? smallestSorted(keys, end) : keys.sort();
      return Array.from(sorted.subarray(query.offset, end), (key) => key % 2 ** 20);
    }
    // Else a counting sort on the ranks: stable, so rows of one value stay in row order, as the
    // `row_no` tie-breaker orders them.
    const count = new Uint32Array(codes.missing + 1);
    for (const row of passing) bump(count, rank(codes.rows[row] as number));
    let before = 0;
    for (let r = 0; r <= codes.missing; r++) {
      const n = count[r] as number;
      count[r] = before;
      before += n;
    }
    const page = new Array<number>(Math.max(0, end - query.offset));
    for (const row of passing) {
      const r = rank(codes.rows[row] as number);
      const at = count[r] as number;
      count[r] = at + 1;
      if (at >= query.offset && at < end) page[at - query.offset] = row;
    }
    return page;
  }
}

/** The `k` smallest of distinct `keys`, ascending (an insertion into a short sorted list per key kept). */
function smallestSorted(keys: Float64Array, k: number): Float64Array {
  if (k === 0) return new Float64Array(0);
  const best = new Float64Array(k).fill(Number.POSITIVE_INFINITY);
  let worst = Number.POSITIVE_INFINITY;
  for (const key of keys) {
    if (key >= worst) continue;
    let i = k - 1;
    while (i > 0 && (best[i - 1] as number) > key) {
      best[i] = best[i - 1] as number;
      i--;
    }
    best[i] = key;
    worst = best[k - 1] as number;
  }
  return best;
}

function bump(counts: Uint32Array, at: number): void {
  counts[at] = (counts[at] as number) + 1;
}

/** Bounds of the numbers among the rows of `lists`, and their histogram (see `RangeFacet`). */
function rangeFacet(codes: ColumnCodes, lists: readonly Int32Array[]): Facet {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let whole = true;
  const numbers = codes.numbers;
  const rowCodes = codes.rows;
  for (const list of lists) {
    for (const row of list) {
      const n = numbers[rowCodes[row] as number] as number;
      if (n < min) min = n;
      if (n > max) max = n;
      if (n - Math.floor(n) > 0) whole = false;
    }
  }
  // NaN (not a number) and undefined (no value) never compare, so they change neither.
  if (!(min <= max)) return { kind: 'range', min: null, max: null, histogram: [] };
  return { kind: 'range', min, max, histogram: histogram(codes, lists, min, max, whole) };
}

/** Values of the rows of `lists` counted in equal-width buckets from `min` to `max` (inclusive). */
function histogram(
  codes: ColumnCodes,
  lists: readonly Int32Array[],
  min: number,
  max: number,
  whole: boolean,
): number[] {
  const span = max - min;
  const buckets =
    whole && span + 1 < HISTOGRAM_BUCKETS_MAX ? span + 1 : span === 0 ? 1 : HISTOGRAM_BUCKETS_MAX;
  const width = whole && buckets === span + 1 ? 1 : span / buckets;
  const counts = new Uint32Array(buckets);
  const numbers = codes.numbers;
  const rowCodes = codes.rows;
  for (const list of lists) {
    for (const row of list) {
      const n = numbers[rowCodes[row] as number] as number;
      if (!(n >= min && n <= max)) continue;
      bump(counts, width === 0 ? 0 : Math.min(buckets - 1, Math.floor((n - min) / width)));
    }
  }
  return Array.from(counts);
}

/**
 * Rows per code among the rows of `lists`: an array when the column has few values for the rows
 * searched, else a map (a column of unique values must not cost an array of its size per search).
 */
function countCodes(codes: ColumnCodes, lists: readonly Int32Array[]): Map<number, number> {
  const rows = lists.reduce((n, list) => n + list.length, 0);
  const rowCodes = codes.rows;
  const counts = new Map<number, number>();
  if (codes.missing + 1 <= rows * 4) {
    const dense = new Uint32Array(codes.missing + 1);
    for (const list of lists) {
      for (const row of list) {
        const code = rowCodes[row] as number;
        dense[code] = (dense[code] as number) + 1;
      }
    }
    dense.forEach((n, code) => {
      if (n > 0) counts.set(code, n);
    });
    return counts;
  }
  for (const list of lists) {
    for (const row of list) {
      const code = rowCodes[row] as number;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  return counts;
}

/** Values by count, then in jsonb order (codes are), missing last; as `ORDER BY count DESC, 1 LIMIT n`. */
function listFacet(codes: ColumnCodes, counts: Map<number, number>, allowEmpty: boolean): Facet {
  const present = [...counts.keys()].filter((code) => allowEmpty || code !== codes.missing);
  present.sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number) || a - b);
  return {
    kind: 'list',
    values: present.slice(0, FACET_VALUES_MAX).map((code) => ({
      value: code === codes.missing ? null : (codes.values[code] ?? null),
      count: counts.get(code) as number,
    })),
  };
}
