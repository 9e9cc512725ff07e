import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// The crawler's calls over HTTP: settings, new sites, stop and the report, with the access rules of
// engine writes and reads. Nothing is fetched here (no crawl loop runs the frontier).

let t: Tenants;
let engine: string;

beforeAll(async () => {
  t = await startWithTenants();
  engine = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Crawled docs'))).documentId;
});
afterAll(async () => {
  await t?.server.close();
});

const report = (token: string, body: Record<string, unknown> = {}) =>
  api(t.server, token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId: engine,
    ...body,
  });

const urlsOf = (answer: { body: any }) => answer.body.hits.hits.map((hit: { url: string }) => hit.url);

describe('crawler calls', () => {
  it('Given an engine without a crawler, then its report is empty and finalized', async () => {
    const answer = await report(t.ownerA.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      hits: { total: { value: 0 }, hits: [] },
      finalized: true,
      counts: {},
    });
  });

  it('Given crawler settings, when created, then its start URLs are queued as Created and the crawl runs', async () => {
    const created = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: ['Docs.Example.com', 'https://docs.example.com/', 'https://blog.example.com/news'],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      recreate: true,
    });
    expect(created.body).toEqual({ engineId: engine, queued: 2 });
    const answer = await report(t.ownerA.token);
    expect(answer.body).toMatchObject({
      hits: { total: { value: 2 } },
      finalized: false,
      state: 'crawling',
      counts: { '0': 2 },
    });
    expect(urlsOf(answer)).toEqual(['https://docs.example.com/', 'https://blog.example.com/news']);
    expect(answer.body.hits.hits[0]).toMatchObject({ status: 0, last_check: null, next_check: null });
    const { rows } = await t.server.store.query(
      'SELECT urls, crawl_frequency, page_load_delay FROM crawlers WHERE account_id = $1 AND engine_id = $2',
      [t.accountA, engine],
    );
    expect(rows).toEqual([
      {
        urls: ['https://docs.example.com/', 'https://blog.example.com/news'],
        crawl_frequency: '24h',
        page_load_delay: '0ms',
      },
    ]);
  });

  it('Given a new site, when started, then it is queued once and kept in the crawler’s list', async () => {
    const site = { accountId: t.accountA, engineId: engine, site: 'shop.example.com/catalog' };
    expect((await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler', site)).body).toEqual({
      engineId: engine,
      queued: 1,
    });
    expect((await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler', site)).body.queued).toBe(0);
    const bad = await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler', {
      ...site,
      site: 'not a url',
    });
    expect([bad.status, detailOf(bad)]).toEqual([400, 'Enter a valid URL.']);
    expect((await report(t.ownerA.token)).body.hits.total.value).toBe(3);
  });

  it('Given the report, when filtered and paged, then total counts the matches and pages follow discovery order', async () => {
    const filtered = await report(t.userA.token, { searchTerm: 'EXAMPLE.COM/' });
    expect(filtered.body.hits.total.value).toBe(3);
    const page2 = await report(t.userA.token, { searchTerm: 'example', fromIndex: 2, resultSize: 2 });
    expect(urlsOf(page2)).toEqual(['https://shop.example.com/catalog']);
    const docs = await report(t.userA.token, { searchTerm: 'docs' });
    expect([docs.body.hits.total.value, urlsOf(docs)]).toEqual([1, ['https://docs.example.com/']]);
    const none = await report(t.userA.token, { status: 3 });
    expect(none.body.hits.total.value).toBe(0);
  });

  it("Given order 'recent', then URLs never checked come last found first; an unknown order is a 400", async () => {
    const recent = await report(t.userA.token, { order: 'recent' });
    expect(urlsOf(recent)).toEqual([
      'https://shop.example.com/catalog',
      'https://blog.example.com/news',
      'https://docs.example.com/',
    ]);
    expect((await report(t.userA.token, { order: 'newest' })).status).toBe(400);
  });

  it('Given a running crawl, when stopped, then waiting URLs are Interrupted and the report is finalized; a start resumes them', async () => {
    const stopped = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/stop', {
      accountId: t.accountA,
      engineId: engine,
    });
    expect(stopped.body).toEqual({ engineId: engine, interrupted: 3 });
    const afterStop = (await report(t.ownerA.token)).body;
    expect(afterStop).toMatchObject({ finalized: true, state: 'stopped', counts: { '8': 3 } });
    // Each URL says why it is where it is.
    expect(afterStop.hits.hits.map((hit: { reason?: string }) => hit.reason)).toEqual([
      'The crawl was stopped.',
      'The crawl was stopped.',
      'The crawl was stopped.',
    ]);
    await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      site: 'https://docs.example.com/',
    });
    const resumed = (await report(t.ownerA.token)).body;
    // Never fetched, they are Created again (a stop rewrites no row, see stopCrawl).
    expect(resumed).toMatchObject({ finalized: false, counts: { '0': 3 } });
    expect(resumed.hits.hits.filter((hit: object) => 'reason' in hit)).toEqual([]);
  });

  it('Given recreate, then the frontier starts over from the start URLs', async () => {
    const recreated = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: ['https://docs.example.com/'],
      recreate: true,
    });
    expect(recreated.body.queued).toBe(1);
    expect(urlsOf(await report(t.ownerA.token))).toEqual(['https://docs.example.com/']);
  });

  it('Given a user role, then it reads the report but cannot change the crawler (403)', async () => {
    const body = { accountId: t.accountA, engineId: engine };
    for (const [method, path, extra] of [
      ['POST', 'datasource/crawler', { urls: ['https://docs.example.com/'] }],
      ['PUT', 'datasource/crawler', { site: 'https://docs.example.com/' }],
      ['POST', 'datasource/crawler/stop', {}],
    ] as const) {
      const refused = await api(t.server, t.userA.token, method, path, { ...body, ...extra });
      expect({ path, method, status: refused.status }).toEqual({ path, method, status: 403 });
    }
    expect((await report(t.userA.token)).status).toBe(200);
  });

  it('Given a parametric engine, then it has no crawler (404)', async () => {
    const pm = await createEngine(t.server, t.ownerA, {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'Parametric one',
    });
    const answer = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: pm.documentId,
      urls: ['https://docs.example.com/'],
    });
    expect([answer.status, detailOf(answer)]).toEqual([404, 'Search engine not found.']);
  });

  it('Given another account’s owner, then every crawler call on this engine is a 404', async () => {
    for (const [method, path, extra] of [
      ['POST', 'datasource/crawler', { urls: ['https://evil.example/'] }],
      ['PUT', 'datasource/crawler', { site: 'https://evil.example/' }],
      ['POST', 'datasource/crawler/stop', {}],
      ['POST', 'datasource/crawler/report', {}],
    ] as const) {
      for (const accountId of [t.accountA, t.accountB]) {
        const answer = await api(t.server, t.ownerB.token, method, path, {
          accountId,
          engineId: engine,
          ...extra,
        });
        expect({ path, accountId, status: answer.status }).toEqual({ path, accountId, status: 404 });
      }
    }
    expect(urlsOf(await report(t.ownerA.token))).toEqual(['https://docs.example.com/']);
  });

  it('Given an engine with a crawler, when the engine is deleted, then its crawler and frontier go with it', async () => {
    const doomed = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Doomed engine')))
      .documentId;
    const body = { accountId: t.accountA, engineId: doomed, urls: ['https://docs.example.com/'] };
    expect((await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', body)).status).toBe(200);
    const deleted = await api(t.server, t.ownerA.token, 'DELETE', `searchengines/${doomed}`, {
      accountId: t.accountA,
    });
    expect(deleted.status).toBe(200);
    const { rows } = await t.server.store.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM crawlers WHERE account_id = $1 AND engine_id = $2)
         + (SELECT count(*)::int FROM crawl_urls WHERE account_id = $1 AND engine_id = $2) AS n`,
      [t.accountA, doomed],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
