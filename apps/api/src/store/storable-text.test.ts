import { describe, expect, it } from 'vitest';
import { isStorableText, storableOrNull, storableText } from './storable-text.ts';

describe('storableText', () => {
  it('given text with a NUL or half a surrogate pair, then each is U+FFFD and the rest is kept', () => {
    expect(storableText('nul \0 title')).toBe('nul \uFFFD title');
    expect(storableText('\0\0')).toBe('\uFFFD\uFFFD');
    expect(storableText('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(storableText('end \uD83D')).toBe('end \uFFFD');
    expect(storableOrNull('x\0')).toBe('x\uFFFD');
    expect(storableOrNull(null)).toBeNull();
  });

  it('given text PostgreSQL stores as it is, then it is the same string', () => {
    const text = 'Plain, 🙂 paired, \u0001 controls \u007f and \uFFFE non-characters';
    expect(isStorableText(text)).toBe(true);
    expect(storableText(text)).toBe(text);
    expect(isStorableText('a\0')).toBe(false);
    expect(isStorableText('\uDFFF')).toBe(false);
  });
});
