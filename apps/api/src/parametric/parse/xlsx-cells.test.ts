import { describe, expect, it } from 'vitest';
import { cellText, serialToIso } from './xlsx-cells.ts';

describe('serialToIso', () => {
  it.each([
    [45306, false, '2024-01-15'],
    [45306.5, false, '2024-01-15T12:00:00'],
    [36525.999988426, false, '1999-12-31T23:59:59'],
    [0.75, false, '18:00:00'],
    [1, false, '1900-01-01'],
    [0, true, '1904-01-01'],
  ])('%d (1904: %s) is %s', (serial, date1904, iso) => {
    expect(serialToIso(serial, date1904)).toBe(iso);
  });

  it('gives null for a serial that is no date', () => {
    expect(serialToIso(3e6, false)).toBeNull();
    expect(serialToIso(-1e6, false)).toBeNull();
  });

  it.each([
    [-30701, false, '1815-12-10'],
    [-1, false, '1899-12-29'],
    [-0.25, false, '1899-12-29T18:00:00'],
    [-36522, false, '1800-01-01'],
    [-1, true, '1903-12-31'],
  ])(
    '%d (1904: %s), a date LibreOffice writes before 1900, is %s (was: the number)',
    (serial, date1904, iso) => {
      expect(serialToIso(serial, date1904)).toBe(iso);
    },
  );
});

describe('cellText', () => {
  it.each([
    [
      { t: 'n', v: 1234.5, z: '"$"#,##0.00' },
      { kind: 'text', text: '1234.5' },
    ],
    [
      { t: 'n', v: 0.1 + 0.2 },
      { kind: 'text', text: '0.30000000000000004' },
    ],
    [
      { t: 'n', v: 45306, z: 'm/d/yy' },
      { kind: 'text', text: '2024-01-15' },
    ],
    [
      { t: 'n', v: -30701, z: 'yyyy-mm-dd' },
      { kind: 'text', text: '1815-12-10' },
    ],
    [
      { t: 'n', v: 0.15, z: '0%' },
      { kind: 'text', text: '15', percent: true },
    ],
    [
      { t: 'n', v: 0.07, z: '0.00%' },
      { kind: 'text', text: '7', percent: true },
    ],
    [
      { t: 'n', v: 0.125, z: '#,##0.0"%"' },
      { kind: 'text', text: '0.125' },
    ],
    [
      { t: 'b', v: false },
      { kind: 'text', text: 'false' },
    ],
    [
      { t: 's', v: 'x' },
      { kind: 'text', text: 'x' },
    ],
    [
      { t: 'd', v: new Date('2024-01-15T00:00:00Z') },
      { kind: 'text', text: '2024-01-15' },
    ],
    [
      { t: 'e', v: 0x2a },
      { kind: 'error', text: '#N/A' },
    ],
    [{ t: 'z' }, { kind: 'text', text: null }],
    [undefined, { kind: 'text', text: null }],
  ] as const)('%j → %j', (cell, expected) => {
    expect(cellText(cell, false)).toEqual(expected);
  });
});
