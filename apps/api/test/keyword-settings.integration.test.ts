import { parseRewriteRule } from '@siteseer/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
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

// Each setting of the keyword wizard, saved through the portal API, changes what the public search
// of a crawled site answers: the order or the content of its results.

let t: Tenants;
let shop: CrawledEngine;

const TABS = [
  { tabName: 'products', tabIcon: 'product', tabCategory: 'product' },
  { tabName: 'docs', tabIcon: 'documentation', tabCategory: '*/docs/*' },
];

describe('the keyword wizard settings, applied by the search', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Electronics shop', SHOP_PAGES);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
  });
  beforeEach(async () => {
    // Each test starts from the wizard's defaults.
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {});
    await setEngineSettings(t.server, t.ownerA.token, t.accountA, shop, {});
  });

  it('lists the tabs with their counts, All first, and searches within the chosen one', async () => {
    const before = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(before.body.tabs).toEqual([{ name: 'all', icon: 'all', count: 2 }]);

    await setClientSettings(t.server, t.ownerA.token, shop.clientId, { useTabs: true, tabs: TABS });
    const all = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(all.body.tabs).toEqual([
      { name: 'all', icon: 'all', count: 2 },
      { name: 'products', icon: 'product', count: 1 },
      { name: 'docs', icon: 'documentation', count: 1 },
    ]);
    expect(all.body.total).toBe(2);
    const docs = await search(t.server, shop.clientId, { q: 'resistor', tab: 'docs' });
    expect(pathsOf(docs.body, shop.site)).toEqual(['/docs/resistor-guide']);
    expect(docs.body.total).toBe(1);
    // The counts of every tab stay in the answer whichever tab is chosen.
    expect(docs.body.tabs).toEqual(all.body.tabs);
    const products = await search(t.server, shop.clientId, { q: 'resistor', tab: 'Products' });
    expect(pathsOf(products.body, shop.site)).toEqual(['/products/resistor-100']);

    const config = await fetch(`${t.server.base}/search/${shop.clientId}/config`).then((r) => r.json());
    expect(config).toEqual({
      clientId: shop.clientId,
      type: 'kw',
      engineName: 'Electronics shop',
      tabs: [
        { name: 'all', icon: 'all' },
        { name: 'products', icon: 'product' },
        { name: 'docs', icon: 'documentation' },
      ],
    });
    const unknown = await search(t.server, shop.clientId, { q: 'resistor', tab: 'videos' });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body.detail).toBe(
      "Unknown tab 'videos': this search engine's tabs are 'all', 'products', 'docs'.",
    );
  });

  it('moves the pages a relevance rule matches up the ranking', async () => {
    const plain = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(pathsOf(plain.body, shop.site)).toEqual(['/products/resistor-100', '/docs/resistor-guide']);

    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      relevance: [
        { id: crypto.randomUUID(), weight: 10, target: 'URL', matches: '*/docs/*', match_type: 'wildcard' },
      ],
    });
    const boosted = await search(t.server, shop.clientId, { q: 'resistor' });
    expect(pathsOf(boosted.body, shop.site)).toEqual(['/docs/resistor-guide', '/products/resistor-100']);
  });

  it('puts the pinned results of the query first, in order, skipping a URL that is not indexed', async () => {
    const plain = await search(t.server, shop.clientId, { q: 'soldering' });
    expect(pathsOf(plain.body, shop.site)).toEqual(['/docs/soldering']);

    const origin = shop.site.origin;
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      useTabs: true,
      tabs: TABS,
      resultRanking: {
        enabled: true,
        entries: [
          {
            query: 'Soldering',
            results: [`${origin}/blog/quick-fox`, `${origin}/not-crawled`, `${origin}/docs/soldering`],
          },
        ],
      },
    });
    const pinned = await search(t.server, shop.clientId, { q: 'soldering' });
    expect(pathsOf(pinned.body, shop.site)).toEqual(['/blog/quick-fox', '/docs/soldering']);
    expect(pinned.body.hits.map((hit: { pinned: boolean }) => hit.pinned)).toEqual([true, true]);
    expect(pinned.body.hits.map((hit: { position: number }) => hit.position)).toEqual([1, 2]);
    // Pinned pages count once, in every tab they belong to.
    expect(pinned.body.total).toBe(2);
    expect(pinned.body.tabs.map((tab: { count: number }) => tab.count)).toEqual([2, 0, 1]);
    // A pinned page that does not hold the query's words still gets a snippet.
    expect(pinned.body.hits[0].snippet).toBe('The quick brown fox jumps over the lazy dog.');

    const second = await search(t.server, shop.clientId, { q: 'soldering', pageSize: 1, page: 2 });
    expect(pathsOf(second.body, shop.site)).toEqual(['/docs/soldering']);
    expect(second.body.hits[0]).toMatchObject({ pinned: true, position: 2 });
    const inDocs = await search(t.server, shop.clientId, { q: 'soldering', tab: 'docs' });
    expect(pathsOf(inDocs.body, shop.site)).toEqual(['/docs/soldering']);

    // Only the query of the entry pins; off, nothing does.
    const other = await search(t.server, shop.clientId, { q: 'soldering basics' });
    expect(pathsOf(other.body, shop.site)).toEqual(['/docs/soldering']);
    expect(other.body.hits[0].pinned).toBe(false);
  });

  it('finds pages by the synonyms of the synonyms file, both ways', async () => {
    const before = await search(t.server, shop.clientId, { q: 'assistance' });
    expect(before.body.total).toBe(0);

    await setEngineSettings(t.server, t.ownerA.token, t.accountA, shop, {
      csvSynonymTable: 'helpdesk, assistance\nsolder joint => fox',
    });
    const found = await search(t.server, shop.clientId, { q: 'assistance' });
    expect(pathsOf(found.body, shop.site)).toEqual(['/support/contact']);
    expect(found.body.hits[0].snippet).toContain('<mark>helpdesk</mark>');
    // A multi-word rule: the phrase finds its synonym's pages, beside its own.
    const phrase = await search(t.server, shop.clientId, { q: 'solder joint' });
    expect(pathsOf(phrase.body, shop.site)).toEqual(
      expect.arrayContaining(['/blog/quick-fox', '/blog/colours']),
    );
  });

  it("maps characters at index and query time, and marks the page's own characters", async () => {
    // The default mapping: Ω => ohm.
    const ohm = await search(t.server, shop.clientId, { q: 'ohm' });
    expect(pathsOf(ohm.body, shop.site)).toEqual(['/products/resistor-100']);
    expect(ohm.body.hits[0].title).toBe('Resistor 100 Ω');
    expect(ohm.body.hits[0].snippet).toBe(
      'A carbon film resistor rated 100 <mark>Ω</mark>. This resistor suits general circuits.',
    );
    const omega = await search(t.server, shop.clientId, { q: '100 Ω' });
    expect(pathsOf(omega.body, shop.site)).toEqual(['/products/resistor-100']);

    // Without the pair, 'ohm' is no longer a word of the page (a new index is made).
    await setEngineSettings(t.server, t.ownerA.token, t.accountA, shop, { csvCharMappings: "’ => '" });
    const unmapped = await search(t.server, shop.clientId, { q: 'ohm' });
    expect(unmapped.body.total).toBe(0);
  });

  it('rewrites result URLs by the rules, unless the search asks for them as crawled', async () => {
    const rule = '/products/(.*) -> /shop/$1';
    const config = parseRewriteRule(rule);
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, { urlRewriteRules: [{ rule, config }] });
    const rewritten = await search(t.server, shop.clientId, { q: 'capacitor' });
    expect(rewritten.body.hits.map((hit: { url: string }) => hit.url)).toEqual([
      `${shop.site.origin}/shop/capacitor`,
    ]);
    const asCrawled = await search(t.server, shop.clientId, { q: 'capacitor', rewrite: false });
    expect(asCrawled.body.hits.map((hit: { url: string }) => hit.url)).toEqual([
      `${shop.site.origin}/products/capacitor`,
    ]);
    const suggested = await fetch(`${t.server.base}/search/${shop.clientId}/suggest?q=capa`).then((r) =>
      r.json(),
    );
    expect(suggested).toEqual({
      suggestions: [{ kind: 'page', title: 'Ceramic capacitor', url: `${shop.site.origin}/shop/capacitor` }],
    });
  });
});
