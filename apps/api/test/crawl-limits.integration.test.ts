import { CRAWL_STATUS, pageLimitReason } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FixtureSite,
  linkedSite,
  startFixtureSite,
} from '../src/crawler/rules/fixture-site.test-kit.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { allowLoopback, crawl, report, trapSite, untilReport } from './crawl-traps.ts';

// Crawl limits (ADR 0036) against sites that never end: a link generator of query-string variants,
// two start URLs of which one is a trap, and the page and depth limits. The URL limit at its
// default, with the stop's and the report's times, is crawl-frontier-full.alone.integration.test.ts.

describe('crawl limits at their defaults', () => {
  let t: Tenants;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await trapSite();
    t = await startWithTenants({ env: allowLoopback });
  }, 30_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
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
