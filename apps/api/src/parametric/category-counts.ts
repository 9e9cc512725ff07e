import { decodeLabel, type EngineFilters, type Viewer } from '@siteseer/core';
import { findPublished } from '../repositories/parametric.ts';
import { getEngine } from '../services/engines.ts';
import type { Store } from '../store/types.ts';

/**
 * `POST searchengines/{id}/filters`: the engine's categories with their document counts under the
 * applied categories. For a parametric engine the categories are the values of its category
 * filter: the list filter labelled 'Category', else its first list filter (none: no categories).
 * Keyword engines get their categories from crawled pages, which this build does not crawl yet.
 */
export async function categoryCounts(
  store: Store,
  viewer: Viewer,
  accountId: string,
  engineId: string,
  applied: readonly string[],
): Promise<EngineFilters> {
  const engine = await getEngine(store, viewer, accountId, engineId);
  if (engine.searchEngineType !== 'pm') return { category: {} };
  const published = await findPublished(store, accountId, engineId);
  if (!published) return { category: {} };
  const { columns, filters } = published.configuration;
  const lists = Object.values(filters)
    .filter((f) => !f.supports.rangeFilter && columns[f.id]?.enabled && columns[f.id]?.supports.filtering)
    .sort((a, b) => a.position - b.position);
  const filter = lists.find((f) => decodeLabel(f.label).trim().toLowerCase() === 'category') ?? lists[0];
  if (!filter) return { category: {} };
  const { rows } = await store.query<{ value: string; count: number }>(
    `SELECT data ->> $3 AS value, count(*)::int AS count FROM parametric_rows
     WHERE account_id = $1 AND engine_id = $2 AND data ? $3
       AND (cardinality($4::text[]) = 0 OR data ->> $3 = ANY($4::text[]))
     GROUP BY 1 ORDER BY 2 DESC, 1`,
    [accountId, engineId, filter.id, applied],
  );
  return { category: Object.fromEntries(rows.map((r) => [r.value, r.count])) };
}
