import { describe, expect, it } from 'vitest';
import type { CrawlReportSitemap } from '../domain/crawl-report.ts';
import { crawlSitemapSentence, crawlSitemapTotals } from './crawl-sitemaps.ts';

const file = (fields: Partial<CrawlReportSitemap>): CrawlReportSitemap => ({
  url: 'https://docs.example.com/sitemap.xml',
  queued: 0,
  otherSite: 0,
  filtered: 0,
  invalid: 0,
  sitemaps: 0,
  ...fields,
});

describe('crawlSitemapSentence', () => {
  it.each([
    ['a sitemap not found', file({ reason: 'answered HTTP 404' }), 'Not read: answered HTTP 404.'],
    [
      'a sitemap on a private address',
      file({ reason: 'unreachable: address 10.0.0.5 is in a refused range (private)' }),
      'Not read: unreachable: address 10.0.0.5 is in a refused range (private).',
    ],
    ['an index', file({ kind: 'index', sitemaps: 3 }), 'Index of 3 sitemaps.'],
    ['an index of one', file({ kind: 'index', sitemaps: 1 }), 'Index of 1 sitemap.'],
    ['a sitemap of in-scope pages', file({ kind: 'sitemap', queued: 1204 }), '1,204 pages queued.'],
    [
      'a sitemap with pages left out',
      file({ kind: 'sitemap', queued: 1, otherSite: 4, filtered: 2, invalid: 1 }),
      '1 page queued; 4 on other sites; 2 outside the URL filters; 1 entry with no URL the crawler fetches.',
    ],
    [
      'a sitemap with one page on another site',
      file({ kind: 'sitemap', queued: 2, otherSite: 1 }),
      '2 pages queued; 1 on another site.',
    ],
    [
      'a sitemap read in part',
      file({ kind: 'sitemap', queued: 3, reason: 'read in part: the sitemaps list more than 3 pages' }),
      '3 pages queued. Read in part: the sitemaps list more than 3 pages.',
    ],
  ])('Given %s, then it reads %j', (_case, sitemap, expected) => {
    expect(crawlSitemapSentence(sitemap)).toBe(expected);
  });
});

describe('crawlSitemapTotals', () => {
  it('Given sitemaps read, not read and omitted, then it counts each and the pages queued', () => {
    const files = [
      file({ kind: 'index', sitemaps: 2 }),
      file({ kind: 'sitemap', queued: 10, otherSite: 3 }),
      file({ reason: 'answered HTTP 404' }),
    ];
    expect(crawlSitemapTotals({ files, omitted: 5 })).toEqual({ read: 2, notRead: 6, queued: 10 });
  });
});
