import { describe, expect, it } from 'vitest';
import { decodeLabel, encodeLabel } from './column-label.ts';

describe('column labels', () => {
  it.each([
    ['Part Number', 'Part%20Number'],
    ['Größe (mm)', 'Gr%C3%B6%C3%9Fe%20(mm)'],
    ['100% cotton', '100%25%20cotton'],
    ['a/b & c?', 'a%2Fb%20%26%20c%3F'],
    ['Part%20Number', 'Part%20Number'],
    ['', ''],
  ])('Given the label %j, when encoded, then it is stored as %j', (label, stored) => {
    expect(encodeLabel(label)).toBe(stored);
  });

  it.each(['Part Number', 'Größe (mm)', '100% cotton', '電圧 ⚡', 'a/b & c?'])(
    'Given %j, when encoded twice, then it equals encoding once and decodes back',
    (label) => {
      const once = encodeLabel(label);
      expect(encodeLabel(once)).toBe(once);
      expect(decodeLabel(once)).toBe(label);
    },
  );

  it.each([
    ['Part%20Number', 'Part Number'],
    ['100% cotton', '100% cotton'],
    ['%E0%A4%A', '%E0%A4%A'],
    ['plain', 'plain'],
  ])('Given the stored label %j, when decoded, then it reads %j', (stored, label) => {
    expect(decodeLabel(stored)).toBe(label);
  });
});
