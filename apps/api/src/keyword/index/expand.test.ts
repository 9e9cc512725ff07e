import { describe, expect, it } from 'vitest';
import type { KeywordPage } from '../backend.ts';
import { IndexBuilder } from './build.ts';
import { firstLetterEdits, QueryExpander } from './expand.ts';

function expanderOf(bodies: string[]) {
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
  const expander = new QueryExpander(data);
  return (word: string) =>
    Object.fromEntries(expander.typos(word).map(({ term, weight }) => [data.terms[term], weight]));
}

describe('typo expansions', () => {
  const typos = expanderOf(['keyboard cable resistor', 'mouse table', 'trackball']);

  it('given a word of one-typo length, then a typo after its first letter is forgiven', () => {
    expect(typos('cabel')).toEqual({ cabl: 0.7 });
    expect(typos('resitor')).toEqual({ resistor: 0.7 });
  });

  it('given a word of one-typo length, then a typo on its first letter is not (it counts as two)', () => {
    expect(typos('gable')).toEqual({});
    expect(typos('rable')).toEqual({});
  });

  it('given a long word, then one edit of its first letter is forgiven as two typos', () => {
    expect(typos('ceyboard')).toEqual({ keyboard: 0.45 });
    expect(typos('xkeyboard')).toEqual({ keyboard: 0.45 });
    expect(typos('ekyboard')).toEqual({ keyboard: 0.45 });
    expect(typos('rackball')).toEqual({ trackbal: 0.45 });
  });

  it('given a long word one typo away after its first letter, then two typos are not looked for', () => {
    expect(typos('keybaord')).toEqual({ keyboard: 0.7 });
  });
});

describe('first letter edits', () => {
  it('replaces, precedes, drops and swaps the first letter', () => {
    expect(firstLetterEdits('abc', 'a', ['a', 'x']).sort()).toEqual(
      ['aabc', 'bac', 'bc', 'xabc', 'xbc'].sort(),
    );
  });
});
