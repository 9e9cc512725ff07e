import { describe, expect, it } from 'vitest';
import { words } from './index.ts';
import { randomTexts, TRICKY_PIECES } from './test-texts.ts';
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
  const wordTerm = (text: string, start: number, end: number, ascii: boolean) => {
    const term = terms.wordTerm(text, start, end, ascii);
    return term < 0 ? undefined : seen[term];
  };
  return { read, wordTerm, resolved: () => seen.length };
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

  it('gives one word by its bounds the term `read` gives it, and no term to one of marks alone', () => {
    const { read, wordTerm, resolved } = reader();
    expect(read('Search café')).toEqual(['search', 'cafe']);
    expect(wordTerm('a SEARCH b', 2, 8, true)).toBe('search');
    expect(wordTerm('CAFÉ!', 0, 4, false)).toBe('cafe');
    expect(wordTerm(`x${'Q'.repeat(45)}`, 1, 46, true)).toBe('q'.repeat(40));
    expect(wordTerm('\u0301', 0, 1, false)).toBeUndefined();
    expect(resolved()).toBe(3);
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
