import type { CrawlReportSitemap } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { SITEMAP_REPORT_NOT_READ, type SitemapDiscovery, sitemapOutcome, sitemapReport } from './sitemaps.ts';
import { urlScope } from './url-scope.ts';

const SITES = ['https://docs.example/', 'https://blog.example/'];
const crawl = {
  sites: SITES,
  scope: urlScope(SITES, ['-/drafts/']),
  removeHashFragments: true,
};

const read = (
  url: string,
  kind: 'urlset' | 'sitemapindex',
  fields: { skipped?: number; sitemaps?: number } = {},
) => ({
  url,
  kind,
  reason: undefined,
  skipped: fields.skipped ?? 0,
  sitemaps: fields.sitemaps ?? 0,
});
const page = (loc: string, sitemap: string) => ({ loc, lastmod: undefined, sitemap });

describe('sitemapOutcome (was: pages out of scope and refused sitemaps dropped with no reason anywhere)', () => {
  it('given a sitemap listing pages in and out of the crawl, then it queues those in and counts the rest by why', () => {
    const map = 'https://docs.example/sitemap.xml';
    const discovery: SitemapDiscovery = {
      files: [read(map, 'urlset', { skipped: 2 })],
      refused: [],
      pages: [
        page('https://docs.example/a#intro', map),
        page('https://www.docs.example/b', map),
        page('https://blog.example/post', map),
        page('https://cdn.example/asset', map),
        page('https://docs.example/drafts/x', map),
        page('https://user@docs.example/secret', map),
      ],
    };
    const outcome = sitemapOutcome(discovery, crawl);
    expect(outcome.pages).toEqual([
      { url: 'https://docs.example/a', urlKey: 'https://docs.example/a' },
      { url: 'https://www.docs.example/b', urlKey: 'https://www.docs.example/b' },
      { url: 'https://blog.example/post', urlKey: 'https://blog.example/post' },
    ]);
    expect(outcome.files).toEqual([
      { url: map, kind: 'sitemap', queued: 3, otherSite: 1, filtered: 1, invalid: 3, sitemaps: 0 },
    ]);
  });

  it("given pages listed with tracking parameters, then each is queued under its URL without them, the engine's own dropped too", () => {
    const map = 'https://docs.example/sitemap.xml';
    const discovery: SitemapDiscovery = {
      files: [read(map, 'urlset')],
      refused: [],
      pages: [
        page('https://docs.example/a?utm_source=feed&v=2', map),
        page('https://docs.example/b;jsessionid=X1?referrer=news&gclid=1', map),
      ],
    };
    const outcome = sitemapOutcome(discovery, { ...crawl, ignoreParameters: ['ref*'] });
    expect(outcome.pages).toEqual([
      { url: 'https://docs.example/a?v=2', urlKey: 'https://docs.example/a?v=2' },
      { url: 'https://docs.example/b', urlKey: 'https://docs.example/b' },
    ]);
  });

  it('given an index and sitemaps not read, then each has its row in order, with the reason', () => {
    const top = 'https://docs.example/index.xml';
    const discovery: SitemapDiscovery = {
      files: [
        read(top, 'sitemapindex', { sitemaps: 2 }),
        {
          url: 'https://docs.example/big.xml',
          kind: undefined,
          reason: 'larger than 52428800 bytes uncompressed',
          skipped: 0,
          sitemaps: 0,
        },
        {
          ...read('https://docs.example/part.xml', 'urlset'),
          reason: 'read in part: the sitemaps list more than 1 pages',
        },
      ],
      refused: [],
      pages: [page('https://docs.example/1', 'https://docs.example/part.xml')],
    };
    expect(sitemapOutcome(discovery, crawl).files).toEqual([
      { url: top, kind: 'index', queued: 0, otherSite: 0, filtered: 0, invalid: 0, sitemaps: 2 },
      {
        url: 'https://docs.example/big.xml',
        reason: 'larger than 52428800 bytes uncompressed',
        queued: 0,
        otherSite: 0,
        filtered: 0,
        invalid: 0,
        sitemaps: 0,
      },
      {
        url: 'https://docs.example/part.xml',
        kind: 'sitemap',
        reason: 'read in part: the sitemaps list more than 1 pages',
        queued: 1,
        otherSite: 0,
        filtered: 0,
        invalid: 0,
        sitemaps: 0,
      },
    ]);
  });
});

describe('sitemapReport', () => {
  const file = (url: string, kind?: 'sitemap'): CrawlReportSitemap => ({
    url,
    ...(kind ? { kind } : { reason: 'answered HTTP 404' }),
    queued: 0,
    otherSite: 0,
    filtered: 0,
    invalid: 0,
    sitemaps: 0,
  });

  it('given more sitemaps not read than it lists, then it keeps every one read and counts the rest', () => {
    const notRead = Array.from({ length: SITEMAP_REPORT_NOT_READ + 5 }, (_, i) =>
      file(`https://x.example/${i}.xml`),
    );
    const report = sitemapReport([...notRead, file('https://docs.example/read.xml', 'sitemap')]);
    expect(report.files).toHaveLength(SITEMAP_REPORT_NOT_READ + 1);
    expect(report.files.at(-1)?.url).toBe('https://docs.example/read.xml');
    expect(report.omitted).toBe(5);
  });

  it('given two start sites on one origin, then their sitemaps are listed once', () => {
    const twice = [
      file('https://docs.example/sitemap.xml', 'sitemap'),
      file('https://docs.example/sitemap.xml', 'sitemap'),
    ];
    expect(sitemapReport(twice)).toEqual({ files: [twice[0]], omitted: 0 });
  });
});
