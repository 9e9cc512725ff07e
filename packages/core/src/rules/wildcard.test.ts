import { describe, expect, it } from 'vitest';
import { matchesWildcard, wildcardToRegExp } from './wildcard.ts';

describe('wildcard matching', () => {
  it.each([
    ['https://a.com/docs/*', 'https://a.com/docs/intro', true],
    ['https://a.com/docs/*', 'https://a.com/docs/', true],
    ['https://a.com/docs/*', 'https://a.com/blog/x', false],
    ['*://a.com/*', 'http://a.com/x', true],
    ['*/docs/*', 'https://a.com/docs/x', true],
    ['https://a.com/page?', 'https://a.com/page1', true],
    ['https://a.com/page?', 'https://a.com/page', false],
    ['https://a.com/page?', 'https://a.com/page12', false],
    ['HTTPS://A.COM/*', 'https://a.com/x', true],
    ['https://a.com/docs', 'https://a.com/docs/x', false],
    ['https://a.com/docs', 'prefix https://a.com/docs', false],
    ['https://a.com/a.b', 'https://a.com/aXb', false],
    ['https://a.com/(x)+[y]{2}|$^\\', 'https://a.com/(x)+[y]{2}|$^\\', true],
    ['https://a.com/?', 'https://a.com/😀', true],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
    ['  https://a.com/*  ', 'https://a.com/x', true],
    ['*.pdf', 'https://a.com/files/report.PDF', true],
  ])('Given the pattern %j, when matched against %j, then %s', (pattern, url, expected) => {
    expect(matchesWildcard(url, pattern)).toBe(expected);
  });

  it('Given a pattern, when converted, then the RegExp is anchored and case-insensitive', () => {
    const regex = wildcardToRegExp('a*b?');
    expect(regex.source).toBe('^a.*b.$');
    expect(regex.flags).toContain('i');
  });
});
