import { describe, expect, it } from 'vitest';
import { prng } from './dataset.ts';
import type { SourcePage } from './keyword-corpus.ts';
import { misspell, mixQuery, QUERY_KINDS } from './keyword-query-mix.ts';

/** Optimal string alignment distance: Levenshtein plus a swap of two neighbours as one edit. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

const SOURCES: SourcePage[] = [
  {
    path: 'library/os.html',
    title: 'os — Miscellaneous operating system interfaces',
    headings: ['Process Parameters', 'File Descriptor Operations'],
    sentences: [
      'This module provides a portable way of using operating system dependent functionality.',
      'If you just want to read or write a file see open, if you want to manipulate paths see the path module.',
      'All functions in this module raise an error in the case of invalid or inaccessible file names.',
    ],
  },
  {
    path: 'library/json.html',
    title: 'json — JSON encoder and decoder',
    headings: ['Basic Usage'],
    sentences: [
      'Serialize an object as a formatted stream to a file like object using this conversion table.',
      'Deserialize a document containing a serialized object to a Python object.',
      'The encoder understands every container and scalar type of the standard library.',
    ],
  },
];
const WORDS = new Set(
  SOURCES.flatMap((s) =>
    s.sentences
      .join(' ')
      .toLowerCase()
      .split(/[^a-z]+/),
  ),
);

describe('misspell', () => {
  it('given 2,000 words, then each is exactly one or two edits away and keeps its first letter', () => {
    const random = prng(42);
    for (const word of ['operating', 'functionality', 'module', 'serialize', 'inaccessible']) {
      for (let n = 0; n < 200; n++) {
        const one = misspell(word, 1, random);
        const two = misspell(word, 2, random);
        expect([word, one, distance(word, one)]).toEqual([word, one, 1]);
        expect([word, two, distance(word, two)]).toEqual([word, two, 2]);
        expect(one[0]).toBe(word[0]);
        expect(two[0]).toBe(word[0]);
      }
    }
  });
});

describe('mixQuery', () => {
  const queries = Array.from({ length: 2_000 }, (_, i) => mixQuery(SOURCES, i));

  it('given the same number, then the same query', () => {
    expect(mixQuery(SOURCES, 17)).toEqual(queries[17]);
  });

  it('given 2,000 queries, then every kind is in the mix near its share', () => {
    const share = (kind: string) => queries.filter((q) => q.kind === kind).length / queries.length;
    expect(QUERY_KINDS.map(share).every((s) => s > 0.05)).toBe(true);
    expect(share('exact')).toBeGreaterThan(0.17);
    expect(share('exact')).toBeLessThan(0.23);
    expect(share('question')).toBeGreaterThan(0.08);
    expect(share('question')).toBeLessThan(0.12);
  });

  it('given each kind, then its words are the corpus words it promises', () => {
    for (const { kind, q } of queries) {
      const words = q.split(' ');
      if (kind === 'exact') expect(words.length === 1 && WORDS.has(q) && q.length >= 4).toBe(true);
      if (kind === 'multi-word') expect(words.length >= 2 && words.every((w) => WORDS.has(w))).toBe(true);
      if (kind === 'prefix') {
        const last = words.at(-1)!;
        expect(words.slice(0, -1).every((w) => WORDS.has(w))).toBe(true);
        expect([...WORDS].some((w) => w.startsWith(last) && w.length > last.length)).toBe(true);
      }
      if (kind === 'question') {
        const asked = q.replace(/\?$/, '').split(' ');
        const sentenceWords = asked.filter((w) => WORDS.has(w));
        expect(q.endsWith('?') && asked.length >= 6 && sentenceWords.length >= 4).toBe(true);
      }
      if (kind === 'typo-1' || kind === 'typo-2') {
        const edits = kind === 'typo-1' ? 1 : 2;
        expect([...WORDS].some((w) => distance(w, q) === edits && w.length >= 4 * edits)).toBe(true);
      }
    }
  });
});
