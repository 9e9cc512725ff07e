import { applyCharacterMapping, parseCharacterMapping } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { normaliseWord, tokenize } from '../analysis/index.ts';
import { randomTexts, TRICKY_PIECES } from '../analysis/tricky-texts.test-kit.ts';
import { scanWords, wordAffectingMappings } from './word-scan.ts';

function scanned(text: string) {
  const words = scanWords(text);
  return Array.from({ length: words.count }, (_, i) => ({
    start: words.starts[i] as number,
    end: words.ends[i] as number,
    ascii: words.ascii[i] === 1,
  }));
}

describe('scanWords', () => {
  it('given plain text, then the offsets of its words and whether they are ASCII', () => {
    expect(scanned("os.path.join don't Café")).toEqual([
      { start: 0, end: 2, ascii: true },
      { start: 3, end: 7, ascii: true },
      { start: 8, end: 12, ascii: true },
      { start: 13, end: 16, ascii: true },
      { start: 17, end: 18, ascii: true },
      { start: 19, end: 23, ascii: false },
    ]);
  });

  it('given any text, then the same words as analysis tokenize', () => {
    for (const text of randomTexts(TRICKY_PIECES, { count: 500, maxLength: 60, seed: 11 })) {
      const expected = tokenize(text).map(({ start, end }) => ({ start, end }));
      // tokenize leaves out a run of combining marks alone (its normal form is empty): it never matches.
      const actual = scanned(text)
        .filter(({ start, end }) => normaliseWord(text.slice(start, end)) !== '')
        .map(({ start, end }) => ({ start, end }));
      expect(actual, JSON.stringify(text)).toEqual(expected);
    }
  });

  it('given an empty text or only separators, then no words', () => {
    expect(scanWords('').count).toBe(0);
    expect(scanWords(' ,;! ').count).toBe(0);
  });
});

describe('wordAffectingMappings', () => {
  it('given the default mapping, then the apostrophe pair is left out and the letters kept', () => {
    const mappings = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;
    expect(wordAffectingMappings(mappings)).toEqual([
      { original: 'Ω', mapped: 'ohm' },
      { original: 'μ', mapped: 'u' },
    ]);
  });

  it('given a separator removed or turned into a letter, then it is kept (it joins or makes words)', () => {
    const mappings = parseCharacterMapping('’ => , & => and, - => _').mappings;
    expect(wordAffectingMappings(mappings)).toEqual([
      { original: '’', mapped: '' },
      { original: '&', mapped: 'and' },
    ]);
  });

  it('given another mapping whose original shares a character with a left-out one, then every mapping is kept', () => {
    const mappings = parseCharacterMapping("’ => ', a’ => x").mappings;
    expect(wordAffectingMappings(mappings)).toBe(mappings);
  });

  it('given the snippet of a page with both kinds, then the words are those of the full mapping', () => {
    const mappings = parseCharacterMapping("’ => ', - => _, & => and, Ω => ohm").mappings;
    const text = 'Tom’s R&D - 5Ω & more’';
    const words = (m: typeof mappings) => tokenize(applyCharacterMapping(text, m)).map((t) => t.word);
    expect(words(wordAffectingMappings(mappings) as typeof mappings)).toEqual(words(mappings));
  });
});
