import { addDays } from '@siteseer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERY_TOP_LISTS, type QueryOrder, URL_TOP_LIST } from '../repositories/analytics-lists.ts';
import type { AnalyticsScope } from '../repositories/analytics-reports.ts';
import { MAX_DEPTH, readTopList, type TopListSpec } from '../repositories/analytics-top-lists.ts';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import { SearchBatch } from '../repositories/search-batch.ts';
import { insertSearchBatch, insertSearchClicks, type SearchClickRow } from '../repositories/search-events.ts';
import type { Store } from '../store/types.ts';
import { groupQueryLists, groupResults, readQueryLists, readResults } from './list-queries.ts';
import { partKeys } from './period-parts.ts';
import { type FixtureClient, fixtureClient } from './search-fixture.test-kit.ts';

// 2031-04-29 (a Tuesday) to 2031-06-08 (a Sunday): the days 29 and 30 April and 1 June, the week
// from Monday 2 June, the month of May.
const PERIOD = { from: '2031-04-29', to: '2031-06-08' };
const IN_MAY = '2031-05-10';
const IN_WEEK = '2031-06-03';

interface Searched {
  day: string;
  query: string;
  searches: number;
  zero?: number;
  /** Clicks on this URL, one on each of the first `clicks` searches, at position 2. */
  clicks?: number;
  url?: string;
}

/** Stores `searched` for `client` through the recorder's batch statements (rollups included). */
async function record(db: Store, client: FixtureClient, searched: readonly Searched[]): Promise<void> {
  const searches = new SearchBatch();
  const clicks: SearchClickRow[] = [];
  for (const s of searched) {
    for (let i = 0; i < s.searches; i++) {
      const at = new Date(`${s.day}T12:00:00Z`);
      const id = searches.add({
        ...client,
        at,
        engineType: 'kw',
        query: s.query,
        tab: 'all',
        filters: null,
        page: 1,
        resultCount: i < (s.zero ?? 0) ? 0 : 5,
        latencyMs: 1,
        visitorId: `v${i}`,
      });
      if (i < (s.clicks ?? 0))
        clicks.push({
          clientId: client.clientId,
          searchId: id,
          at,
          url: s.url ?? `https://shop.test/${s.query}`,
          position: 2,
          visitorId: `v${i}`,
        });
    }
  }
  await insertSearchBatch(db, searches);
  await insertSearchClicks(db, clicks);
}

const spike = (day: string, name: string, zero = 0): Searched => ({
  day,
  query: `spike ${name}`,
  searches: 5,
  zero,
  clicks: 2,
  url: `https://shop.test/spike-${name}`,
});
const steady = (day: string, zero = 0): Searched => ({ day, query: 'steady', searches: 4, zero, clicks: 1 });

// Each part's best query is a spike of 5 searches; 'steady' (4 a part, 16 in all) is second in
// every part and first over the period. Clicks: 2 on each spike's URL, 1 a part on steady's.
const SEARCHED: readonly Searched[] = [
  spike('2031-04-29', 'a', 5),
  steady('2031-04-29'),
  spike('2031-06-01', 'b'),
  steady('2031-06-01', 4),
  spike(IN_MAY, 'm', 3),
  steady(IN_MAY),
  spike(IN_WEEK, 'w'),
  steady(IN_WEEK),
  // Outside the period: counted nowhere below.
  { day: '2031-04-28', query: 'outside', searches: 50, zero: 50, clicks: 50 },
  { day: '2031-06-09', query: 'outside', searches: 50, zero: 50, clicks: 50 },
];

describe('partKeys', () => {
  it('given the test period, then its days, week starts and month starts', () => {
    expect(partKeys(PERIOD)).toEqual({
      days: ['2031-04-29', '2031-04-30', '2031-06-01'],
      weeks: ['2031-06-02'],
      months: ['2031-05-01'],
    });
  });
});

describe.each(frontierStores)('Analytics top lists on %s', (_name, open) => {
  const store = useStore(open);
  let client: FixtureClient;
  let sibling: FixtureClient;
  let stranger: FixtureClient;

  beforeAll(async () => {
    client = await fixtureClient(store(), 'kw');
    // Another client of the same account, and another account's, search more of the same words.
    const { rows } = await store().query<{ engine_id: string; id: string }>(
      `WITH e AS (INSERT INTO engines (account_id, name, type, created_by, updated_by)
                  VALUES ($1, 'Sibling', 'kw', 'test', 'test') RETURNING account_id, id)
       INSERT INTO clients (account_id, engine_id, type, index_name)
       SELECT account_id, id, 'kw', 'sibling' FROM e RETURNING engine_id, id`,
      [client.accountId],
    );
    sibling = {
      accountId: client.accountId,
      engineId: rows[0]?.engine_id as string,
      clientId: rows[0]?.id as string,
    };
    stranger = await fixtureClient(store(), 'kw', 'Other tenant');
    await record(store(), client, SEARCHED);
    for (const other of [sibling, stranger])
      await record(store(), other, [
        {
          day: '2031-04-29',
          query: 'spike a',
          searches: 30,
          zero: 30,
          clicks: 30,
          url: 'https://shop.test/x',
        },
      ]);
  });

  const top = (spec: TopListSpec | undefined, limit: number, depth: number, scope: AnalyticsScope = client) =>
    readTopList<Record<string, unknown>>(store(), scope, partKeys(PERIOD), spec as TopListSpec, limit, depth);

  it('given depth 1, then the spikes leave the bound unproven and the deeper round finds steady first', async () => {
    expect(await top(QUERY_TOP_LISTS.searches, 1, 1)).toEqual([
      { query: 'steady', searches: 16, zero: 4, clicks: 4, clicked: 4, positions: 8 },
    ]);
  });

  it('given the zero-result order, then queries by zero-result searches over the period', async () => {
    const list = await top(QUERY_TOP_LISTS['zero-results'], 3, 1);
    expect(list?.map((row) => [row.query, row.zero, row.searches])).toEqual([
      ['spike a', 5, 5],
      ['steady', 4, 16],
      ['spike m', 3, 5],
    ]);
  });

  it('given the URL order, then steady’s URL (4 clicks) before the spikes’ (2 each, by URL)', async () => {
    const list = await top(URL_TOP_LIST, 3, 1);
    expect(list?.map((row) => [row.url, row.clicks, row.positions])).toEqual([
      ['https://shop.test/steady', 4, 8],
      ['https://shop.test/spike-a', 2, 4],
      ['https://shop.test/spike-b', 2, 4],
    ]);
  });

  it('given a first depth past MAX_DEPTH, then no list (the caller groups the period)', async () => {
    expect(await top(QUERY_TOP_LISTS.searches, 1, MAX_DEPTH)).toHaveLength(1);
    expect(await top(QUERY_TOP_LISTS.searches, 1, MAX_DEPTH + 1)).toBeUndefined();
  });

  it('given another client or account, then only its own counts (none of this client’s)', async () => {
    for (const other of [sibling, stranger]) {
      expect(await top(QUERY_TOP_LISTS.searches, 5, 1, other)).toEqual([
        { query: 'spike a', searches: 30, zero: 30, clicks: 30, clicked: 30, positions: 60 },
      ]);
      expect(await readResults(store(), other, PERIOD, 5)).toEqual([
        { url: 'https://shop.test/x', clicks: 30, averageClickPosition: 2 },
      ]);
    }
    // This client's id under the other account's id reads nothing.
    const mixed = { accountId: stranger.accountId, clientId: client.clientId };
    expect(await top(QUERY_TOP_LISTS.searches, 5, 1, mixed)).toEqual([]);
    expect(await readQueryLists(store(), mixed, PERIOD, ['searches', 'zero-results'], 5)).toEqual({
      searches: [],
      'zero-results': [],
    });
  });

  it('given a period without zero-result searches, then an empty list', async () => {
    expect(await top(QUERY_TOP_LISTS['zero-results'], 3, 1, client)).not.toEqual([]);
    const week = { from: '2031-06-02', to: '2031-06-08' };
    expect(await readQueryLists(store(), client, week, ['zero-results'], 3)).toEqual({ 'zero-results': [] });
  });

  it('given many queries over two months, then every list equals the grouping of the whole period', async () => {
    const wide = await fixtureClient(store(), 'kw', 'Wide');
    // A long tail: query k is searched about 40/(k+1) times a day, some days more, some without.
    let seed = 14;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const searched: Searched[] = [];
    for (let d = 0; d < 61; d++) {
      const day = addDays('2031-04-20', d);
      for (let k = 0; k < 60; k++) {
        const searches = Math.floor((40 / (k + 1)) * random() * 2);
        if (searches === 0) continue;
        searched.push({
          day,
          query: `q${k}`,
          searches,
          zero: Math.floor(searches * random() * random()),
          clicks: Math.floor(searches * random() * 0.5),
          url: `https://shop.test/${k % 45}`,
        });
      }
    }
    await record(store(), wide, searched);
    for (const limit of [1, 5, 10]) {
      for (const order of ['searches', 'zero-results'] as QueryOrder[]) {
        expect(await readQueryLists(store(), wide, PERIOD, [order], limit)).toEqual(
          await groupQueryLists(store(), wide, PERIOD, [order], limit),
        );
      }
      const grouped = await groupResults(store(), wide, PERIOD, limit);
      expect(await readResults(store(), wide, PERIOD, limit)).toEqual(
        grouped.map(({ url, clicks, positions }) => ({
          url,
          clicks,
          averageClickPosition: positions / clicks,
        })),
      );
    }
  });
});
