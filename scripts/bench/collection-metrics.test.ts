import { describe, expect, it } from 'vitest';
import { meanNdcg, ndcgCut } from './collection-metrics.ts';

const judged = (entries: [string, number][]) => new Map(entries);

describe('ndcgCut, as trec_eval ndcg_cut.10', () => {
  it('weighs graded gains linearly against the ideal of the judged documents', () => {
    // DCG = 3/log2(2) + 0/log2(3) + 1/log2(4) = 3 + 0.5 = 3.5
    // ideal: 3, 2, 1 → 3 + 2/log2(3) + 1/2 = 4.761859507142915
    const score = ndcgCut(
      ['a', 'x', 'c'],
      judged([
        ['a', 3],
        ['b', 2],
        ['c', 1],
      ]),
    );
    expect(score).toBeCloseTo(3.5 / (3 + 2 / Math.log2(3) + 0.5), 12);
    expect(score).toBeCloseTo(0.735007, 6);
  });

  it('counts a judged non-relevant (0 or negative) document as nothing, and leaves it out of the ideal', () => {
    // DCG = 1/log2(3) = 0.6309297535714575; ideal: one relevant document → 1
    expect(
      ndcgCut(
        ['n', 'r'],
        judged([
          ['n', -1],
          ['r', 1],
          ['z', 0],
        ]),
      ),
    ).toBeCloseTo(0.63093, 6);
  });

  it('looks at the first 10 results only, and at an ideal of 10 at most', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `d${i}`);
    const all = judged(twelve.map((id) => [id, 1]));
    expect(ndcgCut(twelve, all)).toBeCloseTo(1, 12);
    // Relevant at ranks 11 and 12 only: nothing within the cut.
    expect(ndcgCut([...Array.from({ length: 10 }, (_, i) => `x${i}`), 'd0', 'd1'], all)).toBe(0);
    // One relevant document of 12, at rank 10: 1/log2(11) over the ideal of ten 1s.
    let ideal = 0;
    for (let r = 1; r <= 10; r++) ideal += 1 / Math.log2(r + 1);
    const ranked = [...Array.from({ length: 9 }, (_, i) => `x${i}`), 'd5'];
    expect(ndcgCut(ranked, all)).toBeCloseTo(1 / Math.log2(11) / ideal, 12);
    expect(ndcgCut(ranked, all)).toBeCloseTo(0.063621, 6);
  });

  it('counts a document repeated in the ranking once', () => {
    expect(
      ndcgCut(
        ['a', 'a', 'b'],
        judged([
          ['a', 1],
          ['b', 1],
        ]),
      ),
    ).toBeCloseTo((1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)), 12);
  });

  it('is 0 for a query with nothing relevant', () => {
    expect(ndcgCut(['a'], judged([['a', 0]]))).toBe(0);
  });
});

describe('meanNdcg', () => {
  it('averages over every judged query, one answered with nothing scoring 0', () => {
    const judgments = new Map([
      ['q1', judged([['a', 1]])],
      ['q2', judged([['b', 2]])],
    ]);
    // q1 first at rank 1 → 1; q2 not answered → 0
    expect(meanNdcg(judgments, new Map([['q1', ['a']]]))).toBe(0.5);
  });
});
