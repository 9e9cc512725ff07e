import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './csv-export.ts';

describe('neutraliseFormula', () => {
  it.each(['-5', '-.5', '+3', '-5.', '-1.5e3', '+2E-4', '-0', '12', '.5', 'plain text'])(
    'leaves %j as it is (was: a leading minus without digits before the point was escaped)',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );

  it.each([
    '=1+1',
    '=HYPERLINK("https://evil.test","x")',
    '+1+1',
    '-1+1',
    '+A1',
    '-A1',
    '-',
    '+',
    '-.',
    '-5 ',
    '-Infinity',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\0x',
    '-2+cmd|"/c calc"!A0',
  ])('escapes %j with an apostrophe', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });
});

describe('toCsv', () => {
  it('writes numbers as numbers and formulas escaped, quoting what needs it', () => {
    expect(
      toCsv(
        ['Name', 'Delta'],
        [
          ['=A1,', '-.5'],
          ['+3', -5],
        ],
      ),
    ).toBe('\uFEFFName,Delta\r\n"\'=A1,",-.5\r\n+3,-5\r\n');
  });
});

describe('toCsv opened where the list separator is not a comma', () => {
  it('given a cell holding a semicolon or a tab before a formula, when exported, then the cell is quoted whole', () => {
    // Excel in most of Europe splits an unquoted line on ';': `x;=1+1` would be a formula cell.
    expect(toCsv(['Note'], [['x;=1+1'], ['y\t@SUM(A1)']])).toBe(
      '\uFEFFNote\r\n"x;=1+1"\r\n"y\t@SUM(A1)"\r\n',
    );
  });
});
