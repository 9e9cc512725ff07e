import { describe, expect, it } from 'vitest';
import { words } from './index.ts';
import { randomTexts, TRICKY_PIECES } from './tricky-texts.test-kit.ts';
import { WordTerms } from './word-terms.ts';

/** A reader whose terms are the words themselves (numbered as first seen), and that list. */
function reader() {
  const seen: string[] = [];
  const ids = new Map<string, number>();
  const terms = new WordTerms((word) => {
    let id = ids.get(word);
    if (id === undefined) {
      id = seen.length;
      seen.push(word);
      ids.set(word, id);
    }
    return id;
  });
  const read = (text: string, limit = Number.POSITIVE_INFINITY) => {
    const count = terms.read(text, limit);
    return Array.from(terms.terms.subarray(0, count), (id) => seen[id] as string);
  };
  return { read, resolved: () => seen.length };
}

describe('WordTerms', () => {
  it('reads the words `words` reads, in order, over texts that trip word boundaries', () => {
    const { read } = reader();
    for (const text of randomTexts([...TRICKY_PIECES, 'Apple', 'APPLE', '3.11', 'x'.repeat(45)], {
      count: 2000,
      seed: 7,
      maxLength: 40,
    }))
      expect(read(text), JSON.stringify(text)).toEqual(words(text));
  });

  it('with offsets, gives where each word is, and keeps a word of marks alone as -1', () => {
    const seen: string[] = [];
    const terms = new WordTerms((word) => seen.push(word) - 1, { offsets: true });
    const text = 'Search \u0301 CAFÉ 3.11';
    const count = terms.read(text, Number.POSITIVE_INFINITY);
    expect(Array.from(terms.terms.subarray(0, count), (id) => seen[id] ?? null)).toEqual([
      'search',
      null,
      'cafe',
      '3.11',
    ]);
    const spans = Array.from({ length: count }, (_, i) => text.slice(terms.wordStarts[i], terms.wordEnds[i]));
    expect(spans).toEqual(['Search', '\u0301', 'CAFÉ', '3.11']);
    // Past its first size, the offsets grow with the terms.
    const many = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const manyCount = terms.read(many, Number.POSITIVE_INFINITY);
    expect(manyCount).toBe(3000);
    expect(many.slice(terms.wordStarts[2999], terms.wordEnds[2999])).toBe('w2999');
  });

  it('resolves each normalised word once, however it is written', () => {
    const { read, resolved } = reader();
    expect(read('Search search SEARCH searching Search.')).toEqual([
      'search',
      'search',
      'search',
      'searching',
      'search',
    ]);
    expect(resolved()).toBe(2);
  });

  it('cuts words past 40 characters as `words` does, and the text at the limit of words', () => {
    const { read } = reader();
    const long = `${'a'.repeat(39)}B${'c'.repeat(10)}`;
    expect(read(long)).toEqual([`${'a'.repeat(39)}b`]);
    expect(read('one two three four', 2)).toEqual(['one', 'two']);
  });

  it('keeps finding words as its table grows past its first size', () => {
    const { read, resolved } = reader();
    const many = Array.from({ length: 30_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
    expect(read(many)).toEqual(words(many));
    expect(read(many.toUpperCase())).toEqual(words(many));
    expect(resolved()).toBe(30_000);
  });
});
