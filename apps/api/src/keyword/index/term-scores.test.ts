import { describe, expect, it } from 'vitest';
import { IndexBuilder } from './build.ts';
import { KeywordIndex } from './keyword-index.ts';
import { MIN_KEPT_POSTINGS, TermScores } from './term-scores.ts';
import { wordsQuery } from './test-query.ts';

const list = (n: number) => ({ pages: new Int32Array(n), scores: new Float32Array(n) });

describe('TermScores', () => {
  it('keeps lists within its budget, dropping the least recently used', () => {
    const kept = new TermScores(8 * 300);
    kept.keep(1, list(100));
    kept.keep(2, list(100));
    expect(kept.get(1)).toBeDefined(); // 1 is now the most recently used
    kept.keep(3, list(100));
    expect(kept.bytes).toBe(8 * 300);
    kept.keep(4, list(100));
    expect(kept.get(2)).toBeUndefined();
    expect([1, 3, 4].map((term) => kept.get(term) !== undefined)).toEqual([true, true, true]);
    expect(kept.bytes).toBe(8 * 300);
  });

  it('does not keep a list larger than its whole budget', () => {
    const kept = new TermScores(8 * 10);
    kept.keep(1, list(11));
    expect(kept.get(1)).toBeUndefined();
    expect(kept.bytes).toBe(0);
  });
});

describe('KeywordIndex with kept lists', () => {
  // Common words on every page (lists long enough to be kept), rarer ones on some, the title
  // naming a page's number: every score differs, so any change to a score shows in the order.
  const pages = MIN_KEPT_POSTINGS * 3;
  const builder = new IndexBuilder();
  for (let n = 0; n < pages; n++) {
    const url = `https://site.test/${n}`;
    builder.add({
      key: url,
      url,
      title: `Page ${n} ${n % 7 === 0 ? 'garden' : 'kitchen'}`,
      headings: [],
      description: '',
      body: `${'garden '.repeat(1 + (n % 13))} tools ${'kitchen '.repeat(1 + (n % 5))} ${n % 3 === 0 ? 'rake' : ''} words ${'filler '.repeat(n % 17)}`,
      tags: [],
      language: 'en',
    });
  }
  const data = builder.finish();

  function urls(index: KeywordIndex, words: string[], prefix = false): string[] {
    const query = wordsQuery(words, { prefix, limit: 30 });
    const result = index.search(query);
    return [String(result.total), ...result.hits.map((hit) => `${hit.url} ${hit.score.toFixed(4)}`)];
  }

  const queries: [string[], boolean][] = [
    [['garden'], false],
    [['kitchen', 'tools'], false],
    [['garden', 'rake'], false],
    [['gard'], true],
    [['kitchen', 'ra'], true],
  ];

  it('answers the same whether lists are kept, dropped for lack of room, or read again', () => {
    const never = new KeywordIndex(data, 0);
    const roomy = new KeywordIndex(data, 1 << 24);
    // Room for one common list at a time: each search drops what the one before kept. A list is
    // kept on its term's second search and read from the third: three rounds.
    const tight = new KeywordIndex(data, 8 * pages);
    const expected = queries.map(([words, prefix]) => urls(never, words, prefix));
    expect(expected[0]?.[0]).toBe(String(pages));
    for (const index of [roomy, tight])
      for (let round = 0; round < 3; round++)
        queries.forEach(([words, prefix], i) => {
          expect(urls(index, words, prefix)).toEqual(expected[i]);
        });
  });
});
