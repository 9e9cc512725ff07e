import {
  type Facet,
  type FilterSelection,
  HISTOGRAM_BUCKETS_MAX,
  type ParametricConfiguration,
  type Row,
  type SearchQuery,
} from '@siteseer/core';
import { typedRows } from '../src/parametric/parse/index.ts';
import { type ActiveFilter, FACET_VALUES_MAX, type SearchStats } from '../src/parametric/search-stats.ts';
import { searchColumns } from '../src/parametric/searched-columns.ts';
import { rowWords, words } from '../src/parametric/text-index.ts';
import { textSortKey } from '../src/parametric/text-order.ts';
import { readCells } from '../src/repositories/parametric/cell-chunks.ts';
import { findPublished } from '../src/repositories/parametric/published.ts';
import { findVersion } from '../src/repositories/parametric/versions.ts';
import type { Queryable, Store } from '../src/store/types.ts';

/**
 * The search runtime's answers computed in SQL, independently of its in-memory index: the rows of a
 * publish (typed as the product types them, with their words) loaded into a table of the test's
 * database, then counted, faceted, sorted and paged by PostgreSQL. What the index must agree with.
 */

/** Loads the engine's live publish into `oracle_rows` (replacing what was there). */
export async function loadOracle(store: Store, accountId: string, engineId: string): Promise<void> {
  const published = await findPublished(store, accountId, engineId);
  if (!published) throw new Error('Nothing is published');
  const version = await findVersion(store, accountId, published.importId, published.version);
  if (!version) throw new Error('The published version is gone');
  const configuration: ParametricConfiguration = published.configuration;
  const cells = await readCells(store, accountId, version.importId, version.version, null);
  const rows = typedRows(
    { headers: version.headers, columnIds: version.columnIds, rows: cells },
    configuration,
  );
  const searched = searchColumns(configuration);
  await store.exec(`
    CREATE TABLE IF NOT EXISTS oracle_rows
      (row_no integer PRIMARY KEY, data jsonb NOT NULL, words text[] NOT NULL, keys jsonb NOT NULL);
    TRUNCATE oracle_rows;`);
  await store.query(
    `INSERT INTO oracle_rows (row_no, data, words, keys)
     SELECT n, (d::text)::jsonb, ARRAY(SELECT jsonb_array_elements_text((w::text)::jsonb)), (k::text)::jsonb
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS x (d, w, k, n)`,
    [
      rows.map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== ''))),
      ),
      rows.map((row) => JSON.stringify(rowWords(row, searched))),
      // The sort key of each text value (case, accents and digit runs as people order them).
      rows.map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row).flatMap(([id, v]) =>
              typeof v === 'string' && v !== '' ? [[id, textSortKey(v)]] : [],
            ),
          ),
        ),
      ),
    ],
  );
}

/** The page of rows (their `data`) SQL gives for the query, in `ORDER BY data -> col DIR NULLS LAST, row_no`. */
export async function sqlPage(
  db: Queryable,
  filters: readonly ActiveFilter[],
  query: SearchQuery,
): Promise<Row[]> {
  const sql = new SearchSql().text(query.q);
  const where = sql.where(query, new Set(filters.map((f) => f.id)));
  const order = query.sort
    ? `${valueOrder(sql.param(query.sort.column), query.sort.direction === 'desc' ? 'DESC' : 'ASC')}, row_no`
    : 'row_no';
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await db.query<{ data: Row }>(
    `SELECT data FROM oracle_rows WHERE ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
    sql.params,
  );
  return rows.map((r) => r.data);
}

/**
 * `ORDER BY` of a column's values, missing last: jsonb's order of types (string < number <
 * boolean), texts by their sort key then their text (code units, whatever the database's
 * collation), numbers and booleans by value.
 */
function valueOrder(column: string, direction: 'ASC' | 'DESC', keys = `keys ->> ${column}`): string {
  const value = `data -> ${column}`;
  const type = `CASE jsonb_typeof(${value}) WHEN 'string' THEN 1 WHEN 'number' THEN 2 WHEN 'boolean' THEN 3 END`;
  return [
    `${type} ${direction} NULLS LAST`,
    `${keys} COLLATE "C" ${direction}`,
    `(CASE jsonb_typeof(${value}) WHEN 'string' THEN ${value} #>> '{}' END) COLLATE "C" ${direction}`,
    `${value} ${direction}`,
  ].join(', ');
}

interface StatsInput {
  filters: readonly ActiveFilter[];
  allowEmptyFilterValues: boolean;
  query: Pick<SearchQuery, 'q' | 'filters'>;
}

function where(input: StatsInput, except?: string): { sql: SearchSql; where: string } {
  const allowed = new Set(input.filters.map((f) => f.id));
  const sql = new SearchSql().text(input.query.q);
  return { sql, where: sql.where(input.query, allowed, except) };
}

/** A range facet by its definition (`RangeFacet`): bounds, and values counted in equal-width buckets. */
function rangeOf(numbers: number[]): Facet {
  if (numbers.length === 0) return { kind: 'range', min: null, max: null, histogram: [] };
  const min = numbers.reduce((a, b) => Math.min(a, b));
  const max = numbers.reduce((a, b) => Math.max(a, b));
  const perWholeNumber = numbers.every(Number.isInteger) && max - min + 1 < HISTOGRAM_BUCKETS_MAX;
  const buckets = perWholeNumber ? max - min + 1 : min === max ? 1 : HISTOGRAM_BUCKETS_MAX;
  const histogram = new Array<number>(buckets).fill(0);
  for (const n of numbers) {
    const at = perWholeNumber
      ? n - min
      : Math.min(buckets - 1, Math.floor((n - min) / ((max - min) / buckets)));
    histogram[min === max ? 0 : at] = (histogram[min === max ? 0 : at] ?? 0) + 1;
  }
  return { kind: 'range', min, max, histogram };
}

/**
 * The total and the facets in SQL: one statement for the total and one per filter, each over the
 * rows passing every selection but the filter's own (selecting a category must not hide the other
 * categories). The definition the in-memory index (search-index.ts) must agree with.
 */
export async function sqlStats(db: Queryable, input: StatsInput): Promise<SearchStats> {
  const counting = where(input);
  const [total, ...entries] = await Promise.all([
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM oracle_rows WHERE ${counting.where}`,
      counting.sql.params,
    ),
    ...input.filters.map(async (filter): Promise<[string, Facet]> => {
      const { sql, where: condition } = where(input, filter.id);
      const column = sql.param(filter.id);
      if (filter.supports.rangeFilter) {
        const { rows } = await db.query<{ numbers: number[] | null }>(
          `SELECT array_agg(${sql.numberOf(column)}::float8) FILTER (WHERE ${sql.numberOf(column)} IS NOT NULL)
           AS numbers FROM oracle_rows WHERE ${condition}`,
          sql.params,
        );
        return [filter.id, rangeOf(rows[0]?.numbers ?? [])];
      }
      const { rows } = await db.query<{ value: string | number | boolean | null; count: number }>(
        `SELECT data -> ${column} AS value, count(*)::int AS count FROM oracle_rows WHERE ${condition}
         ${input.allowEmptyFilterValues ? '' : `AND data -> ${column} IS NOT NULL`}
         GROUP BY data -> ${column}
         ORDER BY count DESC, ${valueOrder(column, 'ASC', `min(keys ->> ${column})`)} LIMIT ${FACET_VALUES_MAX}`,
        sql.params,
      );
      return [filter.id, { kind: 'list', values: rows.map((r) => ({ value: r.value, count: r.count })) }];
    }),
  ]);
  return { total: total.rows[0]?.n ?? 0, facets: Object.fromEntries(entries) };
}

/**
 * Builds the WHERE clause of a search over `oracle_rows`, with every user value as a bound
 * parameter (column ids included: `data -> $n`), never spliced into the SQL text.
 */
class SearchSql {
  readonly params: unknown[] = [];
  private readonly base: string[] = ['true'];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Each word of the text must start a word of the row (`lapt` finds `laptop`). */
  text(q: string): this {
    for (const word of words(q)) {
      this.base.push(`EXISTS (SELECT 1 FROM unnest(words) AS w WHERE starts_with(w, ${this.param(word)}))`);
    }
    return this;
  }

  numberOf(column: string): string {
    return `CASE WHEN jsonb_typeof(data -> ${column}) = 'number' THEN (data ->> ${column})::numeric END`;
  }

  /** The condition of one filter's selection ('' selects rows without a value). */
  condition(columnId: string, selection: FilterSelection): string | undefined {
    // Parameters only for a selection that makes a condition: a bound parameter the statement
    // does not use is refused by PostgreSQL (an empty range `{}` answered 500).
    if ('values' in selection) {
      if (selection.values.length === 0) return undefined;
      const column = this.param(columnId);
      const values = selection.values.filter((v) => v !== '');
      const parts = values.length > 0 ? [`data ->> ${column} = ANY(${this.param(values)}::text[])`] : [];
      if (values.length < selection.values.length) parts.push(`data -> ${column} IS NULL`);
      return `(${parts.join(' OR ')})`;
    }
    if (selection.min === undefined && selection.max === undefined) return undefined;
    const column = this.param(columnId);
    const bounds: string[] = [];
    if (selection.min !== undefined) bounds.push(`${this.numberOf(column)} >= ${this.param(selection.min)}`);
    if (selection.max !== undefined) bounds.push(`${this.numberOf(column)} <= ${this.param(selection.max)}`);
    return `(${bounds.join(' AND ')})`;
  }

  /** The WHERE clause for the query's text and filters, leaving out the filter `except` (for its facet). */
  where(query: Pick<SearchQuery, 'filters'>, allowed: ReadonlySet<string>, except?: string): string {
    const conditions = [...this.base];
    for (const [columnId, selection] of Object.entries(query.filters)) {
      if (columnId === except || !allowed.has(columnId)) continue;
      const condition = this.condition(columnId, selection);
      if (condition) conditions.push(condition);
    }
    return conditions.join(' AND ');
  }
}
