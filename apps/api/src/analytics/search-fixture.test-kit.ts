import type { FilterSelection } from '@siteseer/core';
import type { SearchRecorder } from '../search-events/index.ts';
import type { Store } from '../store/types.ts';

// A small set of searches and clicks whose analytics are counted by hand in the tests that use it
// (rollups, reports, the API's calls). Two UTC days; one search a second before midnight and one
// a second after, and a click the day after its search, so the day boundaries are exercised.

export const DAY_1 = '2031-05-06';
export const DAY_2 = '2031-05-07';

export interface FixtureClient {
  accountId: string;
  engineId: string;
  clientId: string;
}

/** A new account (both products) with an engine of `type` and its client. */
export async function fixtureClient(
  db: Store,
  type: 'kw' | 'pm',
  name = 'Analytics',
): Promise<FixtureClient> {
  const { rows } = await db.query<{ account_id: string; engine_id: string; id: string }>(
    `WITH a AS (INSERT INTO accounts (name, products) VALUES ($1, '{pm,kw}') RETURNING id),
          e AS (INSERT INTO engines (account_id, name, type, created_by, updated_by)
                SELECT id, $1 || ' engine', $2, 'test', 'test' FROM a RETURNING account_id, id),
          c AS (INSERT INTO clients (account_id, engine_id, type, index_name)
                SELECT account_id, id, $2, 'fixture' FROM e RETURNING account_id, engine_id, id)
     SELECT account_id, engine_id, id FROM c`,
    [name, type],
  );
  const row = rows[0] as { account_id: string; engine_id: string; id: string };
  return { accountId: row.account_id, engineId: row.engine_id, clientId: row.id };
}

interface FixtureSearch {
  at: string;
  query: string;
  tab?: string;
  filters?: Record<string, FilterSelection>;
  results: number;
  visitor: string;
}

/** The keyword client's searches (s1..s6) and clicks (on s1, s1, s5 and s2). */
export const KEYWORD_SEARCHES: readonly FixtureSearch[] = [
  { at: `${DAY_1}T10:00:00Z`, query: 'Red Shoes', tab: 'all', results: 12, visitor: 'v1' },
  { at: `${DAY_1}T10:05:00Z`, query: ' red  shoes', tab: 'all', results: 12, visitor: 'v1' },
  { at: `${DAY_1}T11:00:00Z`, query: 'blue hat', tab: 'all', results: 0, visitor: 'v2' },
  { at: `${DAY_1}T23:59:59Z`, query: 'blue hat', tab: 'docs', results: 0, visitor: 'v3' },
  { at: `${DAY_2}T00:00:01Z`, query: 'red shoes', tab: 'docs', results: 4, visitor: 'v1' },
  { at: `${DAY_2}T09:00:00Z`, query: 'Gloves', tab: 'all', results: 3, visitor: 'v4' },
];
export const KEYWORD_CLICKS: readonly { search: number; at: string; url: string; position: number }[] = [
  { search: 0, at: `${DAY_1}T10:01:00Z`, url: 'https://shop.test/p/red', position: 1 },
  { search: 0, at: `${DAY_1}T10:02:00Z`, url: 'https://shop.test/p/red-2', position: 3 },
  { search: 4, at: `${DAY_2}T00:00:30Z`, url: 'https://shop.test/p/red', position: 2 },
  // The day after its search: it counts on the search's day.
  { search: 1, at: `${DAY_2}T00:10:00Z`, url: 'https://shop.test/p/red', position: 1 },
];

/** The parametric client's searches: list and range filters, one without text and no results. */
export const PARAMETRIC_SEARCHES: readonly FixtureSearch[] = [
  {
    at: `${DAY_1}T08:00:00Z`,
    query: 'sensor',
    filters: { cat: { values: ['A', 'B'] }, price: { min: 1, max: 5 } },
    results: 5,
    visitor: 'v9',
  },
  { at: `${DAY_1}T08:01:00Z`, query: '', filters: { cat: { values: ['A'] } }, results: 0, visitor: 'v9' },
];

const visitorId = (name: string) => name.padEnd(16, '0');

/** Records `searches` (and `clicks` on them) for `client` and writes them. Returns the search ids. */
export async function recordFixture(
  recorder: SearchRecorder,
  client: FixtureClient,
  type: 'kw' | 'pm',
  searches: readonly FixtureSearch[],
  clicks: typeof KEYWORD_CLICKS = [],
): Promise<string[]> {
  const ids = searches.map((s) =>
    recorder.search({
      ...client,
      engineType: type,
      query: s.query,
      tab: s.tab,
      filters: s.filters,
      page: 1,
      resultCount: s.results,
      latencyMs: 2,
      visitorId: visitorId(s.visitor),
      at: new Date(s.at),
    }),
  );
  for (const click of clicks) {
    recorder.click({
      clientId: client.clientId,
      searchId: ids[click.search] as string,
      url: click.url,
      position: click.position,
      visitorId: visitorId('click'),
      at: new Date(click.at),
    });
  }
  await recorder.flush();
  return ids;
}
