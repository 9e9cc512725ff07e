import { describe, expect, it } from 'vitest';
import { generatedIndex } from './backend-query.test-kit.ts';
import type { ExpandedSlot } from './expand.ts';
import { Scorer } from './scorer.ts';

// Page n holds 'rare' when n % 10 === 0 and 'common' when n is odd or n % 4 === 0.
const data = generatedIndex(400, (n) => ({
  title: `Page ${n}`,
  body: [n % 10 === 0 ? 'rare' : 'filler', n % 2 === 1 || n % 4 === 0 ? 'common' : 'other'].join(' '),
}));
const slot = (word: string): ExpandedSlot => ({
  phrase: false,
  alternatives: [{ words: [[{ term: data.vocabulary.get(word) as number, weight: 1 }]], weight: 1 }],
});
const pagesOf = (scorer: Scorer) =>
  Array.from(scorer.touched.items.subarray(0, scorer.touched.length)).sort((a, b) => a - b);

describe('scoring some of the slots, pruned', () => {
  it('given a stop after the first slot, then the others add to the pages it found only', () => {
    const scorer = new Scorer(data, 0);
    const asked: number[][] = [];
    const { pruned } = scorer.scoreSlots([slot('rare'), slot('common')], {
      prune: {
        order: [0, 1],
        stop: (remaining) => {
          asked.push([...remaining]);
          return true;
        },
      },
    });
    expect(asked).toEqual([[1]]);
    expect(pruned).toEqual([1]);
    const rare = Array.from({ length: 40 }, (_, i) => i * 10);
    expect(pagesOf(scorer)).toEqual(rare);
    // Page 20 holds both words, page 10 'rare' only.
    expect(scorer.matched[20]).toBe(0b11);
    expect(scorer.matched[10]).toBe(0b01);
    const whole = new Scorer(data, 0);
    whole.scoreSlots([slot('rare'), slot('common')]);
    expect(scorer.score[20]).toBe(whole.score[20]);
    expect(scorer.score[20]).toBeGreaterThan(scorer.score[10] as number);
  });

  it('given the pruned slot counted, then its pages but those scored and those left out', () => {
    const scorer = new Scorer(data, 0);
    scorer.scoreSlots([slot('rare'), slot('common')], { prune: { order: [0, 1], stop: () => true } });
    const common = new Set([data.vocabulary.get('common') as number]);
    // 'common' is on 300 pages, 20 of them among the 'rare' ones; page 1 is left out.
    const count = scorer.countPages(common, new Uint8Array(400), [], {
      touched: scorer.touched,
      excluded: new Set([1, 20]),
    });
    expect(count).toBe(300 - 20 - 1);
    // The count's scratch words are left clear: the same count again.
    expect(
      scorer.countPages(common, new Uint8Array(400), [], { touched: scorer.touched, excluded: new Set([1]) }),
    ).toBe(279);
  });

  it('given slots added to the pages found only, then a page of those slots alone is not scored', () => {
    const scorer = new Scorer(data, 0);
    scorer.scoreSlots([slot('rare')]);
    const { pruned } = scorer.scoreSlots([slot('common')], { from: 1, onlyTouched: true });
    expect(pruned).toEqual([0]);
    expect(pagesOf(scorer)).toHaveLength(40);
    expect(scorer.matched[1]).toBe(0);
    expect(scorer.matched[20]).toBe(0b11);
  });

  it('given a slot, then its bound is its best page score', () => {
    const scorer = new Scorer(data, 0);
    scorer.scoreSlots([slot('common')]);
    const best = Math.max(...Array.from(scorer.score));
    const bound = scorer.slotBound(slot('common'));
    expect(bound).toBeGreaterThanOrEqual(best);
    expect(bound).toBeLessThan(best * 1.001);
  });
});
