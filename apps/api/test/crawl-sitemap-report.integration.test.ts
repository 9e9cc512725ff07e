import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// The crawl report's sitemaps (Siteseer's addition): every sitemap of the start site, read or
// refused, with the reason, and the pages each listed that the crawl left out, counted by why
// (was: refused sitemaps and out-of-scope entries dropped with no reason anywhere).

const XML = { 'content-type': 'application/xml' };
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const urlset = (...locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;
const withHost = (body: (origin: string) => string) => (req: IncomingMessage, res: ServerResponse) =>
  answer(200, body(`http://${req.headers.host}`), XML)(req, res);

// 51 MB of spaces inside a urlset, a few kilobytes gzipped: past the protocol's 50 MB per file.
const BOMB = gzipSync(urlset(' '.repeat(51 * 1024 * 1024)));

const routes = {
  '/robots.txt': (req: IncomingMessage, res: ServerResponse) =>
    answer(
      200,
      [
        'User-agent: *',
        'Allow: /',
        `Sitemap: http://${req.headers.host}/pages.xml`,
        // A sitemap on a private address, which the crawler may not reach.
        'Sitemap: http://10.255.255.1/hidden.xml',
        `Sitemap: http://${req.headers.host}/lol.xml`,
        `Sitemap: http://${req.headers.host}/bomb.xml.gz`,
      ].join('\n'),
      { 'content-type': 'text/plain' },
    )(req, res),
  '/pages.xml': withHost((o) =>
    urlset(`${o}/`, `${o}/listed`, 'https://elsewhere.example/page', `${o}/drafts/wip`, 'ftp://x.example/'),
  ),
  // An entity expansion ("billion laughs"): refused as malformed, never expanded.
  '/lol.xml': answer(
    200,
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><urlset><url><loc>&lol2;</loc></url></urlset>',
    XML,
  ),
  '/bomb.xml.gz': answer(200, BOMB, XML),
  '/': answer(200, '<!doctype html><title>Home</title><main>Home page</main>', HTML),
  '/listed': answer(200, '<!doctype html><title>Listed</title><main>Only in the sitemap</main>', HTML),
};

let t: Tenants;
let site: FixtureSite;

describe('the crawl report of a site with sitemaps', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants({
      env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
      crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 2000 },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('lists each sitemap read or refused with the reason, and counts the pages it left out', async () => {
    const engine = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Sitemaps'))).documentId;
    const before = await report(engine);
    expect(before.sitemaps).toBeUndefined();
    await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      urlFilters: ['-/drafts/'],
      recreate: true,
    });
    const done = await untilEnded(engine);
    const o = site.origin;
    expect(done.sitemaps).toEqual({
      files: [
        {
          url: `${o}/pages.xml`,
          kind: 'sitemap',
          queued: 2,
          otherSite: 1,
          filtered: 1,
          invalid: 1,
          sitemaps: 0,
        },
        {
          url: 'http://10.255.255.1/hidden.xml',
          reason: expect.stringMatching(
            /^unreachable: address 10\.255\.255\.1 is in a refused range \(private\)/,
          ),
          ...NOTHING,
        },
        { url: `${o}/lol.xml`, reason: expect.stringMatching(/^malformed XML: .*entity/), ...NOTHING },
        { url: `${o}/bomb.xml.gz`, reason: 'larger than 52428800 bytes uncompressed', ...NOTHING },
        { url: `${o}/sitemap.xml`, reason: 'answered HTTP 404', ...NOTHING },
      ],
      omitted: 0,
    });
    // The sitemaps have no rows among the crawled URLs: those keep the spec's statuses.
    expect(done.hits.hits.map((hit) => [hit.url, hit.status])).toEqual([
      [`${o}/`, CRAWL_STATUS.SUCCESS],
      [`${o}/listed`, CRAWL_STATUS.SUCCESS],
    ]);
  });
});

const NOTHING = { queued: 0, otherSite: 0, filtered: 0, invalid: 0, sitemaps: 0 };

async function report(engineId: string): Promise<CrawlReportResponse> {
  const answer = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId,
    resultSize: 100,
  });
  return answer.body;
}

async function untilEnded(engineId: string): Promise<CrawlReportResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const body = await report(engineId);
    if (body.state !== 'crawling') return body;
    if (Date.now() > deadline) throw new Error(`The crawl did not end: ${JSON.stringify(body.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
