import { describe, expect, it } from 'vitest';
import { crawlUrlKey } from './url-key.ts';

describe('crawlUrlKey', () => {
  it('Given spellings of one URL, then they have one key', () => {
    const keys = [
      'HTTPS://Example.COM:443/a?b=2&a=1',
      'https://example.com/a?a=1&b=2',
      'https://example.com:443/a?a=1&b=2',
    ].map((url) => crawlUrlKey(url, false));
    expect(new Set(keys)).toEqual(new Set(['https://example.com/a?a=1&b=2']));
  });

  it('Given fragments, then they count only when hash fragments are kept', () => {
    expect(crawlUrlKey('https://example.com/a#top', true)).toBe('https://example.com/a');
    expect(crawlUrlKey('https://example.com/a#top', false)).toBe('https://example.com/a#top');
  });

  it('Given a path in capitals or http and https, then they stay different URLs', () => {
    expect(crawlUrlKey('https://example.com/A', false)).not.toBe(crawlUrlKey('https://example.com/a', false));
    expect(crawlUrlKey('http://example.com/', false)).not.toBe(crawlUrlKey('https://example.com/', false));
  });
});
