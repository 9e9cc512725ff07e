import { parseCharacterMapping } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { correctedText } from './correct-text.ts';
import { type KeywordQueryOptions, parseSpannedQuery } from './parse-query.ts';

const plain: KeywordQueryOptions = { mappings: [], synonyms: [] };

function corrected(text: string, words: { slot: number; word: string }[], options = plain): string {
  return correctedText(text, parseSpannedQuery(text, options).spans, words);
}

describe('corrected query text', () => {
  it('given a corrected word, then it replaces the word typed and the rest stays as typed', () => {
    expect(corrected('resistr', [{ slot: 0, word: 'resistor' }])).toBe('resistor');
    expect(
      corrected('caron,  flim!', [
        { slot: 0, word: 'carbon' },
        { slot: 1, word: 'film' },
      ]),
    ).toBe('carbon,  film!');
    expect(corrected('"blue hat" caron', [{ slot: 1, word: 'carbon' }])).toBe('"blue hat" carbon');
  });

  it('given capitals, then the correction keeps them', () => {
    expect(corrected('Resistr values', [{ slot: 0, word: 'resistor' }])).toBe('Resistor values');
    expect(corrected('LED RESISTR', [{ slot: 1, word: 'resistor' }])).toBe('LED RESISTOR');
  });

  it('given a character mapping, then the span typed is replaced', () => {
    const { mappings } = parseCharacterMapping('Ω => ohm');
    expect(corrected('100Ω resistr', [{ slot: 1, word: 'resistor' }], { mappings, synonyms: [] })).toBe(
      '100Ω resistor',
    );
  });
});
