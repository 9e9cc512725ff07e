import { describe, expect, it } from 'vitest';
import { urlAllowed } from './url-scope.test-kit.ts';
import { scopeVerdict, urlScope } from './url-scope.ts';

const sites = ['https://example.com/', 'docs.example.org'];

describe('urlScope: the start sites', () => {
  const inScope = urlScope(sites, null);

  it('allows the start sites in either scheme, with or without www', () => {
    expect(inScope('https://example.com/pricing')).toBe(true);
    expect(inScope('http://www.example.com/pricing')).toBe(true);
    expect(inScope('https://docs.example.org/guide')).toBe(true);
  });

  it('refuses other hosts, other ports, subdomains and other schemes', () => {
    expect(inScope('https://other.example/')).toBe(false);
    expect(inScope('https://example.com:8443/')).toBe(false);
    expect(inScope('https://blog.example.com/')).toBe(false);
    expect(inScope('https://example.org/')).toBe(false);
    expect(inScope('ftp://example.com/file')).toBe(false);
    expect(inScope('not a url')).toBe(false);
  });

  it('names a start URL that is not a site URL', () => {
    expect(() => urlScope(['ftp://x.example'], null)).toThrow(
      'The start URL "ftp://x.example" is not a valid site URL.',
    );
  });
});

describe('urlScope: URL filters', () => {
  it('allows everything on the sites when there are no filters, or only blank ones', () => {
    expect(urlAllowed('https://example.com/any', [], sites)).toBe(true);
    expect(urlAllowed('https://example.com/any', ['', '  '], sites)).toBe(true);
  });

  it('matches a path filter as a prefix of path and query', () => {
    const inScope = urlScope(sites, ['/docs/']);
    expect(inScope('https://example.com/docs/')).toBe(true);
    expect(inScope('https://example.com/docs/a/b?x=1')).toBe(true);
    expect(inScope('https://example.com/blog/docs/')).toBe(false);
    expect(inScope('https://example.com/')).toBe(false);
  });

  it('matches a host filter against host, path and query, and a full filter against the URL', () => {
    expect(urlAllowed('https://docs.example.org/v2/x', ['docs.example.org/v2'], sites)).toBe(true);
    expect(urlAllowed('https://example.com/v2/x', ['docs.example.org/v2'], sites)).toBe(false);
    expect(urlAllowed('https://example.com/a', ['https://example.com/a'], sites)).toBe(true);
    expect(urlAllowed('http://example.com/a', ['https://example.com/a'], sites)).toBe(false);
  });

  it('reads * and ? as wildcards, case-insensitively', () => {
    const inScope = urlScope(sites, ['/products/*/specs', '*.PDF$', '/v?/']);
    expect(inScope('https://example.com/products/x1/specs')).toBe(true);
    expect(inScope('https://example.com/files/sheet.pdf')).toBe(true);
    expect(inScope('https://example.com/files/sheet.pdf.html')).toBe(false);
    expect(inScope('https://example.com/v2/page')).toBe(true);
    expect(inScope('https://example.com/v10/page')).toBe(false);
  });

  it('takes filters starting with - out, whether include filters exist or not', () => {
    expect(urlAllowed('https://example.com/private/x', ['-/private/'], sites)).toBe(false);
    expect(urlAllowed('https://example.com/public/x', ['-/private/'], sites)).toBe(true);
    const inScope = urlScope(sites, ['/docs/', '-/docs/old/']);
    expect(inScope('https://example.com/docs/new')).toBe(true);
    expect(inScope('https://example.com/docs/old/page')).toBe(false);
  });

  it('never widens the scope beyond the start sites', () => {
    expect(urlAllowed('https://other.example/docs/', ['*'], sites)).toBe(false);
  });
});

describe('scopeVerdict: why a URL is in scope or not', () => {
  const verdict = scopeVerdict(sites, ['/docs/', '/guide/', '-/docs/old/']);

  it('names the site and the include filter a URL in scope matched', () => {
    expect(verdict('https://www.example.com/guide/a')).toEqual({
      inScope: true,
      site: 'https://example.com/',
      filter: '/guide/',
      refusal: null,
    });
  });

  it('names the exclude filter that left a URL out', () => {
    expect(verdict('https://example.com/docs/old/x')).toEqual({
      inScope: false,
      site: 'https://example.com/',
      filter: '-/docs/old/',
      refusal: 'excluded',
    });
  });

  it('says when no include filter matched, when the host is no site, and when it is no http URL', () => {
    expect(verdict('https://docs.example.org/blog/')).toMatchObject({ refusal: 'no-include', filter: null });
    expect(verdict('https://other.example/docs/')).toMatchObject({ refusal: 'other-site', site: null });
    expect(verdict('mailto:a@example.com')).toMatchObject({ refusal: 'not-http' });
  });

  it('agrees with urlScope', () => {
    const inScope = urlScope(sites, ['/docs/', '/guide/', '-/docs/old/']);
    for (const url of ['https://example.com/docs/a', 'https://example.com/docs/old/a', 'https://x.test/']) {
      expect(verdict(url).inScope).toBe(inScope(url));
    }
  });
});
