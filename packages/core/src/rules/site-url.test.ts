import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isValidSiteUrl, toCrawlUrl, validateSiteUrlInput } from './site-url.ts';

describe('site URL', () => {
  it.each([
    'example.com',
    'www.example.com',
    'https://example.com',
    'http://example.com/docs/',
    'HTTPS://Example.COM/Docs?q=1#top',
    '  example.com  ',
    'localhost',
    'localhost:8080/path',
    'http://127.0.0.1:3000',
    'sub.domain.example.co.uk',
    'bücher.de',
    'my-site.example.com:8443/a/b?c=d',
    'http://[::1]:8080/',
    '[2001:db8::1]',
    'https://[2001:db8::1]:8443/docs',
    '[::ffff:127.0.0.1]',
  ])('Given %j, when checked, then it is a valid site URL', (input) => {
    expect(isValidSiteUrl(input)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '   '],
    ['a single label', 'intranet'],
    ['a space inside', 'exa mple.com'],
    ['an ftp URL', 'ftp://example.com'],
    ['a javascript URL', 'javascript://example.com'],
    ['a mailto address', 'mailto:someone@example.com'],
    ['credentials', 'https://user:pass@example.com'],
    ['a leading hyphen label', '-bad.example.com'],
    ['an empty label', 'example..com'],
    ['a trailing dot', 'example.com.'],
    ['a numeric top-level label', 'example.123'],
    ['an underscore', 'my_site.example.com'],
    ['an IPv6 address without brackets', 'http://::1/'],
    ['an IPv6 address with two ::', 'http://[1::2::3]/'],
    ['an IPv6 address with a zone', 'http://[fe80::1%25eth0]/'],
    ['an unclosed bracket', 'http://[::1/'],
    ['a port out of range', 'example.com:99999'],
    ['only a protocol', 'https://'],
  ])('Given %s (%j), when checked, then it is not a valid site URL', (_case, input) => {
    expect(isValidSiteUrl(input)).toBe(false);
  });

  it.each([
    ['', undefined],
    ['  ', undefined],
    ['example.com', undefined],
    ['not a url', MESSAGES.invalidUrl],
  ])('Given the input %j, when checked while typing, then the message is %j', (input, expected) => {
    expect(validateSiteUrlInput(input)).toBe(expected);
  });

  it.each([
    ['example.com', 'https://example.com/'],
    ['Example.COM/Docs', 'https://example.com/Docs'],
    ['http://example.com:80/', 'http://example.com/'],
    ['HTTPS://example.com', 'https://example.com/'],
    ['[2001:DB8:0::1]:8443', 'https://[2001:db8::1]:8443/'],
    ['http://[::1]:80/', 'http://[::1]/'],
    ['nope', undefined],
  ])('Given %j, when turned into the crawl URL, then it is %j', (input, expected) => {
    expect(toCrawlUrl(input)).toBe(expected);
  });
});
