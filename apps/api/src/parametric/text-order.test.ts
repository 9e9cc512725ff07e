import { describe, expect, it } from 'vitest';
import { textSortKey } from './text-order.ts';

const sorted = (values: string[]): string[] =>
  [...values].sort((a, b) => {
    const [x, y] = [textSortKey(a), textSortKey(b)];
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });

describe('the order of text values in the results table', () => {
  it('given mixed case and accents, when sorted, then they are in dictionary order (was: code units)', () => {
    expect(sorted(['zebra', 'Éclair', 'apple', 'Banana', 'école'])).toEqual([
      'apple',
      'Banana',
      'Éclair',
      'école',
      'zebra',
    ]);
  });

  it('given numbers inside text, when sorted, then they are in number order', () => {
    expect(sorted(['10 items', '9 items', 'A10', 'A2', 'A1'])).toEqual([
      '9 items',
      '10 items',
      'A1',
      'A2',
      'A10',
    ]);
  });

  it('given values equal but for case, when sorted, then the order is still total and stable', () => {
    expect(sorted(['b', 'B', 'a'])).toEqual(['a', 'B', 'b']);
  });
});
