import { describe, expect, it } from 'vitest';
import { fixtureClient } from '../analytics/search-fixture.test-kit.ts';
import { frontierStores, useStore } from './crawler/frontier-stores.test-kit.ts';
import { readPopularQueries } from './popular-queries.ts';
import { SearchBatch } from './search-batch.ts';
import { insertSearchBatch } from './search-events.ts';

describe.each(frontierStores)('Popular queries on %s', (_name, open) => {
  const store = useStore(open);

  it('given one visitor a day searching a query on three days, then it is not popular; three visitors on one day, then it is', async () => {
    const client = await fixtureClient(store(), 'kw', 'Popular');
    const searches = new SearchBatch();
    const search = (day: string, query: string, visitorId: string) =>
      searches.add({
        ...client,
        at: new Date(`${day}T12:00:00Z`),
        engineType: 'kw',
        query,
        tab: 'all',
        filters: null,
        page: 1,
        resultCount: 4,
        latencyMs: 1,
        visitorId,
      });
    // Visitor ids are daily pseudonyms: the same person has another id each day, so three days of
    // one person's order number must not make it a suggestion shown to everyone.
    for (const [n, day] of ['2031-05-06', '2031-05-07', '2031-05-08'].entries()) {
      search(day, 'order 81723', `person-day-${n}`);
    }
    for (const visitor of ['a', 'b', 'c']) search('2031-05-07', 'red shoes', visitor);
    await insertSearchBatch(store(), searches);

    const popular = await readPopularQueries(store(), client, '2031-05-01', 3, 10);
    expect(popular.map((q) => q.query)).toEqual(['red shoes']);
  });
});
