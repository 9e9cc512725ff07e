import { activeFilters, decodeLabel, type EngineFilters } from '@siteseer/core';
import { engineOf, readAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { countPublishedTags } from '../keyword/runtime/index.ts';
import { readyIndex } from '../parametric/indexed-search.ts';
import { readLiveEngine } from '../parametric/live-engine.ts';
import type { ParametricRuntime } from '../parametric/parametric-runtime.ts';
import { findClientOfEngine } from '../repositories/clients.ts';
import { findPublished } from '../repositories/parametric/published.ts';

/**
 * `POST searchengines/{id}/filters`: the engine's categories with their document counts under the
 * applied categories. For a parametric engine the categories are the values of its category
 * filter: the list filter labelled 'Category', else its first list filter (none: no categories).
 * For a keyword engine the categories are the custom tags of its published crawl's pages, each
 * with the pages carrying it (none until a crawl is published).
 */
export async function categoryCounts(
  runtime: ParametricRuntime,
  principal: Principal,
  accountId: string,
  engineId: string,
  applied: readonly string[],
): Promise<EngineFilters> {
  const { store } = runtime;
  const engine = await engineOf(store, await readAccess(store, principal, accountId), engineId);
  const wanted = new Set(applied);
  const chosen = (counts: [string, number][]) => ({
    category: Object.fromEntries(counts.filter(([value]) => wanted.size === 0 || wanted.has(value))),
  });
  if (engine.searchEngineType === 'kw') {
    const tags = await countPublishedTags(store, engine.accountId, engine.id);
    return chosen(tags.map(({ tag, pages }) => [tag, pages]));
  }
  const published = await findPublished(store, accountId, engineId);
  if (!published) return { category: {} };
  const lists = activeFilters(published.configuration).filter((f) => !f.supports.rangeFilter);
  const filter = lists.find((f) => decodeLabel(f.label).trim().toLowerCase() === 'category') ?? lists[0];
  if (!filter) return { category: {} };
  // The filter's facet leaves its own selection out: every category, each with its count.
  // (At most FACET_VALUES_MAX categories, the most frequent, as the search runtime's facets.)
  const client = await findClientOfEngine(store, accountId, engineId);
  if (!client) return { category: {} };
  const live = await readLiveEngine(runtime, client.id);
  const { index } = await readyIndex(runtime, live, { q: '' });
  const { facets } = index.search(
    { prefixes: [], filters: {}, sort: undefined, offset: 0, limit: 0 },
    [{ id: filter.id, supports: { rangeFilter: false } }],
    false,
  );
  const facet = facets[filter.id];
  const values = facet?.kind === 'list' ? facet.values : [];
  return chosen(values.map((v) => [String(v.value), v.count]));
}
