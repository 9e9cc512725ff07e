import { describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';
import { applyRobotsHeader, type RobotsDirectives } from './robots-directives.ts';

function fromHeader(...lines: string[]): RobotsDirectives {
  const into = { noindex: false, nofollow: false };
  applyRobotsHeader(into, lines);
  return into;
}

describe('X-Robots-Tag', () => {
  it('given directives for every crawler, then they apply; none is both', () => {
    expect(fromHeader('noindex')).toEqual({ noindex: true, nofollow: false });
    expect(fromHeader('NoFollow')).toEqual({ noindex: false, nofollow: true });
    expect(fromHeader('none')).toEqual({ noindex: true, nofollow: true });
    expect(fromHeader('all, index, follow, max-snippet: 20')).toEqual({ noindex: false, nofollow: false });
  });

  it('given another crawler named before a list, then the whole list is for it and not for us', () => {
    expect(fromHeader('otherbot: noindex, nofollow')).toEqual({ noindex: false, nofollow: false });
    expect(fromHeader('noindex, otherbot: nofollow')).toEqual({ noindex: true, nofollow: false });
  });

  it('given our token in any case, then the list is for us; each header line starts unscoped', () => {
    expect(fromHeader('SiteseerBot: noindex')).toEqual({ noindex: true, nofollow: false });
    expect(fromHeader('otherbot: noindex', 'nofollow')).toEqual({ noindex: false, nofollow: true });
    expect(fromHeader('otherbot: noindex, siteseerbot: nofollow')).toEqual({
      noindex: false,
      nofollow: true,
    });
  });

  it('given unavailable_after with a date holding colons, then it does not scope the list', () => {
    expect(fromHeader('unavailable_after: 25 Jun 2010 15:00:00 PST, noindex')).toEqual({
      noindex: true,
      nofollow: false,
    });
  });
});

describe('meta robots', () => {
  const url = 'https://a.example/';

  it('given <meta name=robots> and <meta name=SiteseerBot>, then both apply; other bots are ignored', () => {
    const page = (head: string) => extractPage(`<head>${head}</head><p>x</p>`, { url }).robots;
    expect(page('<meta name="ROBOTS" content="noindex">')).toEqual({ noindex: true, nofollow: false });
    expect(page('<meta name="SiteseerBot" content="nofollow">')).toEqual({ noindex: false, nofollow: true });
    expect(page('<meta name="googlebot" content="none">')).toEqual({ noindex: false, nofollow: false });
    expect(
      page('<meta name="robots" content="index, nofollow"><meta name="siteseerbot" content="noindex">'),
    ).toEqual({ noindex: true, nofollow: true });
  });

  it('given a header and a meta tag, then the stricter of the two applies', () => {
    const page = extractPage('<meta name="robots" content="nofollow"><p>x</p>', {
      url,
      headers: { 'X-Robots-Tag': 'noindex' },
    });
    expect(page.robots).toEqual({ noindex: true, nofollow: true });
  });
});
