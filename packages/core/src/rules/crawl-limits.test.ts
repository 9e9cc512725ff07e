import { describe, expect, it } from 'vitest';
import { crawlLimitSentence, pageLimitReason } from './crawl-limits.ts';

describe('crawl limit sentences', () => {
  it('name the limit and what was left out, in the words of the report', () => {
    expect(crawlLimitSentence({ kind: 'urls', limit: 100_000, count: 12_345 })).toBe(
      'The crawl reached its limit of 100,000 known URLs: 12,345 links found after that were not queued.',
    );
    expect(crawlLimitSentence({ kind: 'pages', limit: 100_000, count: 1 })).toBe(
      'The crawl reached its limit of 100,000 fetched pages: 1 URL was not fetched. Start the crawl again to fetch them.',
    );
    expect(crawlLimitSentence({ kind: 'depth', limit: 50, count: 3 })).toBe(
      'Links more than 50 hops from a start URL were not followed (on 3 pages).',
    );
    expect(
      crawlLimitSentence({ kind: 'queryVariants', limit: 100, count: 7_950, path: 'https://example.com/q' }),
    ).toBe('Not queued: too many variants of https://example.com/q (the limit is 100 a path): 7,950 links.');
    expect(crawlLimitSentence({ kind: 'queryVariants', limit: 100, count: 2 })).toContain(
      'variants of other paths',
    );
  });

  it('give a URL left unfetched a reason that says what to do', () => {
    expect(pageLimitReason(5000)).toBe(
      'Not fetched: the crawl reached its limit of 5,000 pages. Start the crawl again to fetch it.',
    );
  });
});
