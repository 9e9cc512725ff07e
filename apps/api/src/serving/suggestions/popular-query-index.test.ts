import { describe, expect, it } from 'vitest';
import { BlockList } from './block-list.ts';
import { PopularQueryIndex } from './popular-query-index.ts';

const ranked = (...queries: string[]) => queries.map((query, n) => ({ query, searches: 1000 - n }));

describe('PopularQueryIndex', () => {
  const index = new PopularQueryIndex(
    ranked(
      'install guide',
      'pricing',
      'how to install the cli',
      'c++ tips',
      'installer download',
      'price list',
    ),
    [],
  );

  it('given the start of a word, then the queries holding a word so starting, most searched first', () => {
    expect(index.match('inst', 4)).toEqual(['install guide', 'how to install the cli', 'installer download']);
    expect(index.match('pri', 1)).toEqual(['pricing']);
  });

  it('given whole words and a prefix, then only queries holding them all; a trailing space ends the last word', () => {
    expect(index.match('install g', 4)).toEqual(['install guide']);
    expect(index.match('cli inst', 4)).toEqual(['how to install the cli']);
    expect(index.match('install ', 4)).toEqual(['install guide', 'how to install the cli']);
    expect(index.match('nothing he', 4)).toEqual([]);
    expect(index.match('C++', 4)).toEqual(['c++ tips']);
  });

  it('given nothing typed, then the most searched', () => {
    expect(index.match('  ', 2)).toEqual(['install guide', 'pricing']);
  });

  it('given a short prefix of many queries, then it scans in rank order and still finds the most searched', () => {
    const many = new PopularQueryIndex(
      ranked(...Array.from({ length: 20_000 }, (_, n) => `a${n} word${n % 7}`)),
      [],
    );
    expect(many.match('a', 3)).toEqual(['a0 word0', 'a1 word1', 'a2 word2']);
    expect(many.match('word6 a', 2)).toEqual(['a6 word6', 'a13 word6']);
  });

  it('given blocked terms, then queries holding one as a word, or the words of one in a row, are left out', () => {
    const blocked = new PopularQueryIndex(ranked('free shipping', 'freedom', 'gift card deal', 'card gift'), [
      'free',
      'gift card',
    ]);
    expect(blocked.match('', 10)).toEqual(['freedom', 'card gift']);
    expect(blocked.size).toBe(2);
  });
});

describe('BlockList', () => {
  it('given no terms, then it is empty and blocks nothing', () => {
    const list = new BlockList([]);
    expect(list.empty).toBe(true);
    expect(list.blocks(['anything'])).toBe(false);
  });
});
