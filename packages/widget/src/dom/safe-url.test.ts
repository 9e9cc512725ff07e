import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.ts';

const PAGE = 'https://customer.example.test/catalog/list.html';

describe('safeUrl', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.test',
  ])('refuses %j', (value) => {
    expect(safeUrl(value, PAGE)).toBeNull();
  });

  it('keeps http and https URLs', () => {
    expect(safeUrl('https://shop.example.test/p?id=1', PAGE)).toBe('https://shop.example.test/p?id=1');
    expect(safeUrl('http://shop.example.test/', PAGE)).toBe('http://shop.example.test/');
  });

  it('resolves relative URLs against the page', () => {
    expect(safeUrl('/images/1.png', PAGE)).toBe('https://customer.example.test/images/1.png');
    expect(safeUrl('2.png', PAGE)).toBe('https://customer.example.test/catalog/2.png');
    expect(safeUrl('//cdn.example.test/a.png', PAGE)).toBe('https://cdn.example.test/a.png');
  });

  it('reads a bare www host as https', () => {
    expect(safeUrl('www.example.test/docs', PAGE)).toBe('https://www.example.test/docs');
  });

  it('gives null for blanks and non-strings', () => {
    expect(safeUrl('  ', PAGE)).toBeNull();
    expect(safeUrl(null, PAGE)).toBeNull();
    expect(safeUrl(42, PAGE)).toBeNull();
    expect(safeUrl('http://[bad', PAGE)).toBeNull();
  });
});
