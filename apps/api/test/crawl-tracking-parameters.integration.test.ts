import type { IncomingMessage, ServerResponse } from 'node:http';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, htmlPage } from './keyword-fixture.ts';

// Tracking parameters and duplicates on a real site on 127.0.0.1: links and sitemap entries that
// differ only by campaign tags, click ids or an engine's own ignored parameters are one crawled URL,
// fetched once without them; a page with another's content is Duplicated, naming that page.

const sitemap = (req: IncomingMessage, res: ServerResponse) =>
  answer(
    200,
    `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>http://${req.headers.host}/listed?utm_campaign=spring</loc></url>
      <url><loc>http://${req.headers.host}/guide?fbclid=abc</loc></url>
    </urlset>`,
    { 'content-type': 'application/xml' },
  )(req, res);

/** The site's pages answer whatever their query: the crawl must not ask for the tracking variants. */
const routes = {
  '/robots.txt': answer(200, 'User-agent: *\nSitemap: /sitemap.xml\n', { 'content-type': 'text/plain' }),
  '/sitemap.xml': sitemap,
  '/': htmlPage(
    'Home',
    `<a href="/guide?utm_source=a">1</a> <a href="/guide?utm_source=b&amp;utm_medium=c">2</a>
     <a href="/guide?gclid=x">3</a> <a href="/guide">4</a>
     <a href="/offer?ref=1">5</a> <a href="/offer?referrer=2">6</a> <a href="/offer?item=7&amp;ref=3">7</a>
     <a href="/cart;jsessionid=0A1B2C">8</a> <a href="/copy-1">9</a>`,
  ),
  '/guide': htmlPage('Guide', '<p>The guide to tracking parameters.</p><a href="/copy-2">copy</a>'),
  '/offer': htmlPage('Offer', '<p>The offer.</p>'),
  '/offer?item=7': htmlPage('Offer item', '<p>Item seven.</p>'),
  '/cart': htmlPage('Cart', '<p>The cart.</p>'),
  '/listed': htmlPage('Listed', '<p>Listed in the sitemap only.</p>'),
  '/copy-1': htmlPage('Copy', '<p>Words found under two URLs.</p>'),
  '/copy-2': htmlPage('Copy', '<p>Words found under two URLs.</p>'),
};

let t: Tenants;
let site: FixtureSite;

describe('a crawl of a site linking its pages with tracking parameters', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants(CRAWLING);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('crawls each page once under its URL without them, and names the page a duplicate repeats', async () => {
    const engine = (
      await createEngine(
        t.server,
        t.ownerA,
        keywordDraft(t.accountA, 'Tracked', { ignoreParameters: ['ref*'] }),
      )
    ).documentId;
    const queued = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      ignoreParameters: ['ref*'],
      recreate: true,
    });
    expect(queued.status).toBe(200);
    const done = await untilEnded(engine);
    const o = site.origin;

    const statuses = Object.fromEntries(done.hits.hits.map((hit) => [hit.url.replace(o, ''), hit.status]));
    expect(statuses).toEqual({
      '/': CRAWL_STATUS.SUCCESS,
      '/guide': CRAWL_STATUS.SUCCESS,
      '/offer': CRAWL_STATUS.SUCCESS,
      '/offer?item=7': CRAWL_STATUS.SUCCESS,
      '/cart': CRAWL_STATUS.SUCCESS,
      '/listed': CRAWL_STATUS.SUCCESS,
      '/copy-1': expect.any(Number),
      '/copy-2': expect.any(Number),
    });
    const fetched = site.requests.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    expect(fetched.sort()).toEqual(
      ['/', '/guide', '/offer', '/offer?item=7', '/cart', '/listed', '/copy-1', '/copy-2'].sort(),
    );

    const copies = done.hits.hits.filter((hit) => hit.url.startsWith(`${o}/copy-`));
    const duplicate = copies.find((hit) => hit.status === CRAWL_STATUS.DUPLICATED);
    const original = copies.find((hit) => hit.status === CRAWL_STATUS.SUCCESS);
    expect(duplicate?.reason).toBe(`Same content as ${original?.url}.`);
    expect(done.counts[CRAWL_STATUS.DUPLICATED]).toBe(1);
  });

  it("keeps an engine's ignored parameters, and refuses one that is no parameter name, naming it", async () => {
    const engine = (
      await createEngine(
        t.server,
        t.ownerA,
        keywordDraft(t.accountA, 'Ignoring', { ignoreParameters: ['ref*', ' Session '] }),
      )
    ).documentId;
    const got = await api(t.server, t.ownerA.token, 'GET', `searchengines/${engine}?accountId=${t.accountA}`);
    expect(got.body.ignoreParameters).toEqual(['ref*', 'Session']);

    const refused = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`],
      ignoreParameters: ['ref*', 'utm source'],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('\\"utm source\\" is not a URL parameter name');
    const tooMany = await api(t.server, t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Too many'),
      ignoreParameters: Array.from({ length: 101 }, (_, n) => `p${n}`),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('At most 100 ignored URL parameters.');
  });
});

async function untilEnded(engineId: string): Promise<CrawlReportResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
      accountId: t.accountA,
      engineId,
      resultSize: 100,
    });
    const report = answered.body as CrawlReportResponse;
    if (report.state !== 'crawling') return report;
    if (Date.now() > deadline) throw new Error(`The crawl did not end: ${JSON.stringify(report.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
