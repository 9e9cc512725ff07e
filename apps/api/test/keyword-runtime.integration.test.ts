import { availableParallelism } from 'node:os';
import { KeywordSearchResult } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api, ingestEngine } from './harness.ts';
import {
  addPages,
  CRAWLING,
  type CrawledEngine,
  crawlAndPublish,
  crawledEngine,
  crawlerState,
  htmlPage,
  pathsOf,
  SHOP_PAGES,
  search,
  setClientSettings,
  until,
} from './keyword-fixture.ts';

// The keyword runtime as a service: who may call it (CORS by the client's origin, tenants apart),
// the categories the wizard's tab step reads, how soon a new crawl is searched, the preview page,
// the API document, and every search and click recorded.

let t: Tenants;
let shop: CrawledEngine;
let other: CrawledEngine;

describe('the keyword search runtime', () => {
  beforeAll(async () => {
    t = await startWithTenants(CRAWLING);
    shop = await crawledEngine(t, 'Electronics shop', SHOP_PAGES);
    other = await crawledEngine(
      t,
      'Tenant B garden',
      { '/roses': htmlPage('Roses', '<p>Prune the roses in March.</p>', 'plant') },
      t.ownerB,
      t.accountB,
    );
  }, 90_000);
  afterAll(async () => {
    await t?.server.close();
    await shop?.site.close();
    await other?.site.close();
  });

  it("answers browsers of the client's origins only (CORS), GETs without a preflight", async () => {
    const allowed = 'http://localhost:4001';
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {
      origin: `${allowed}, http://localhost:4002`,
    });
    const yes = await search(t.server, shop.clientId, { q: 'fox' }, { origin: allowed });
    expect(yes.status).toBe(200);
    expect(yes.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(yes.headers.get('vary')).toContain('Origin');
    // Another site's page: refused before any search (its browser could not read the answer), so
    // nothing is recorded; the server's own pages and callers without an Origin are served.
    const no = await search(t.server, shop.clientId, { q: 'fox' }, { origin: 'http://localhost:4003' });
    expect(no.status).toBe(403);
    expect(no.body.detail).toBe(
      "This search engine does not answer pages of http://localhost:4003: the sites that may use it are the origins of the engine's settings.",
    );
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    const own = await search(t.server, shop.clientId, { q: 'fox' }, { origin: t.server.base });
    expect(own.status).toBe(200);
    expect((await search(t.server, shop.clientId, { q: 'fox' })).status).toBe(200);
    const suggest = await fetch(`${t.server.base}/search/${shop.clientId}/suggest?q=fo`, {
      headers: { origin: allowed },
    });
    expect(suggest.headers.get('access-control-allow-origin')).toBe(allowed);
    const preflight = await fetch(`${t.server.base}/search/${shop.clientId}/click`, {
      method: 'OPTIONS',
      headers: { origin: allowed, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);

    await setClientSettings(t.server, t.ownerA.token, shop.clientId, {});
    const any = await search(t.server, shop.clientId, { q: 'fox' }, { origin: 'http://localhost:4003' });
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("keeps tenants apart: a client id answers for its own engine's pages only", async () => {
    const mine = await search(t.server, other.clientId, { q: 'roses' });
    expect(pathsOf(mine.body, other.site)).toEqual(['/roses']);
    const notMine = await search(t.server, other.clientId, { q: 'resistor' });
    expect(notMine.body.total).toBe(0);
    // An engine id is not a client id; made-up ids and parametric clients have no keyword search.
    const parametric = await ingestEngine(t.server, t.ownerA.token, 'Parts table', 'name,price\nbolt,1\n');
    for (const id of [shop.engineId, crypto.randomUUID(), 'not-an-id', parametric.clientId]) {
      const refused = await search(t.server, id, { q: 'resistor' }, { origin: 'http://localhost:4003' });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body.detail).toBe('Search engine not found.');
      // Readable by the page that asked (no client, no origins to hold it to): the widget can tell.
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await fetch(`${t.server.base}/search/${parametric.clientId}/config`)).status).toBe(200);
  });

  it("gives the wizard the custom tags of the published pages as categories, to their account's users only", async () => {
    const filters = (who: { token: string }, accountId: string, engineId: string, category: string[] = []) =>
      api(t.server, who.token, 'POST', `searchengines/${engineId}/filters?accountId=${accountId}`, {
        appliedFilters: { category },
      });
    const mine = await filters(t.userA, t.accountA, shop.engineId);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ category: { documentation: 2, product: 2 } });
    expect((await filters(t.userA, t.accountA, shop.engineId, ['product'])).body).toEqual({
      category: { product: 2 },
    });
    expect((await filters(t.ownerB, t.accountB, other.engineId)).body).toEqual({ category: { plant: 1 } });
    // B asks for A's engine: under B's account it is not there; under A's, B has no access.
    expect((await filters(t.ownerB, t.accountB, shop.engineId)).status).toBe(404);
    expect((await filters(t.ownerB, t.accountA, shop.engineId)).status).toBeGreaterThanOrEqual(403);
  });

  it('searches a newly published crawl within 2 s of the crawl finishing', async () => {
    const before = await crawlerState(t.server, t.accountA, shop.engineId);
    expect((await search(t.server, shop.clientId, { q: 'inductor' })).body.total).toBe(0);
    addPages(shop, {
      '/products/inductor': htmlPage('Toroidal inductor', '<p>A coil on a ring.</p>', 'product'),
    });
    await crawlAndPublish(t.server, t.ownerA.token, t.accountA, shop);
    const published = await crawlerState(t.server, t.accountA, shop.engineId);
    expect(Number(published?.published_run_id)).toBeGreaterThan(Number(before?.published_run_id));
    const finishedAt = published?.run_finished_at?.getTime() ?? Number.NaN;
    // Indexed as it was published, before any search asked for it.
    const runtime = t.server.state.keyword;
    const indexedAt = await until('the new generation to be indexed', async () =>
      runtime.registry
        .indexed()
        .some(
          (key) =>
            key.engineId === shop.engineId && key.generation.startsWith(`${published?.published_run_id}:`),
        )
        ? Date.now()
        : undefined,
    );
    expect(indexedAt - finishedAt).toBeLessThan(2000);
    const first = await search(t.server, shop.clientId, { q: 'inductor' });
    expect(pathsOf(first.body, shop.site)).toEqual(['/products/inductor']);
    expect(Date.now() - finishedAt).toBeLessThan(2000);
    const found = await search(t.server, shop.clientId, { q: 'toroidal' });
    expect(pathsOf(found.body, shop.site)).toEqual(['/products/inductor']);
  });

  it.skipIf(availableParallelism() < 2)(
    'builds snippets on a worker thread while the event loop is busy, as one search alone builds them',
    async () => {
      const pages = Object.fromEntries(
        ['ohm', 'farad', 'henry', 'volt', 'ampere', 'watt'].map((unit) => [
          `/units/${unit}`,
          htmlPage(
            `The ${unit}`,
            `<p>Measuring with the ${unit}: the ${unit} explained for circuits.</p>`,
            'unit',
          ),
        ]),
      );
      const units = await crawledEngine(t, 'Units', pages);
      try {
        const queries = ['ohm', 'farad', 'henry', 'volt', 'ampere', 'watt', 'circuits', 'measuring'];
        const runtime = t.server.state.keyword;
        const before = runtime.snippets.workerBuilds;
        // A loop that has run code without a pause for longer than the load's window: busy.
        runtime.loop.busy();
        const until = performance.now() + 80;
        while (performance.now() < until) {
          // Busy, as with searches queued behind each other.
        }
        const together = await Promise.all(queries.map((q) => search(t.server, units.clientId, { q })));
        expect(runtime.snippets.workerBuilds).toBeGreaterThan(before);
        // One at a time: built in line. `rewrite` only keeps the answers apart in the answer cache.
        const alone: string[][] = [];
        for (const q of queries) {
          const { body } = await search(t.server, units.clientId, { q, rewrite: false });
          alone.push(body.hits.map((hit: { snippet: string }) => hit.snippet));
        }
        expect(together.map(({ body }) => body.hits.map((hit: { snippet: string }) => hit.snippet))).toEqual(
          alone,
        );
        expect(alone.flat().filter((snippet) => snippet.includes('<mark>')).length).toBeGreaterThan(
          queries.length,
        );
      } finally {
        await units.site.close();
      }
    },
  );

  it('serves the keyword preview page at the path the portal opens, with the widget and its search box', async () => {
    const path = `/api/client/${shop.clientId}/kw/preview?engineName=${encodeURIComponent('Shop <preview>')}`;
    const page = await fetch(`${t.server.base}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain('<title>Shop &lt;preview&gt; | Preview | Siteseer</title>');
    expect(html).toContain(
      `<script src="${t.server.config.publicUrl}/widget/siteseer-widget.js" data-siteseer-client="${shop.clientId}" ` +
        `data-siteseer-api="${t.server.config.publicUrl}" data-siteseer-input="#siteseer-search-input" nonce="${nonce}" defer></script>`,
    );
    expect(html).toContain('<input type="search" id="siteseer-search-input" aria-label="Search">');
    expect(html).toContain('<div data-siteseer-results></div>');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    // Without a name, the engine's; an unknown client or a parametric one has no keyword preview.
    const unnamed = await fetch(`${t.server.base}/api/client/${shop.clientId}/kw/preview`).then((r) =>
      r.text(),
    );
    expect(unnamed).toContain('<h1>Electronics shop</h1>');
    expect((await fetch(`${t.server.base}/api/client/${crypto.randomUUID()}/kw/preview`)).status).toBe(404);

    // The install snippet of a keyword client is the same markup.
    const snippet = await api(t.server, t.ownerA.token, 'GET', `client/${shop.clientId}/kw/snippet`);
    expect(snippet.body.body).toBe(
      '<input type="search" id="siteseer-search-input" aria-label="Search">\n<div data-siteseer-results></div>',
    );
  });

  it("applies the engine's rewrite rules in the preview, where the install snippet leaves them off", async () => {
    const rule = {
      rule: '^http: -> https:',
      config: { pattern: '^http:', flags: '', replacement: 'https:' },
    };
    await setClientSettings(t.server, t.ownerA.token, shop.clientId, { urlRewriteRules: [rule] });
    try {
      const html = await fetch(`${t.server.base}/api/client/${shop.clientId}/kw/preview`).then((r) =>
        r.text(),
      );
      expect(html).toContain(
        'data-siteseer-input="#siteseer-search-input" data-siteseer-url-rewriting="true"',
      );
      expect(html).toContain('Result links follow the URL rewrite rules');
      const snippet = await api(t.server, t.ownerA.token, 'GET', `client/${shop.clientId}/kw/snippet`);
      expect(snippet.body.head).not.toContain('data-siteseer-url-rewriting');
    } finally {
      await setClientSettings(t.server, t.ownerA.token, shop.clientId, {});
    }
    const html = await fetch(`${t.server.base}/api/client/${shop.clientId}/kw/preview`).then((r) => r.text());
    expect(html).not.toContain('data-siteseer-url-rewriting');
  });

  it('documents the public keyword calls in the OpenAPI document', async () => {
    const document = (await fetch(`${t.server.base}/api/openapi.json`).then((r) => r.json())) as any;
    for (const [path, method] of [
      ['/search/{clientId}/config', 'get'],
      ['/search/{clientId}/keyword', 'get'],
      ['/search/{clientId}/suggest', 'get'],
      ['/search/{clientId}/click', 'post'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['search']);
      expect(operation.summary).toBeTruthy();
      expect(operation.security).toEqual([]);
    }
    const parameters = document.paths['/search/{clientId}/keyword'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(parameters).toEqual(
      expect.arrayContaining(['clientId', 'q', 'tab', 'page', 'pageSize', 'descriptionSize', 'rewrite']),
    );
  });

  it('records every search, and a click sent as a beacon (text/plain JSON)', async () => {
    const answer = await search(
      t.server,
      shop.clientId,
      { q: 'Brown  FOX ', tab: 'all' },
      {
        'user-agent': 'keyword-test',
      },
    );
    // Sent as bytes, without the schema's check on the way out (routes/search.ts): it holds
    // anyway, with nothing the schema lacks (parsing would drop it).
    expect(answer.body.hits.length).toBeGreaterThan(1);
    expect(answer.body).toEqual(KeywordSearchResult.parse(answer.body));
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The same search again comes from the cache of answers' bytes: the same answer, with its own
    // search id and time.
    const again = await search(t.server, shop.clientId, { q: 'Brown  FOX ', tab: 'all' });
    const { searchId: _first, took: _took, ...fields } = answer.body;
    expect(again.body).toEqual({ ...fields, searchId: expect.any(String), took: expect.any(Number) });
    expect(again.body.searchId).not.toBe(answer.body.searchId);
    const { searchId } = answer.body;
    const url = answer.body.hits[1].url;
    const click = await fetch(`${t.server.base}/search/${shop.clientId}/click`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'keyword-test' },
      body: JSON.stringify({ searchId, url, position: 2 }),
    });
    expect(click.status).toBe(204);
    const bad = await fetch(`${t.server.base}/search/${shop.clientId}/click`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"searchId": ',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^Body is not valid JSON/);

    await t.server.state.recorder.flush();
    const { rows: searches } = await t.server.store.query<Record<string, unknown>>(
      `SELECT engine_type, query, tab, page, result_count, visitor_id FROM search_events
       WHERE account_id = $1 AND client_id = $2 AND id = $3`,
      [t.accountA, shop.clientId, searchId],
    );
    expect(searches).toEqual([
      {
        engine_type: 'kw',
        query: 'brown fox',
        tab: 'all',
        page: 1,
        result_count: answer.body.total,
        visitor_id: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    ]);
    const { rows: clicks } = await t.server.store.query<Record<string, unknown>>(
      'SELECT url, position, visitor_id FROM search_clicks WHERE account_id = $1 AND search_id = $2',
      [t.accountA, searchId],
    );
    expect(clicks).toEqual([{ url, position: 2, visitor_id: searches[0]?.visitor_id }]);
  });

  it('given an empty or blank q, then the tabs are listed and no search is recorded (no zero-result search counted)', async () => {
    const recorded = async () =>
      (
        await t.server.store.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM search_events WHERE account_id = $1 AND client_id = $2',
          [t.accountA, shop.clientId],
        )
      ).rows[0]?.n;
    await t.server.state.recorder.flush();
    const before = await recorded();
    for (const q of ['', '   ']) {
      const answer = await search(t.server, shop.clientId, { q });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ total: 0, hits: [] });
      expect(answer.body.tabs.length).toBeGreaterThan(0);
    }
    await search(t.server, shop.clientId, { q: 'fox' });
    await t.server.state.recorder.flush();
    expect(await recorded()).toBe((before ?? 0) + 1);
  });

  it("drops a deleted engine's index in the process, and its client answers 404", async () => {
    const runtime = t.server.state.keyword;
    expect((await search(t.server, other.clientId, { q: 'roses' })).status).toBe(200);
    expect(runtime.registry.indexed().some((key) => key.engineId === other.engineId)).toBe(true);
    const deleted = await api(t.server, t.ownerB.token, 'DELETE', `searchengines/${other.engineId}`, {
      accountId: t.accountB,
    });
    expect(deleted.status).toBe(200);
    await until('the index to be dropped', async () =>
      runtime.registry.indexed().some((key) => key.engineId === other.engineId) ? undefined : true,
    );
    expect((await search(t.server, other.clientId, { q: 'roses' })).status).toBe(404);
  });

  it("drops the indexes of a deleted account's engines, and their clients answer 404", async () => {
    const account = await api(t.server, t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Short-lived',
      products: ['kw'],
      users: [{ first: 'Demo', last: 'Owner', email: t.ownerB.email, role: 'owner' }],
    });
    expect(account.status).toBe(200);
    const gone = await crawledEngine(
      t,
      'Short-lived bulbs',
      { '/tulips': htmlPage('Tulips', '<p>Plant tulips in autumn.</p>') },
      t.ownerB,
      account.body.id,
    );
    try {
      const runtime = t.server.state.keyword;
      expect((await search(t.server, gone.clientId, { q: 'tulips' })).status).toBe(200);
      expect(runtime.registry.indexed().some((key) => key.engineId === gone.engineId)).toBe(true);
      const deleted = await api(t.server, t.superAdmin.token, 'DELETE', `admin/account/${account.body.id}`);
      expect(deleted.status).toBe(200);
      await until('the index to be dropped', async () =>
        runtime.registry.indexed().some((key) => key.engineId === gone.engineId) ? undefined : true,
      );
      expect((await search(t.server, gone.clientId, { q: 'tulips' })).status).toBe(404);
    } finally {
      await gone.site.close();
    }
  });
});
