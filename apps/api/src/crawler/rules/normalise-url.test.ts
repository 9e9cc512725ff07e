import { describe, expect, it } from 'vitest';
import {
  crawledUrl,
  normalisePercentEncoding,
  normaliseUrl,
  resolveLink,
  URL_MAX_CHARS,
  UrlRefusedError,
} from './normalise-url.ts';

const keep = { removeHashFragments: false };
const drop = { removeHashFragments: true };

describe('normaliseUrl', () => {
  it('lowercases scheme and host and drops the default port', () => {
    expect(normaliseUrl('HTTP://Example.COM:80/Path', keep)).toBe('http://example.com/Path');
    expect(normaliseUrl('https://example.com:443/', keep)).toBe('https://example.com/');
    expect(normaliseUrl('https://example.com:8443', keep)).toBe('https://example.com:8443/');
  });

  it("drops an in-page anchor always, and an app's view only when removeHashFragments is on", () => {
    expect(normaliseUrl('https://example.com/a#top', drop)).toBe('https://example.com/a');
    expect(normaliseUrl('https://example.com/a#top', keep)).toBe('https://example.com/a');
    expect(normaliseUrl('https://example.com/a#', keep)).toBe('https://example.com/a');
    expect(normaliseUrl('https://example.com/app#!/pricing', keep)).toBe('https://example.com/app#!/pricing');
    expect(normaliseUrl('https://example.com/app#/pricing', keep)).toBe('https://example.com/app#/pricing');
    expect(normaliseUrl('https://example.com/app#!/pricing', drop)).toBe('https://example.com/app');
  });

  it('sorts query parameters by name, keeping the order of equal names', () => {
    expect(normaliseUrl('https://example.com/s?b=1&a=2&c&a=1', keep)).toBe(
      'https://example.com/s?a=2&a=1&b=1&c',
    );
  });

  it('keeps query values as written instead of re-encoding them as a form', () => {
    expect(normaliseUrl('https://example.com/s?next=/a/b&q=x+y', keep)).toBe(
      'https://example.com/s?next=/a/b&q=x+y',
    );
  });

  it('drops an empty query and empty parameters', () => {
    expect(normaliseUrl('https://example.com/a?', keep)).toBe('https://example.com/a');
    expect(normaliseUrl('https://example.com/a?&&x=1&', keep)).toBe('https://example.com/a?x=1');
    expect(normaliseUrl('https://example.com/a?#f', drop)).toBe('https://example.com/a');
  });

  it('resolves dot segments and gives an empty path a slash', () => {
    expect(normaliseUrl('https://example.com/a/./b/../c', keep)).toBe('https://example.com/a/c');
    expect(normaliseUrl('https://example.com', keep)).toBe('https://example.com/');
  });

  it('percent-encodes what WHATWG encodes, upper-cases escapes and decodes unreserved ones', () => {
    expect(normaliseUrl('https://example.com/a b/ツ', keep)).toBe('https://example.com/a%20b/%E3%83%84');
    expect(normaliseUrl('https://example.com/%7euser/%2f?q=%41%3d', keep)).toBe(
      'https://example.com/~user/%2F?q=A%3D',
    );
  });

  it('refuses other schemes, relative URLs and credentials, naming the problem', () => {
    expect(() => normaliseUrl('ftp://example.com/', keep)).toThrow(
      new UrlRefusedError('ftp://example.com/', 'only http and https URLs are crawled'),
    );
    expect(() => normaliseUrl('/relative', keep)).toThrow('/relative: not an absolute URL');
    expect(() => normaliseUrl('https://me:pw@example.com/', keep)).toThrow(
      'URLs with a user name or password are not crawled',
    );
  });
});

describe('normalisePercentEncoding', () => {
  it('keeps reserved escapes encoded, so /a%2Fb stays a different path from /a/b', () => {
    expect(normalisePercentEncoding('/a%2fb%3F%2a')).toBe('/a%2Fb%3F%2A');
  });
});

describe('resolveLink', () => {
  const page = 'https://example.com/docs/guide/intro.html';

  it('resolves relative, root-relative, protocol-relative and absolute links', () => {
    expect(resolveLink(page, 'next.html')).toBe('https://example.com/docs/guide/next.html');
    expect(resolveLink(page, '../api/')).toBe('https://example.com/docs/api/');
    expect(resolveLink(page, '/pricing')).toBe('https://example.com/pricing');
    expect(resolveLink(page, '//cdn.example.com/x')).toBe('https://cdn.example.com/x');
    expect(resolveLink(page, '  http://other.example/ ')).toBe('http://other.example/');
    expect(resolveLink(page, '#part')).toBe('https://example.com/docs/guide/intro.html#part');
  });

  it('skips links that are not http(s)', () => {
    for (const href of ['mailto:a@example.com', 'javascript:void(0)', 'tel:+1', 'data:text/plain,x']) {
      expect(resolveLink(page, href)).toBeUndefined();
    }
    expect(resolveLink(page, 'http://[bad')).toBeUndefined();
  });

  it('skips links longer than 2,048 characters once resolved (regression: their page could not be stored)', () => {
    const path = `/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(resolveLink(page, path)).toHaveLength(URL_MAX_CHARS);
    expect(resolveLink(page, `${path}b`)).toBeUndefined();
    // 700 characters as written, 4,200 percent-encoded.
    expect(resolveLink(page, `/${'é'.repeat(700)}`)).toBeUndefined();
  });
});

describe('normaliseUrl as the frontier key', () => {
  it('Given spellings of one URL, then they have one key', () => {
    const keys = [
      'HTTPS://Example.COM:443/a?b=2&a=1',
      'https://example.com/a?a=1&b=2',
      'https://example.com:443/a?a=1&b=2',
    ].map((url) => normaliseUrl(url, { removeHashFragments: false }));
    expect(new Set(keys)).toEqual(new Set(['https://example.com/a?a=1&b=2']));
  });

  it('Given a path in capitals or http and https, then they stay different URLs', () => {
    const key = (url: string) => normaliseUrl(url, { removeHashFragments: false });
    expect(key('https://example.com/A')).not.toBe(key('https://example.com/a'));
    expect(key('http://example.com/')).not.toBe(key('https://example.com/'));
  });
});

describe('normaliseUrl with tracking parameters', () => {
  const key = (url: string, ignoreParameters?: string[]) =>
    normaliseUrl(url, { removeHashFragments: false, ...(ignoreParameters ? { ignoreParameters } : {}) });

  it('Given utm, click-id and plain spellings of one page, then they have one key', () => {
    const keys = [
      'https://example.com/a?utm_source=a',
      'https://example.com/a?utm_source=b&utm_medium=c',
      'https://example.com/a?gclid=x',
      'https://example.com/a?UTM_Campaign=x&fbclid=y&msclkid=z&_ga=1&_gl=2',
      'https://example.com/a',
    ].map((url) => key(url));
    expect(new Set(keys)).toEqual(new Set(['https://example.com/a']));
  });

  it('drops ignored parameters and sorts the rest', () => {
    expect(key('https://example.com/s?q=x&utm_source=news&page=2&PHPSESSID=9')).toBe(
      'https://example.com/s?page=2&q=x',
    );
  });

  it('drops a session id in the path or the query, keeping the page apart from others', () => {
    expect(key('https://example.com/cart;jsessionid=0A1B?item=3&jsessionid=0A1B')).toBe(
      'https://example.com/cart?item=3',
    );
    expect(key('https://example.com/a?sid=7')).toBe('https://example.com/a?sid=7');
  });

  it("Given an engine's ref* pattern, then ?ref=1 and ?referrer=2 are the plain page", () => {
    expect(key('https://example.com/a?ref=1', ['ref*'])).toBe('https://example.com/a');
    expect(key('https://example.com/a?referrer=2', ['ref*'])).toBe('https://example.com/a');
    expect(key('https://example.com/a?ref=1')).toBe('https://example.com/a?ref=1');
  });
});

describe('crawledUrl', () => {
  it('drops ignored parameters and session path parameters, keeping the rest as written', () => {
    const options = { removeHashFragments: false, ignoreParameters: ['ref*'] };
    expect(crawledUrl('https://x.test/a?b=2&utm_source=x&A=1&referrer=y#top', options)).toBe(
      'https://x.test/a?b=2&A=1',
    );
    expect(crawledUrl('https://x.test/app;jsessionid=Z?gclid=1#!/Pricing', options)).toBe(
      'https://x.test/app#!/Pricing',
    );
  });

  it('drops a fragment that is not kept and keeps the rest as written', () => {
    expect(crawledUrl('https://x.test/a?b=1#top', keep)).toBe('https://x.test/a?b=1');
    expect(crawledUrl('https://x.test/a?b=1#top', drop)).toBe('https://x.test/a?b=1');
    expect(crawledUrl('https://x.test/a', keep)).toBe('https://x.test/a');
    expect(crawledUrl('https://X.test/app#!/Pricing', keep)).toBe('https://X.test/app#!/Pricing');
    expect(crawledUrl('https://X.test/app#!/Pricing', drop)).toBe('https://X.test/app');
  });
});
