import { describe, expect, it } from 'vitest';
import { ndcg, reciprocalRank, score } from './keyword-metrics.ts';

const one = new Set(['b']);

describe('reciprocalRank', () => {
  it('given the relevant page at rank 1, 2 or 4, then it is 1, 1/2 or 1/4', () => {
    expect(reciprocalRank(['b', 'a'], one)).toBe(1);
    expect(reciprocalRank(['a', 'b'], one)).toBe(0.5);
    expect(reciprocalRank(['a', 'c', 'd', 'b'], one)).toBe(0.25);
  });

  it('given the relevant page past the cut-off or absent, then it is 0', () => {
    const eleventh = [...'acdefghijk'].concat('b');
    expect(reciprocalRank(eleventh, one)).toBe(0);
    expect(reciprocalRank(eleventh, one, 11)).toBeCloseTo(1 / 11);
    expect(reciprocalRank([], one)).toBe(0);
  });

  it('given two relevant pages, then the first one found counts', () => {
    expect(reciprocalRank(['x', 'c', 'b'], new Set(['b', 'c']))).toBe(0.5);
  });
});

describe('ndcg', () => {
  it('given one relevant page at rank r, then it is 1 / log2(r + 1)', () => {
    expect(ndcg(['b'], one)).toBe(1);
    expect(ndcg(['a', 'b'], one)).toBeCloseTo(1 / Math.log2(3));
    expect(ndcg(['a', 'c', 'b'], one)).toBeCloseTo(0.5);
  });

  it('given two relevant pages, then it is the gain over the ideal ranking', () => {
    const relevant = new Set(['b', 'c']);
    const ideal = 1 + 1 / Math.log2(3);
    expect(ndcg(['b', 'c', 'a'], relevant)).toBeCloseTo(1);
    expect(ndcg(['b', 'a', 'c'], relevant)).toBeCloseTo((1 + 0.5) / ideal);
    expect(ndcg(['a', 'b'], relevant)).toBeCloseTo(1 / Math.log2(3) / ideal);
  });

  it('given the relevant page repeated, then it counts once', () => {
    expect(ndcg(['b', 'b'], new Set(['b', 'c']))).toBeCloseTo(1 / (1 + 1 / Math.log2(3)));
  });

  it('given the relevant page past the cut-off, or no relevant page, then it is 0', () => {
    expect(ndcg([...'acdefghijk', 'b'], one)).toBe(0);
    expect(ndcg(['a'], new Set())).toBe(0);
  });
});

describe('score', () => {
  it('given three queries, then the means of each measure', () => {
    const scores = score([
      { ranked: ['b'], relevant: one },
      { ranked: ['a', 'b'], relevant: one },
      { ranked: ['a'], relevant: one },
    ]);
    expect(scores.queries).toBe(3);
    expect(scores.mrr).toBeCloseTo((1 + 0.5 + 0) / 3);
    expect(scores.ndcg).toBeCloseTo((1 + 1 / Math.log2(3)) / 3);
    expect(scores.top1).toBeCloseTo(1 / 3);
    expect(scores.topK).toBeCloseTo(2 / 3);
  });

  it('given no query, then every measure is 0', () => {
    expect(score([])).toEqual({ queries: 0, mrr: 0, ndcg: 0, top1: 0, topK: 0 });
  });
});
