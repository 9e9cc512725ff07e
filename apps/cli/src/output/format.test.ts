import { describe, expect, it } from 'vitest';
import { plural } from './format.ts';

describe('plural', () => {
  it('uses the singular for one only', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(2, 'column')).toBe('2 columns');
  });
});
