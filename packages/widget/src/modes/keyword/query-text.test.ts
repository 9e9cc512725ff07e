import { describe, expect, it } from 'vitest';
import { queryText } from './query-text.ts';

describe('queryText', () => {
  it('trims, and keeps a text of 500 characters whole', () => {
    expect(queryText('  solder wire \n')).toBe('solder wire');
    expect(queryText('a'.repeat(500))).toBe('a'.repeat(500));
  });

  it('cuts a longer text to its first 500 characters, never inside a surrogate pair', () => {
    expect(queryText('a'.repeat(501))).toBe('a'.repeat(500));
    expect(queryText(`${'a'.repeat(499)}😀b`)).toBe('a'.repeat(499));
    expect(queryText(`${'a'.repeat(498)} ${'b'.repeat(10)}`)).toBe(`${'a'.repeat(498)} b`);
  });
});
