import type { Facet, SearchQuery } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { SearchSql } from './search-sql.ts';

/** A filter as the runtime uses it: active (enabled, filterable column), in position order. */
export interface ActiveFilter {
  id: string;
  supports: { rangeFilter: boolean };
}

/** What a search counts: the rows matching, and the facet of every active filter. */
export interface SearchStats {
  total: number;
  facets: Record<string, Facet>;
}

export const FACET_VALUES_MAX = 200;

export interface StatsInput {
  accountId: string;
  engineId: string;
  filters: readonly ActiveFilter[];
  allowEmptyFilterValues: boolean;
  query: Pick<SearchQuery, 'q' | 'filters'>;
}

function where(input: StatsInput, except?: string): { sql: SearchSql; where: string } {
  const allowed = new Set(input.filters.map((f) => f.id));
  const sql = new SearchSql(input.accountId, input.engineId).text(input.query.q);
  return { sql, where: sql.where(input.query, allowed, except) };
}

/**
 * The total and the facets in SQL: one statement for the total and one per filter, each over the
 * rows passing every selection but the filter's own (selecting a category must not hide the other
 * categories). The definition the in-memory index (search-index.ts) must agree with, and what
 * answers while that index is not built.
 */
export async function sqlStats(db: Queryable, input: StatsInput): Promise<SearchStats> {
  const counting = where(input);
  const [total, ...entries] = await Promise.all([
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM parametric_rows WHERE ${counting.where}`,
      counting.sql.params,
    ),
    ...input.filters.map(async (filter): Promise<[string, Facet]> => {
      const { sql, where: condition } = where(input, filter.id);
      const column = sql.param(filter.id);
      if (filter.supports.rangeFilter) {
        const { rows } = await db.query<{ min: number | null; max: number | null }>(
          `SELECT min(${sql.numberOf(column)})::float8 AS min, max(${sql.numberOf(column)})::float8 AS max
           FROM parametric_rows WHERE ${condition}`,
          sql.params,
        );
        return [filter.id, { kind: 'range', min: rows[0]?.min ?? null, max: rows[0]?.max ?? null }];
      }
      const { rows } = await db.query<{ value: string | number | boolean | null; count: number }>(
        `SELECT data -> ${column} AS value, count(*)::int AS count FROM parametric_rows WHERE ${condition}
         ${input.allowEmptyFilterValues ? '' : `AND data -> ${column} IS NOT NULL`}
         GROUP BY 1 ORDER BY count DESC, 1 LIMIT ${FACET_VALUES_MAX}`,
        sql.params,
      );
      return [filter.id, { kind: 'list', values: rows.map((r) => ({ value: r.value, count: r.count })) }];
    }),
  ]);
  return { total: total.rows[0]?.n ?? 0, facets: Object.fromEntries(entries) };
}
