import { describe, expect, it } from 'vitest';
import { frontCode, prefixRange, similarWords } from './vocabulary.ts';

const WORDS = [
  'apple',
  'applet',
  'apply',
  'banana',
  'band',
  'bandana',
  'cat',
  'cart',
  'chart',
  'search',
  'serach',
].sort();

function similar(target: string, max: number): Record<string, number> {
  const out: Record<string, number> = {};
  similarWords(WORDS, frontCode(WORDS), target, max, (index, distance) => {
    out[WORDS[index] as string] = distance;
  });
  return out;
}

/** Plain optimal-string-alignment distance, to check the walk against. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

describe('the vocabulary', () => {
  it('finds the words with a prefix', () => {
    const [from, to] = prefixRange(WORDS, 'app');
    expect(WORDS.slice(from, to)).toEqual(['apple', 'applet', 'apply']);
    expect(prefixRange(WORDS, 'zz')).toEqual([WORDS.length, WORDS.length]);
  });

  it('finds words within one or two edits, swaps counting as one', () => {
    expect(similar('serch', 1)).toEqual({ search: 1, serach: 1 });
    expect(similar('saerch', 1)).toEqual({ search: 1 });
    expect(similar('bandanna', 1)).toEqual({ bandana: 1 });
    expect(similar('cat', 1)).toEqual({ cat: 0, cart: 1 });
  });

  it('looks only at a range of the list when given one', () => {
    const [from, to] = prefixRange(WORDS, 'b');
    const found: string[] = [];
    similarWords(WORDS, frontCode(WORDS), 'bandan', 2, (index) => found.push(WORDS[index] as string), [
      from,
      to,
    ]);
    expect(found).toEqual(['banana', 'band', 'bandana']);
    const all: string[] = [];
    similarWords(
      WORDS,
      frontCode(WORDS),
      'cat',
      1,
      (index) => all.push(WORDS[index] as string),
      prefixRange(WORDS, 'b'),
    );
    expect(all).toEqual([]);
  });

  it('agrees with the plain distance on every word of a larger list', () => {
    // With words past the longest walked (64 characters), which the walk passes over, and words
    // after them sharing more or fewer characters than that.
    const long = ['abc', 'ee', 'kx'].flatMap((start) => [
      `${start}${'q'.repeat(70)}`,
      `${start}${'q'.repeat(66)}x`,
      `${start}${'q'.repeat(62)}y`,
      `${start}qqy`,
    ]);
    const words = Array.from({ length: 3000 }, (_, n) => (n * 7919).toString(36).replace(/\d/g, 'e'))
      .concat(long)
      .sort();
    for (const target of ['abcde', 'eeeee', 'kxy', 'zzzzzz']) {
      for (const max of [1, 2]) {
        const got = new Map<string, number>();
        similarWords(words, frontCode(words), target, max, (index, distance) =>
          got.set(words[index] as string, distance),
        );
        const want = new Map(words.filter((w) => osa(w, target) <= max).map((w) => [w, osa(w, target)]));
        expect(got).toEqual(want);
        // From the middle of the list: the first word's shared characters are not in the coding.
        const start = target.slice(0, 2);
        const inRange = new Map<string, number>();
        similarWords(
          words,
          frontCode(words),
          target,
          max,
          (index, distance) => inRange.set(words[index] as string, distance),
          prefixRange(words, start),
        );
        expect(inRange).toEqual(new Map([...want].filter(([w]) => w.startsWith(start))));
      }
    }
  });
});
