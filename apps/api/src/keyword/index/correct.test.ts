import { describe, expect, it } from 'vitest';
import type { KeywordPage, QuerySlot } from '../backend.ts';
import { IndexBuilder } from './build.ts';
import { QueryCorrector } from './correct.ts';
import { QueryExpander } from './expand.ts';

function correctorOf(bodies: string[]) {
  const builder = new IndexBuilder();
  bodies.forEach((body, n) => {
    const url = `https://shop.test/${n}`;
    const page: KeywordPage = {
      key: url,
      url,
      title: '',
      headings: [],
      description: '',
      body,
      tags: [],
      language: 'en',
    };
    builder.add(page);
  });
  const data = builder.finish();
  return new QueryCorrector(data, new QueryExpander(data));
}

const word = (text: string, prefix = false): QuerySlot =>
  prefix
    ? { alternatives: [{ words: [text], weight: 1 }], prefix: true }
    : { alternatives: [{ words: [text], weight: 1 }] };

const pages = (count: number, body: string) => Array.from({ length: count }, () => body);

describe('did-you-mean corrections', () => {
  const corrector = correctorOf([
    ...pages(6, 'carbon film resistor'),
    ...pages(9, 'shipping carton box'),
    ...pages(2, 'resist the urge'),
    'one resistr typo',
    'a ceramic capacitor',
  ]);

  it('given a word the pages lack, then the near word of the pages that is most frequent', () => {
    expect(corrector.correct([word('resistor')], 6)).toBeUndefined();
    expect(corrector.correct([word('resistorr')], 0)).toEqual({
      words: [{ slot: 0, word: 'resistor' }],
      found: 0,
      pages: 6,
    });
  });

  it('given two words, then the pair that occurs together wins over the more frequent word', () => {
    // 'caron' is one typo from 'carton' (9 pages) and from 'carbon' (6): only 'carbon' goes with 'film'.
    expect(corrector.correct([word('caron'), word('film')], 0)).toEqual({
      words: [{ slot: 0, word: 'carbon' }],
      found: 0,
      pages: 6,
    });
    expect(corrector.correct([word('caron'), word('flim')], 0)?.words).toEqual([
      { slot: 0, word: 'carbon' },
      { slot: 1, word: 'film' },
    ]);
    expect(corrector.correct([word('caron'), word('box')], 0)?.words).toEqual([{ slot: 0, word: 'carton' }]);
  });

  it('given a misspelling some page has, then a correction only when it finds far more pages', () => {
    // 'resistr' is on one page; 'resistor' on six, 'resist' on two.
    expect(corrector.correct([word('resistr')], 1)).toEqual({
      words: [{ slot: 0, word: 'resistor' }],
      found: 1,
      pages: 6,
    });
    expect(corrector.correct([word('resistr')], 2)).toBeUndefined();
  });

  it('given short words, phrases or words nothing is near, then no correction', () => {
    expect(corrector.correct([word('boz')], 0)).toBeUndefined();
    expect(
      corrector.correct([{ alternatives: [{ words: ['caron'], weight: 1 }], phrase: true }], 0),
    ).toBeUndefined();
    expect(corrector.correct([word('zzzzzz')], 0)).toBeUndefined();
    expect(corrector.correct([word('caron'), word('zzzzzz')], 0)).toBeUndefined();
  });

  it('given the last word being typed, then the words it begins count as typed', () => {
    expect(corrector.correct([word('capac', true)], 1)).toBeUndefined();
  });
});
