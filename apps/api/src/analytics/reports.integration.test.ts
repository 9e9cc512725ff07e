import { beforeAll, describe, expect, it } from 'vitest';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import { SearchRecorder } from '../search-events/index.ts';
import { AnalyticsReader } from './reports.ts';
import {
  DAY_1,
  DAY_2,
  type FixtureClient,
  fixtureClient,
  KEYWORD_CLICKS,
  KEYWORD_SEARCHES,
  PARAMETRIC_SEARCHES,
  recordFixture,
} from './search-fixture.test-kit.ts';

// The reports of the fixture (search-fixture.test-kit.ts), counted by hand: 6 keyword searches over two days,
// 2 with no results ('blue hat'), 5 visitor-days, 4 clicks on 3 searches at positions 1, 3, 2, 1.

describe.each(frontierStores)('Analytics reports on %s', (_name, open) => {
  const store = useStore(open);
  let kw: FixtureClient;
  let pm: FixtureClient;
  let other: FixtureClient;
  const both = { from: DAY_1, to: DAY_2 };

  beforeAll(async () => {
    kw = await fixtureClient(store(), 'kw');
    pm = await fixtureClient(store(), 'pm');
    other = await fixtureClient(store(), 'kw', 'Other tenant');
    const recorder = new SearchRecorder(store(), { flushEveryMs: 60_000 });
    await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS);
    await recordFixture(recorder, pm, 'pm', PARAMETRIC_SEARCHES);
    // Another tenant's searches of the same words must count nowhere above.
    await recordFixture(recorder, other, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS.slice(0, 1));
    await recorder.close();
  });

  it('given both days, then the summary holds the hand-counted totals and rates', async () => {
    const reader = new AnalyticsReader(store(), kw, both);
    expect(await reader.summary()).toEqual({
      searches: 6,
      zeroResultSearches: 2,
      zeroResultRate: 2 / 6,
      visitors: 5,
      clicks: 4,
      clickedSearches: 3,
      clickThroughRate: 0.5,
      averageClickPosition: 7 / 4,
      averageLatencyMs: 2,
    });
    expect(await reader.days()).toEqual([
      { day: DAY_1, searches: 4, zeroResultSearches: 2, visitors: 3, clicks: 3, clickedSearches: 2 },
      { day: DAY_2, searches: 2, zeroResultSearches: 0, visitors: 2, clicks: 1, clickedSearches: 1 },
    ]);
  });

  it('given the second day, then its figures, compared with the first day as the previous period', async () => {
    const reader = new AnalyticsReader(store(), kw, { from: DAY_2, to: DAY_2 });
    expect(await reader.summary()).toMatchObject({ searches: 2, zeroResultRate: 0, clickThroughRate: 0.5 });
    expect(await reader.previousSummary()).toMatchObject({ searches: 4, zeroResultSearches: 2, clicks: 3 });
  });

  it('given a period with nothing, then zeros, null rates and every day listed', async () => {
    const reader = new AnalyticsReader(store(), kw, { from: '2031-06-01', to: '2031-06-03' });
    expect(await reader.summary()).toEqual({
      searches: 0,
      zeroResultSearches: 0,
      zeroResultRate: null,
      visitors: 0,
      clicks: 0,
      clickedSearches: 0,
      clickThroughRate: null,
      averageClickPosition: null,
      averageLatencyMs: null,
    });
    expect((await reader.days()).map((d) => [d.day, d.searches])).toEqual([
      ['2031-06-01', 0],
      ['2031-06-02', 0],
      ['2031-06-03', 0],
    ]);
    expect(await reader.queries('searches', 10)).toEqual([]);
  });

  it('given the query lists, then top, zero-result and no-click queries in their orders', async () => {
    const reader = new AnalyticsReader(store(), kw, both);
    expect(await reader.queries('searches', 10)).toEqual([
      {
        query: 'red shoes',
        searches: 3,
        zeroResultSearches: 0,
        clicks: 4,
        clickedSearches: 3,
        clickThroughRate: 1,
        averageClickPosition: 7 / 4,
      },
      {
        query: 'blue hat',
        searches: 2,
        zeroResultSearches: 2,
        clicks: 0,
        clickedSearches: 0,
        clickThroughRate: 0,
        averageClickPosition: null,
      },
      {
        query: 'gloves',
        searches: 1,
        zeroResultSearches: 0,
        clicks: 0,
        clickedSearches: 0,
        clickThroughRate: 0,
        averageClickPosition: null,
      },
    ]);
    expect((await reader.queries('searches', 1)).map((q) => q.query)).toEqual(['red shoes']);
    expect((await reader.queries('zero-results', 10)).map((q) => q.query)).toEqual(['blue hat']);
    expect((await reader.queries('no-clicks', 10)).map((q) => q.query)).toEqual(['gloves']);
  });

  it('given a whole month or week, then the same lists, read from the monthly and weekly rollups', async () => {
    const byDays = new AnalyticsReader(store(), kw, both);
    for (const range of [
      { from: '2031-05-01', to: '2031-05-31' },
      { from: '2031-05-05', to: '2031-05-11' },
      { from: '2031-04-01', to: '2031-06-30' },
    ]) {
      const reader = new AnalyticsReader(store(), kw, range);
      expect(await reader.queries('searches', 10)).toEqual(await byDays.queries('searches', 10));
      expect(await reader.queries('no-clicks', 10)).toEqual(await byDays.queries('no-clicks', 10));
      expect(await reader.results(10)).toEqual(await byDays.results(10));
    }
    // Retention keeps from the second day: the lists leave the first out.
    const kept = new AnalyticsReader(store(), kw, { from: '2031-05-01', to: '2031-05-31' }, DAY_2);
    expect((await kept.queries('searches', 10)).map((q) => [q.query, q.searches])).toEqual([
      ['gloves', 1],
      ['red shoes', 1],
    ]);
  });

  it('given clicks, then results by clicks with their average position, and tabs with their rates', async () => {
    const reader = new AnalyticsReader(store(), kw, both);
    expect(await reader.results(10)).toEqual([
      { url: 'https://shop.test/p/red', clicks: 3, averageClickPosition: 4 / 3 },
      { url: 'https://shop.test/p/red-2', clicks: 1, averageClickPosition: 3 },
    ]);
    expect(await reader.tabs()).toEqual([
      {
        tab: 'all',
        searches: 4,
        zeroResultSearches: 1,
        clicks: 3,
        clickedSearches: 2,
        clickThroughRate: 0.5,
      },
      {
        tab: 'docs',
        searches: 2,
        zeroResultSearches: 1,
        clicks: 1,
        clickedSearches: 1,
        clickThroughRate: 0.5,
      },
    ]);
  });

  it('given parametric searches, then filters by use with their most selected values', async () => {
    const reader = new AnalyticsReader(store(), pm, both);
    expect(await reader.filters(5)).toEqual([
      {
        filterId: 'cat',
        searches: 2,
        zeroResultSearches: 1,
        values: [
          { value: 'A', searches: 2 },
          { value: 'B', searches: 1 },
        ],
      },
      { filterId: 'price', searches: 1, zeroResultSearches: 0, values: [] },
    ]);
    expect((await reader.filters(1))[0]?.values).toEqual([{ value: 'A', searches: 2 }]);
    expect((await reader.queries('searches', 10)).map((q) => [q.query, q.zeroResultSearches])).toEqual([
      ['', 1],
      ['sensor', 0],
    ]);
  });

  it("given another tenant's client, then only its own searches: one click, not four", async () => {
    const reader = new AnalyticsReader(store(), other, both);
    expect(await reader.summary()).toMatchObject({ searches: 6, clicks: 1, clickedSearches: 1 });
  });
});
