import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startWithTenants, type Tenants } from './actors.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  pathsOf,
  SHOP_PAGES,
  search,
  setClientSettings,
  setEngineSettings,
} from './keyword-fixture.ts';

// Curations of a crawled site: a query's hidden URLs never show in its public answer (any tab, any
// page, no count), its pinned ones lead, and only the engine's own account can change either.

let t: Tenants;
let shop: CrawledEngine;

const TABS = [
  { tabName: 'products', tabIcon: 'product', tabCategory: 'product' },
  { tabName: 'docs', tabIcon: 'documentation', tabCategory: '*/docs/*' },
];

describe('curations: pin and hide', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Curated shop', SHOP_PAGES);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
  });

  it('Given a hidden URL and a pinned one, when the query is searched, then the hidden page is gone from every tab, page and count and the pin leads', async () => {
    const origin = shop.site.origin;
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, { useTabs: true, tabs: TABS });
    const before = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(pathsOf(before.body, shop.site).sort()).toEqual([
      '/docs/resistor-guide',
      '/products/resistor-100',
    ]);
    expect(before.body.tabs.map((tab: { count: number }) => tab.count)).toEqual([2, 1, 1]);

    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      useTabs: true,
      tabs: TABS,
      resultRanking: {
        enabled: true,
        entries: [
          {
            query: 'Resistor',
            results: [`${origin}/docs/soldering`],
            hidden: [`${origin}/products/resistor-100`],
          },
        ],
      },
    });
    const curated = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(pathsOf(curated.body, shop.site)).toEqual(['/docs/soldering', '/docs/resistor-guide']);
    expect(curated.body.hits[0]).toMatchObject({ pinned: true, position: 1 });
    expect(curated.body.total).toBe(2);
    expect(curated.body.tabs.map((tab: { count: number }) => tab.count)).toEqual([2, 0, 2]);
    const products = await search(t.server, shop.clientId, { q: 'resistor', tab: 'products' });
    expect(products.body.hits).toEqual([]);
    expect(products.body.total).toBe(0);
    const secondPage = await search(t.server, shop.clientId, { q: 'resistor', pageSize: 1, page: 2 });
    expect(pathsOf(secondPage.body, shop.site)).toEqual(['/docs/resistor-guide']);
    const thirdPage = await search(t.server, shop.clientId, { q: 'resistor', pageSize: 1, page: 3 });
    expect(thirdPage.body.hits).toEqual([]);

    // Another query still finds the hidden page: hiding is for the entry's query alone.
    const other = await search(t.server, shop.clientId, { q: 'carbon resistor' });
    expect(pathsOf(other.body, shop.site)).toContain('/products/resistor-100');

    // Nor is it offered as a page suggestion for that query; typed halfway, it still is.
    const suggested = async (q: string) => {
      const answer = await fetch(`${t.server.base}/search/${shop.clientId}/suggest?q=${q}`);
      const { suggestions } = (await answer.json()) as { suggestions: { url?: string }[] };
      return suggestions.flatMap((s) => (s.url ? [new URL(s.url).pathname] : [])).sort();
    };
    expect(await suggested('resistor')).toEqual(['/docs/resistor-guide']);
    expect(await suggested('resis')).toEqual(['/docs/resistor-guide', '/products/resistor-100']);
  });

  it('Given a URL both pinned and hidden, then it is hidden; with result ranking off, nothing is', async () => {
    const origin = shop.site.origin;
    const entries = [
      { query: 'soldering', results: [`${origin}/blog/quick-fox`] },
      { query: 'SOLDERING', results: [], hidden: [`${origin}/blog/quick-fox`, `${origin}/docs/soldering`] },
    ];
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      resultRanking: { enabled: true, entries },
    });
    const hidden = await search(t.server, shop.clientId, { q: 'soldering' });
    expect(hidden.body.hits).toEqual([]);
    expect(hidden.body.total).toBe(0);

    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      resultRanking: { enabled: false, entries },
    });
    const off = await search(t.server, shop.clientId, { q: 'soldering' });
    expect(pathsOf(off.body, shop.site)).toEqual(['/docs/soldering']);
  });

  it('Given the wizard saves an entry with hidden URLs, then the engine keeps them as saved', async () => {
    const entry = { query: 'pricing', results: [], hidden: [`${shop.site.origin}/blog/colours`] };
    await setEngineSettings(t.server, t.ownerA.token, t.accountA, shop, {
      resultRanking: [entry],
      resultRankingEnabled: true,
    });
    const engine = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${shop.engineId}?accountId=${t.accountA}`,
    );
    expect(engine.status).toBe(200);
    expect(engine.body.resultRanking).toEqual([entry]);
  });

  it("Given another account's owner, when they change the curations, then nothing changes", async () => {
    const origin = shop.site.origin;
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      resultRanking: {
        enabled: true,
        entries: [{ query: 'fox', results: [], hidden: [`${origin}/blog/colours`] }],
      },
    });
    const client = await api(t.server, t.ownerB.token, 'PUT', `client/${shop.clientId}/settings`, {
      type: 'kw',
      settings: { resultRanking: { enabled: false, entries: [] } },
    });
    expect(client.status).toBe(404);
    const engine = await api(t.server, t.ownerB.token, 'PUT', `searchengines/${shop.engineId}`, {
      searchEngineType: 'kw',
      accountId: t.accountA,
      searchEngineName: shop.name,
      id: shop.engineId,
      urls: [`${origin}/`],
      resultRanking: [],
      resultRankingEnabled: false,
    });
    expect(engine.status).toBe(404);
    const fox = await search(t.server, shop.clientId, { q: 'fox' });
    expect(pathsOf(fox.body, shop.site)).toEqual(['/blog/quick-fox']);
  });
});
