import { describe, expect, it } from 'vitest';
import { crawlHeldSentence, isHeldByGuard } from './crawl-publication.ts';

describe('crawl publishing guard', () => {
  it.each([
    [90, 100, false],
    [89, 100, true],
    [899, 1000, true],
    [900, 1000, false],
    [0, 0, false],
    [0, 1, true],
    [120, 100, false],
  ])('Given %i pages against %i published, then held is %s', (pages, published, held) => {
    expect(isHeldByGuard(pages, published)).toBe(held);
  });

  it('Given a held crawl, then the sentence gives both counts and the loss, with a decimal near 10 %', () => {
    expect(crawlHeldSentence(812, 1054)).toBe(
      'This crawl found 812 pages, 23 % fewer than the 1,054 of the published one, so it was not published.',
    );
    expect(crawlHeldSentence(896, 1000)).toContain('10.4 % fewer than the 1,000');
  });
});
