import { describe, expect, it } from 'vitest';
import { decodeHtml } from './body.ts';

describe('decodeHtml', () => {
  it('lets a byte-order mark win over the header', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Café</p>', 'utf16le')]);
    expect(decodeHtml(utf16, 'text/html; charset=iso-8859-1')).toBe('<p>Café</p>');
  });

  it('reads the charset of a meta http-equiv', () => {
    const latin1 = Buffer.from(
      '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>Café</p>',
      'latin1',
    );
    expect(decodeHtml(latin1, 'text/html')).toContain('Café');
  });

  it('falls back to UTF-8 for a charset it does not know', () => {
    expect(decodeHtml(Buffer.from('<p>Café</p>'), 'text/html; charset=x-unheard-of')).toBe('<p>Café</p>');
  });
});
