import { describe, expect, it } from 'vitest';
import { FIELD_B, FIELD_WEIGHTS, idf, K1 } from './bm25f.ts';
import { IndexBuilder } from './build.ts';
import { bestPostings, CHAMPIONS, scoreAt } from './pack-postings.ts';
import { recordPositions, seek } from './postings.ts';

/** What a field's count weighs in BM25F: its weight over its length normalisation. */
const norm = (field: number, length: number, average: number) =>
  (FIELD_WEIGHTS[field] as number) /
  (1 - (FIELD_B[field] as number) + (FIELD_B[field] as number) * (length / Math.max(1, average)));
const bm25 = (termIdf: number, weighted: number) => (termIdf * weighted * (K1 + 1)) / (K1 + weighted);

describe('packPostings', () => {
  // Page 0: 'garden' in its one-word title and its two-word body; page 1: twice in a three-word body.
  const builder = new IndexBuilder();
  for (const [n, title, body] of [
    [0, 'Garden', 'garden tools'],
    [1, '', 'garden garden kitchen'],
  ] as const) {
    const url = `https://x.test/${n}`;
    builder.add({ key: url, url, title, headings: [], description: '', body, tags: [], language: 'en' });
  }
  const data = builder.finish();
  const term = (stem: string) => data.vocabulary.get(stem) as number;
  // Average lengths: titles (1 + 0) / 2, at least 1; bodies (2 + 3) / 2.
  const [TITLE, BODY] = [0, 5];
  const close = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected) / expected).toBeLessThan(1e-4);

  it('holds BM25F over the fields, plus the title prior for a title word', () => {
    const gardenIdf = idf(2, 2);
    // The title prior: the word's title idf, all of it, since the title is that word alone.
    const titlePrior = idf(2, 1);
    close(
      scoreAt(data, term('garden'), 0),
      bm25(gardenIdf, norm(TITLE, 1, 0.5) + norm(BODY, 2, 2.5)) + titlePrior,
    );
    close(scoreAt(data, term('garden'), 1), bm25(gardenIdf, 2 * norm(BODY, 3, 2.5)));
    close(scoreAt(data, term('tool'), 0), bm25(idf(2, 1), norm(BODY, 2, 2.5)));
  });

  it('keeps each term to its own pages, in page order', () => {
    expect(data.frequencies[term('garden')]).toBe(2);
    expect(data.scoreStart[term('garden') + 1]! - data.scoreStart[term('garden')]!).toBe(2);
    // 'kitchen' is only on page 1: one delta of 2 (the first is page + 1).
    const kitchen = term('kitchen');
    expect([...data.pages.subarray(data.pageStart[kitchen], data.pageStart[kitchen + 1])]).toEqual([2]);
  });

  it('keeps the records without their counts: page delta, fields, positions', () => {
    const garden = term('garden');
    const records = [...data.postings.subarray(data.termStart[garden], data.termStart[garden + 1])];
    const [first, second] = [0, 1].map((page) => recordPositions(data, seek(data, garden, page)));
    const deltas = (positions: number[]) => positions.map((p, i) => p - (positions[i - 1] ?? 0));
    // Page 0: delta 1, title and body, 2 bytes of positions; page 1: delta 1, body, 2 bytes.
    expect(records).toEqual([
      1,
      (1 << TITLE) | (1 << BODY),
      2,
      ...deltas(first ?? []),
      1,
      1 << BODY,
      2,
      ...deltas(second ?? []),
    ]);
    expect(second?.[1]).toBe((second?.[0] ?? 0) + 1);
    expect(data.postings.length).toBe(data.termStart[data.terms.length]);
  });
});

describe('bestPostings', () => {
  it('given steps with many ties, then it keeps the CHAMPIONS highest, the earlier posting among equals', () => {
    const steps = Uint16Array.from({ length: 1000 }, (_, n) => (n * 7919) % 37);
    const expected = [...steps.keys()]
      .sort((a, b) => (steps[b] as number) - (steps[a] as number) || a - b)
      .slice(0, CHAMPIONS)
      .sort((a, b) => a - b);
    expect([...bestPostings(steps)].sort((a, b) => a - b)).toEqual(expected);
  });

  it('given fewer postings than CHAMPIONS, then it keeps them all', () => {
    expect([...bestPostings(Uint16Array.of(3, 1, 2))].sort()).toEqual([0, 1, 2]);
  });
});
