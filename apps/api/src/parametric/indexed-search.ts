import type { Row, SearchQuery } from '@siteseer/core';
import type { Store } from '../store/types.ts';
import { storeCache } from './search-cache.ts';
import { EngineIndex } from './search-index.ts';
import { indexRegistry } from './search-index-registry.ts';
import { textQuery } from './search-sql.ts';
import type { ActiveFilter, SearchStats } from './search-stats.ts';
import { prefixTerms } from './text-index.ts';

export interface IndexedEngine {
  accountId: string;
  engineId: string;
  generation: string;
  filters: readonly ActiveFilter[];
  allowEmptyFilterValues: boolean;
}

const NOT_INDEXABLE = null;
const TSQUERIES_MAX = 10_000;

/**
 * The prefix terms PostgreSQL makes of a text query (its parser and dictionary decide what a word
 * is), asked once per text and remembered; null when the query is not a plain AND of prefixes.
 */
export async function prefixesOf(store: Store, words: readonly string[]): Promise<string[] | null> {
  if (words.length === 0) return [];
  const text = textQuery(words);
  const cache = storeCache<string[] | null>(store, 'tsqueries', TSQUERIES_MAX);
  const known = cache.get(text);
  if (known !== undefined) return known;
  const { rows } = await store.query<{ q: string }>("SELECT to_tsquery('simple', $1)::text AS q", [text]);
  const terms = prefixTerms(rows[0]?.q ?? '') ?? NOT_INDEXABLE;
  cache.set(text, terms);
  return terms;
}

/** What the index made of a search: the counts, and the page's rows unless they must come from SQL. */
export type IndexedAnswer =
  | { kind: 'answer'; stats: SearchStats; rowData: Row[] | undefined }
  /** Answer in SQL, then `release()`: the index is being built. */
  | { kind: 'sql'; release: () => void }
  /** Answer in SQL: a text the index cannot read, or a publish committed while it was built. */
  | { kind: 'none' };

async function indexOf(
  store: Store,
  engine: IndexedEngine,
  needsText: boolean,
): Promise<EngineIndex | IndexedAnswer> {
  const acquired = indexRegistry(store).acquire(
    engine,
    engine.filters.map((f) => f.id),
    needsText,
  );
  if (acquired.kind === 'sql') return { kind: 'sql', release: acquired.release };
  if (acquired.kind === 'index') return acquired.index;
  const index = await acquired.done;
  return index && (!needsText || index.hasText) ? index : { kind: 'none' };
}

/**
 * A search answered by the engine's in-memory index, without the database. When it cannot answer (still building, a text it cannot
 * read, a publish committed meanwhile, a sort on a column it does not hold yet) the caller answers
 * in SQL instead, all of it or the page only.
 */
export async function indexedSearch(
  store: Store,
  engine: IndexedEngine,
  query: SearchQuery,
  words: readonly string[],
  /** False when the counts are known (cached): the answer's facets are then left out. */
  facets = true,
): Promise<IndexedAnswer> {
  const index = await indexOf(store, engine, words.length > 0);
  if (!(index instanceof EngineIndex)) return index;
  const prefixes = await prefixesOf(store, words);
  if (prefixes === NOT_INDEXABLE) return { kind: 'none' };
  const sortable = !query.sort || index.hasColumn(query.sort.column);
  if (query.sort && !sortable) indexRegistry(store).addColumn(engine, query.sort.column);
  const {
    rowNos: _rowNos,
    rows,
    ...stats
  } = index.search(
    {
      prefixes,
      filters: query.filters,
      sort: sortable ? query.sort : undefined,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
      facets,
    },
    engine.filters,
    engine.allowEmptyFilterValues,
  );
  return { kind: 'answer', stats, rowData: sortable ? rows : undefined };
}
