import { describe, expect, it } from 'vitest';
import { urlAllowed } from './url-scope.test-kit.ts';
import { urlScope } from './url-scope.ts';

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
