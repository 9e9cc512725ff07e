import type { IncomingMessage, ServerResponse } from 'node:http';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING } from './keyword-fixture.ts';

// The crawl report's "found on" and page counts (Siteseer's additions): a broken link or a
// redirect loop names the page that linked to it, and the pages fetched but left out of search
// (noindex, not HTML, too big) are counted apart from those indexed, their statuses the spec's.

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const page = (title: string, body: string, head = '') =>
  answer(
    200,
    `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`,
    HTML,
  );
const redirect = (to: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(302, { location: to });
  res.end();
};

const routes = {
  '/': page(
    'Home',
    '<a href="/guide">Guide</a> <a href="/private">Private</a> <a href="/photo.jpg">Photo</a>',
  ),
  '/guide': page('Guide', '<a href="/gone">Old link</a> <a href="/loop-a">Loop</a> <a href="/huge">Huge</a>'),
  '/private': page('Private', '<p>Not for search.</p>', '<meta name="robots" content="noindex">'),
  // Not HTML and not a document (a PDF is read since documents are crawled: crawl-documents test).
  '/photo.jpg': answer(200, 'not really a JPEG', { 'content-type': 'image/jpeg' }),
  '/huge': answer(200, `<!doctype html><title>Huge</title><p>${'x'.repeat(6 * 1024 * 1024)}</p>`, HTML),
  '/loop-a': redirect('/loop-b'),
  '/loop-b': redirect('/loop-a'),
};

let t: Tenants;
let site: FixtureSite;

describe('the crawl report of a site with broken links and pages not indexed', () => {
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    t = await startWithTenants(CRAWLING);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
  });

  it('names the page each URL was found on, and counts the fetched pages indexed and not', async () => {
    const engine = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Found on'))).documentId;
    const queued = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId: engine,
      urls: [`${site.origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      recreate: true,
    });
    expect(queued.status).toBe(200);
    const done = await untilEnded(engine);
    const o = site.origin;
    const row = (path: string) => {
      const hit = done.hits.hits.find((h) => h.url === `${o}${path}`);
      return hit && { status: hit.status, found_on: hit.found_on, reason: hit.reason };
    };

    expect(row('/')).toEqual({ status: CRAWL_STATUS.SUCCESS, found_on: undefined, reason: undefined });
    expect(row('/gone')).toEqual({
      status: CRAWL_STATUS.NOT_FOUND,
      found_on: `${o}/guide`,
      reason: 'HTTP 404',
    });
    // A redirect loop: the first hop names the page that linked to it, the next hop the first.
    expect(row('/loop-a')).toMatchObject({ status: CRAWL_STATUS.REDIRECTED, found_on: `${o}/guide` });
    expect(row('/loop-b')).toEqual({
      status: CRAWL_STATUS.FETCH_FAILED,
      found_on: `${o}/loop-a`,
      reason: 'more than 5 redirects',
    });
    expect(row('/private')).toEqual({
      status: CRAWL_STATUS.SUCCESS,
      found_on: `${o}/`,
      reason: 'Not indexed: the page asks not to be (noindex).',
    });
    expect(row('/photo.jpg')).toEqual({
      status: CRAWL_STATUS.SUCCESS,
      found_on: `${o}/`,
      reason: 'Not indexed: image/jpeg is not HTML.',
    });
    expect(row('/huge')).toEqual({
      status: CRAWL_STATUS.FETCH_FAILED,
      found_on: `${o}/guide`,
      reason: 'Not indexed: the body is larger than 5 MB.',
    });
    // Home and Guide are in search; the noindex page, the photo and the huge page were fetched, not indexed.
    expect(done.pages).toEqual({ indexed: 2, notIndexed: 3 });
    expect(done.run?.checked).toBe(done.hits.total.value);
    expect(Date.parse(done.run?.lastCheckAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(done.run?.startedAt ?? ''),
    );
  });
});

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
