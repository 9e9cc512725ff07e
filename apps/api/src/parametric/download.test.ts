import { describe, expect, it } from 'vitest';
import { xlsxCell } from './download.ts';

describe('a cell of the XLSX dataset export', () => {
  it('given text longer than Excel holds, when exported, then it is cut to 32,767 characters ending in … (was: a workbook Excel called corrupt)', () => {
    const cell = xlsxCell('lorem ipsum '.repeat(20_000), 'keyword') as string;

    expect(cell).toHaveLength(32_767);
    expect(cell.endsWith('…')).toBe(true);
  });

  it('given a character outside the BMP at the cut, when exported, then it is not split in half', () => {
    const cell = xlsxCell(`${'a'.repeat(32_765)}😀${'b'.repeat(10)}`, 'keyword') as string;

    expect(cell).toBe(`${'a'.repeat(32_765)}…`);
  });

  it('given text Excel holds, numbers and formulas, when exported, then they are as before', () => {
    expect(xlsxCell('x'.repeat(32_767), 'keyword')).toBe('x'.repeat(32_767));
    expect(xlsxCell('12.5', 'half_float')).toBe(12.5);
    expect(xlsxCell('=1+1', 'keyword')).toBe("'=1+1");
  });
});
