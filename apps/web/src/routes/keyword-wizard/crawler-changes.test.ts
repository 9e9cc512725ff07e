import { KeywordSettings } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { changedCrawlerSettings, crawlerChangesReviewNote } from './crawler-changes.ts';

const loaded = KeywordSettings.parse({ urls: ['https://docs.example.com/', 'https://blog.example.com/'] });

describe('changedCrawlerSettings', () => {
  it('given settings as loaded, a new site, or only client settings changed, then no crawler setting changed', () => {
    expect(changedCrawlerSettings(loaded, loaded)).toEqual([]);
    expect(
      changedCrawlerSettings(loaded, {
        ...loaded,
        urls: [...loaded.urls, 'https://shop.example.com/'],
        origin: 'https://docs.example.com',
        relevance: [{ id: 'r1', weight: 5, target: 'URL', matches: '*/guide/*', match_type: 'wildcard' }],
      }),
    ).toEqual([]);
  });

  it('given a content target typed while its switch is off, then nothing the crawler reads changed', () => {
    expect(changedCrawlerSettings(loaded, { ...loaded, contentTarget: 'main' })).toEqual([]);
  });

  it('given a removed site and changed crawler settings, then each is named as the Crawler step labels it', () => {
    expect(
      changedCrawlerSettings(loaded, {
        ...loaded,
        urls: ['https://docs.example.com/'],
        pageLoadDelay: '2s',
        useContentTarget: true,
        contentTarget: 'main',
        customTagsSelector: 'meta[name="category"]',
      }),
    ).toEqual(['Sites to crawl', 'Page load delay', 'Content target', 'Custom tags selector']);
  });
});

describe('crawlerChangesReviewNote', () => {
  it('given one or several settings, then they are listed in a sentence', () => {
    expect(crawlerChangesReviewNote(['Page load delay'])).toBe(
      'Your changes to Page load delay take effect as each page is crawled again, not when you publish. The crawl report gives each page’s Next Check.',
    );
    expect(crawlerChangesReviewNote(['URL filters', 'Content target', 'Crawl frequency'])).toMatch(
      /^Your changes to URL filters, Content target and Crawl frequency take effect/,
    );
  });
});
