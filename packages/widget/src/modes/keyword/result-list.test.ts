import { describe, expect, it } from 'vitest';
import { displayUrl } from './result-list.ts';

describe('the URL shown under a result title', () => {
  it('reads as the address bar shows it: no scheme, no trailing slash', () => {
    expect(displayUrl('https://site.example.test/docs/')).toBe('site.example.test/docs');
    expect(displayUrl('http://site.example.test/a?b=c')).toBe('site.example.test/a?b=c');
  });

  it('shows the letters of a non-English path (was: %E6%97%A5%E6%9C%AC… for 日本…)', () => {
    expect(displayUrl('https://site.example.test/intl/%E6%97%A5%E6%9C%AC%E8%AA%9E.html')).toBe(
      'site.example.test/intl/日本語.html',
    );
    expect(displayUrl('https://site.example.test/caf%C3%A9-cr%C3%A8me')).toBe('site.example.test/café-crème');
  });

  it('keeps escaped what would change how the URL reads: spaces, controls, bidi marks, reserved characters', () => {
    expect(displayUrl('https://site.example.test/a%20b')).toBe('site.example.test/a%20b');
    // U+202E RIGHT-TO-LEFT OVERRIDE would display the rest of the URL reversed.
    expect(displayUrl('https://site.example.test/%E2%80%AEfdp.exe')).toBe(
      'site.example.test/%E2%80%AEfdp.exe',
    );
    expect(displayUrl('https://site.example.test/%00x')).toBe('site.example.test/%00x');
    expect(displayUrl('https://site.example.test/a%2Fb?q=%26')).toBe('site.example.test/a%2Fb?q=%26');
  });

  it('shows a URL that is not valid percent-encoding as it is', () => {
    expect(displayUrl('https://site.example.test/100%-sure')).toBe('site.example.test/100%-sure');
  });
});
