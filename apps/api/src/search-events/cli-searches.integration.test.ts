import { describe, expect, it } from 'vitest';
import { analyticsReport } from '../analytics/reports.ts';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import type { Store } from '../store/types.ts';
import type { SearchEvent } from './events.ts';
import { SearchRecorder } from './recorder.ts';

// Searches made with `siteseer search` (marked `cli` at the search route) are counted apart from the
// visitors': every report leaves them out, and the JSON summary adds them when asked. On PGlite, and
// on PostgreSQL when DATABASE_URL is set.

const DAY = '2031-05-06';

async function tenant(db: Store) {
  const { rows } = await db.query<{ account_id: string; engine_id: string; id: string }>(
    `WITH a AS (INSERT INTO accounts (name, products) VALUES ('CLI searched', '{kw}') RETURNING id),
          e AS (INSERT INTO engines (account_id, name, type, created_by, updated_by)
                SELECT id, 'Searched engine', 'kw', 'test', 'test' FROM a RETURNING account_id, id),
          c AS (INSERT INTO clients (account_id, engine_id, type, index_name)
                SELECT account_id, id, 'kw', 'searched' FROM e RETURNING account_id, engine_id, id)
     SELECT account_id, engine_id, id FROM c`,
  );
  const row = rows[0] as { account_id: string; engine_id: string; id: string };
  return {
    accountId: row.account_id,
    engineId: row.engine_id,
    clientId: row.id,
    engineType: 'kw' as const,
    engineName: 'Searched engine',
  };
}

describe.each(frontierStores)('CLI searches on %s', (_name, open) => {
  const store = useStore(open);

  it('given visitors’ and CLI searches, then the reports count the visitors’ alone; include counts both', async () => {
    const t = await tenant(store());
    const recorder = new SearchRecorder(store(), { flushEveryMs: 60_000 });
    const search = (query: string, resultCount: number, source?: 'cli'): SearchEvent => ({
      ...t,
      query,
      tab: 'all',
      page: 1,
      resultCount,
      latencyMs: 2,
      visitorId: 'v'.repeat(16),
      at: new Date(`${DAY}T10:00:00Z`),
      source,
    });
    recorder.search(search('bread', 3));
    recorder.search(search('cake', 0));
    recorder.search(search('bread', 3, 'cli'));
    recorder.search(search('pie', 0, 'cli'));
    recorder.search(search('pie', 0, 'cli'));
    await recorder.close();
    expect(recorder.stats()).toMatchObject({ searches: 2, cliSearches: 3, failed: 0 });

    const period = { name: 'custom', from: DAY, to: DAY } as const;
    const report = (name: 'summary' | 'top-queries', include = false) =>
      analyticsReport(store(), t, name, period, 20, undefined, include);
    const visitors = await report('summary');
    const all = await report('summary', true);
    if (visitors.report !== 'summary' || all.report !== 'summary') throw new Error('Not a summary');
    expect(visitors.summary).toMatchObject({ searches: 2, zeroResultSearches: 1, visitors: 1 });
    expect(visitors.days).toEqual([expect.objectContaining({ day: DAY, searches: 2 })]);
    expect(all.summary).toMatchObject({
      searches: 5,
      zeroResultSearches: 3,
      zeroResultRate: 3 / 5,
      visitors: 1,
      averageLatencyMs: 2,
    });
    expect(all.days).toEqual([expect.objectContaining({ day: DAY, searches: 5, zeroResultSearches: 3 })]);
    const top = await report('top-queries');
    if (top.report !== 'top-queries') throw new Error('Not top queries');
    expect(top.queries.map((q) => [q.query, q.searches])).toEqual([
      ['bread', 1],
      ['cake', 1],
    ]);
  });
});
