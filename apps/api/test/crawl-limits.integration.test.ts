import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CRAWL_STATUS, pageLimitReason } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../src/crawler/fetch/fixture-server.ts';
import { type FixtureSite, linkedSite, startFixtureSite } from '../src/crawler/rules/fixture-site.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// Crawl limits (ADR 0036) against sites that never end: a link generator of query-string variants,
// one of new paths, two start URLs of which one is a trap, and the page and depth limits.

const page = (title: string, links: readonly string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>Words of ${title}.</p>${links.map((href, n) => `<a href="${href}">link ${n}</a>`).join(' ')}</main></body></html>`;

const random = () => Math.random().toString(36).slice(2, 10);

/**
 * A careless site: its home links a few real pages and a search page `/q?…` that answers with 50
 * links to itself, each with one more random parameter; `/g/…` does the same with new paths.
 */
async function trapSite(): Promise<FixtureSite> {
  const requests: string[] = [];
  const server = await startFixtureServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const html = (title: string, links: readonly string[]) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(title, links));
    if (path === '/') return html('Home', ['/q?s=1', '/deep', '/links', '/meta1']);
    if (path === '/deep') return html('Deep', ['/deep/2']);
    if (path === '/deep/2') return html('Deeper', ['/deep/3']);
    if (path === '/deep/3' || path === '/links' || path === '/meta1') return html(path, []);
    if (path.startsWith('/q?'))
      return html(
        'Results',
        Array.from({ length: 50 }, (_, n) => `${path}&r${n}=${random()}`),
      );
    if (path.startsWith('/g/'))
      return html(
        'Generated',
        Array.from({ length: 50 }, () => `/g/${random()}`),
      );
    res.writeHead(404).end();
  });
  return { origin: server.origin, requests, close: server.close };
}

type Report = {
  state: string;
  counts: Record<string, number>;
  hits: { total: { value: number }; hits: { url: string; status: number; reason?: string }[] };
  limits: { kind: string; limit: number; count: number; path?: string; message: string }[];
  publication?: { publishedRunId: number | null };
};

async function report(t: Tenants, engineId: string, extra: Record<string, unknown> = {}): Promise<Report> {
  const answer = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId,
    resultSize: 20,
    ...extra,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function untilReport(t: Tenants, engineId: string, done: (r: Report) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await report(t, engineId);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`Still waiting: ${JSON.stringify([body.state, body.counts])}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function crawl(t: Tenants, name: string, urls: readonly string[]): Promise<string> {
  const engineId = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, name))).documentId;
  const created = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId,
    urls,
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
  });
  expect(created.status).toBe(200);
  return engineId;
}

const allowLoopback = { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' };

describe('crawl limits at their defaults', () => {
  let t: Tenants;
  let site: FixtureSite;
  let dataDir: string;
  beforeAll(async () => {
    site = await trapSite();
    // On disk, as `pnpm start` keeps it: in memory, the database's files would count as the server's.
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-crawl-limits-'));
    t = await startWithTenants({ env: allowLoopback, dataDir });
  }, 30_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('Given a link generator of query-string variants, then one path keeps 100, the crawl ends and is published, and the report says why', async () => {
    const engineId = await crawl(t, 'Query trap', [`${site.origin}/`]);
    const done = await untilReport(t, engineId, (r) => r.state !== 'crawling');
    expect(done.state).toBe('finished');
    expect(done.publication?.publishedRunId).not.toBeNull();
    // The home page, /deep, /links, /meta1, /deep's two, and 100 variants of /q (/q?s=1 is one).
    expect(done.hits.total.value).toBe(1 + 3 + 2 + 100);
    const variants = done.limits.find((limit) => limit.kind === 'queryVariants');
    expect(variants).toMatchObject({ limit: 100, path: `${site.origin}/q` });
    expect(variants?.count).toBeGreaterThan(0);
    expect(variants?.message).toMatch(new RegExp(`^Not queued: too many variants of ${site.origin}/q `));

    // Breadth first: the home page's links are fetched before any page three hops away.
    const order = site.requests.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    const hops = (path: string) =>
      path.startsWith('/q?') ? path.split('&').length : path.split('/').length - 1;
    const lastNear = Math.max(...['/deep', '/links', '/meta1'].map((path) => order.indexOf(path)));
    const firstFar = order.findIndex((path) => hops(path) >= 3);
    expect(lastNear).toBeGreaterThan(0);
    expect(firstFar).toBeGreaterThan(lastNear);
  }, 90_000);

  it('Given a generator of new paths, then the frontier stops at 100,000 URLs, memory stays bounded, a stop is quick and the report quicker', async () => {
    globalThis.gc?.();
    const idle = process.memoryUsage().rss;
    const engineId = await crawl(t, 'Path trap', [`${site.origin}/g/start`]);
    // Watched as `crawl watch` does, so the report's copy is current when the crawl is stopped.
    const full = await untilReport(
      t,
      engineId,
      (r) => r.limits.some((limit) => limit.kind === 'urls'),
      120_000,
    );
    expect(full.state).toBe('crawling');
    expect(full.hits.total.value).toBe(100_000);
    expect(full.limits.find((limit) => limit.kind === 'urls')?.message).toMatch(
      /^The crawl reached its limit of 100,000 known URLs: [\d,]+ links? found after that (was|were) not queued\.$/,
    );

    const stopStarted = performance.now();
    const stopped = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/stop', {
      accountId: t.accountA,
      engineId,
    });
    const stopMs = performance.now() - stopStarted;
    expect(stopped.status).toBe(200);
    expect(stopped.body.interrupted).toBeGreaterThan(90_000);
    expect(stopMs).toBeLessThan(2_000);

    await report(t, engineId);
    const reportStarted = performance.now();
    const after = await report(t, engineId, { status: CRAWL_STATUS.INTERRUPTED });
    expect(performance.now() - reportStarted).toBeLessThan(100);
    expect(after.state).toBe('stopped');
    // Less the fetches in flight at the stop, recorded after it.
    expect(after.hits.total.value).toBeLessThanOrEqual(stopped.body.interrupted);
    expect(after.hits.total.value).toBeGreaterThan(stopped.body.interrupted - 300);
    expect(after.hits.hits[0]?.reason).toBe('The crawl was stopped.');
    expect(after.counts[CRAWL_STATUS.CREATED]).toBeUndefined();

    globalThis.gc?.();
    expect(process.memoryUsage().rss - idle).toBeLessThan(300 * 1024 * 1024);
  }, 180_000);
});

describe('crawl limits set low', () => {
  let t: Tenants;
  let trap: FixtureSite;
  let linked: FixtureSite;
  beforeAll(async () => {
    [trap, linked] = await Promise.all([trapSite(), startFixtureSite(linkedSite(40, 5))]);
    t = await startWithTenants({
      env: {
        ...allowLoopback,
        SITESEER_CRAWL_MAX_URLS: '20000',
        SITESEER_CRAWL_MAX_PAGES: '1000',
        SITESEER_CRAWL_MAX_DEPTH: '3',
      },
    });
  }, 30_000);
  afterAll(async () => {
    await t?.server.close();
    await Promise.all([trap?.close(), linked?.close()]);
  });

  it('Given a trap and a second site in one crawl, then the second is crawled in full beside the trap', async () => {
    const engineId = await crawl(t, 'Two sites', [`${trap.origin}/g/start`, `${linked.origin}/`]);
    const done = await untilReport(t, engineId, (r) => r.state !== 'crawling');
    expect(done.state).toBe('finished');
    // The linked site's pages three hops away at most: /p/0, /p/1-3 and /p/4-12. Taken by depth
    // across the crawl, they waited behind the trap's 2,550 pages of depth 1 and 2.
    const linkedPages = linked.requests.filter((path) => path.startsWith('/p/'));
    expect(new Set(linkedPages).size).toBe(13);
    // The trap spent what the page limit left: 1,000 fetches across both sites, no more.
    const fetched = Object.entries(done.counts)
      .filter(([status]) => Number(status) !== CRAWL_STATUS.INTERRUPTED)
      .reduce((sum, [, n]) => sum + n, 0);
    expect(fetched).toBe(1000);
    expect(done.limits.map((limit) => limit.kind).sort()).toEqual(['depth', 'pages', 'urls']);
    const leftOut = await report(t, engineId, { status: CRAWL_STATUS.INTERRUPTED, resultSize: 1 });
    expect(leftOut.hits.total.value).toBe(20_000 - 1000);
    expect(leftOut.hits.hits[0]?.reason).toBe(pageLimitReason(1000));
    expect(done.limits.find((limit) => limit.kind === 'pages')).toMatchObject({
      limit: 1000,
      count: 20_000 - 1000,
    });
    expect(done.limits.find((limit) => limit.kind === 'depth')?.message).toMatch(
      /^Links more than 3 hops from a start URL were not followed \(on [\d,]+ pages?\)\.$/,
    );
  }, 120_000);
});
