import type { Facet, FilterSelection, Row, SearchQuery } from '@siteseer/core';
import type { ColumnCodes } from './column-codes.ts';
import { type ActiveFilter, FACET_VALUES_MAX, type SearchStats } from './search-stats.ts';
import type { TextIndex } from './text-index.ts';

/** What the index answers for a query: the counts, and the page's rows (and their numbers), in order. */
export interface IndexAnswer extends SearchStats {
  rowNos: number[];
  rows: Row[];
}

export interface IndexQuery {
  /** The text's prefix terms as PostgreSQL parsed them (see `prefixTerms`); empty for no text. */
  prefixes: readonly string[];
  filters: SearchQuery['filters'];
  sort: { column: string; direction: 'asc' | 'desc' } | undefined;
  offset: number;
  limit: number;
}

interface Selection {
  codes: ColumnCodes;
  mask: Uint8Array;
}

/** The rows of one publish as the index holds them, by position (row number order). */
export interface IndexedRows {
  rowNos: Int32Array;
  /** Each row's `data` as PostgreSQL prints it (compact, and parsed only for a page). */
  json: string[];
}

/**
 * One publish of an engine, held in memory: its rows, the dictionary-coded columns that filters and
 * sorts read, and the lexemes. Counts, facets and the page of a search come out of one pass over
 * the matching rows, where SQL needed a statement per facet over the table, and never touch the
 * database: the rows cannot change under it (a publish makes a new generation, so a new index).
 */
export class EngineIndex {
  readonly rowNos: Int32Array;
  readonly json: readonly string[];
  readonly #columns: Map<string, ColumnCodes>;
  readonly #text: TextIndex;
  /** Every row position, for a search without text. */
  readonly #all: Int32Array;

  constructor(rows: IndexedRows, columns: Map<string, ColumnCodes>, text: TextIndex) {
    this.rowNos = rows.rowNos;
    this.json = rows.json;
    this.#all = Int32Array.from(rows.rowNos, (_, i) => i);
    this.#columns = columns;
    this.#text = text;
  }

  get bytes(): number {
    let bytes = this.rowNos.byteLength + this.#all.byteLength + this.#text.bytes;
    for (const text of this.json) bytes += text.length * 2 + 32;
    for (const codes of this.#columns.values()) bytes += codes.bytes;
    return bytes;
  }

  hasColumn(id: string): boolean {
    return this.#columns.has(id);
  }

  /** A column added after the build (see `buildColumn`): the rows are the same, so the index is too. */
  addColumn(id: string, codes: ColumnCodes): void {
    if (codes.rows.length !== this.rowNos.length)
      throw new Error(`Column ${id} does not have the index's rows`);
    this.#columns.set(id, codes);
  }

  #codes(id: string): ColumnCodes {
    const codes = this.#columns.get(id);
    if (!codes) throw new Error(`Column ${id} is not in the search index`);
    return codes;
  }

  /** A selection as SearchSql.condition reads it; undefined when it selects nothing (no condition). */
  #selection(id: string, selection: FilterSelection): Selection | undefined {
    const codes = this.#codes(id);
    if ('values' in selection) {
      if (selection.values.length === 0) return undefined;
      return { codes, mask: codes.selectTexts(selection.values) };
    }
    if (selection.min === undefined && selection.max === undefined) return undefined;
    return { codes, mask: codes.selectRange(selection.min, selection.max) };
  }

  search(query: IndexQuery, filters: readonly ActiveFilter[], allowEmptyFilterValues: boolean): IndexAnswer {
    // The rows matching the text (all without text), then column by column over typed arrays: the
    // loops stay small and monomorphic.
    const rows = query.prefixes.length > 0 ? this.#text.match(query.prefixes) : this.#all;
    const failures = new Uint8Array(rows.length);
    const failedBy = new Int16Array(rows.length);
    filters.forEach((filter, k) => {
      const selection = query.filters[filter.id];
      const checked = selection && this.#selection(filter.id, selection);
      if (!checked) return;
      const codes = checked.codes.rows;
      const mask = checked.mask;
      for (let i = 0; i < rows.length; i++) {
        if (mask[codes[rows[i] as number] as number] === 0) {
          failures[i] = Math.min(2, (failures[i] as number) + 1);
          failedBy[i] = k;
        }
      }
    });
    const passing: number[] = [];
    for (let i = 0; i < rows.length; i++) if (failures[i] === 0) passing.push(rows[i] as number);
    const facets: Record<string, Facet> = {};
    filters.forEach((filter, k) => {
      const codes = this.#codes(filter.id);
      const counts = new Uint32Array(codes.missing + 1);
      const rowCodes = codes.rows;
      // A facet counts the rows passing every selection but its own (selecting a category must
      // not hide the other categories): those passing all, and those failing only its own.
      for (let i = 0; i < rows.length; i++) {
        const failed = failures[i] as number;
        if (failed > 1 || (failed === 1 && failedBy[i] !== k)) continue;
        const code = rowCodes[rows[i] as number] as number;
        counts[code] = (counts[code] as number) + 1;
      }
      facets[filter.id] = filter.supports.rangeFilter
        ? rangeFacet(codes, counts)
        : listFacet(codes, counts, allowEmptyFilterValues);
    });
    const page = this.#page(passing, query);
    return {
      total: passing.length,
      facets,
      rowNos: page.map((row) => this.rowNos[row] as number),
      rows: page.map((row) => JSON.parse(this.json[row] as string) as Row),
    };
  }

  /** The page's row positions in `ORDER BY data -> col DIR NULLS LAST, row_no` (or `row_no`) order. */
  #page(passing: readonly number[], query: IndexQuery): number[] {
    const end = Math.min(query.offset + query.limit, passing.length);
    if (!query.sort) return passing.slice(query.offset, end);
    const codes = this.#codes(query.sort.column);
    // A counting sort on the codes (which are in jsonb order, missing last): stable, so rows of
    // one value stay in row order, as the `row_no` tie-breaker orders them.
    const count = new Uint32Array(codes.missing + 1);
    for (const row of passing) bump(count, codes.rows[row] as number);
    const next = new Uint32Array(codes.missing + 1);
    let before = 0;
    for (let i = 0; i < codes.missing; i++) {
      const code = query.sort.direction === 'desc' ? codes.missing - 1 - i : i;
      next[code] = before;
      before += count[code] as number;
    }
    next[codes.missing] = before;
    const page = new Array<number>(Math.max(0, end - query.offset));
    for (const row of passing) {
      const code = codes.rows[row] as number;
      const at = next[code] as number;
      next[code] = at + 1;
      if (at >= query.offset && at < end) page[at - query.offset] = row;
    }
    return page;
  }
}

function bump(counts: Uint32Array, at: number): void {
  counts[at] = (counts[at] as number) + 1;
}

function rangeFacet(codes: ColumnCodes, counts: Uint32Array): Facet {
  let min: number | null = null;
  let max: number | null = null;
  codes.numbers.forEach((n, code) => {
    if (counts[code] === 0 || Number.isNaN(n)) return;
    if (min === null || n < min) min = n;
    if (max === null || n > max) max = n;
  });
  return { kind: 'range', min, max };
}

/** Values by count, then in jsonb order (codes are), missing last; as `ORDER BY count DESC, 1 LIMIT n`. */
function listFacet(codes: ColumnCodes, counts: Uint32Array, allowEmpty: boolean): Facet {
  const present: number[] = [];
  counts.forEach((n, code) => {
    if (n > 0 && (allowEmpty || code !== codes.missing)) present.push(code);
  });
  present.sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  return {
    kind: 'list',
    values: present.slice(0, FACET_VALUES_MAX).map((code) => ({
      value: code === codes.missing ? null : (codes.values[code] ?? null),
      count: counts[code] as number,
    })),
  };
}
