import type { CellValue } from '@siteseer/core';
import { inTurns, yieldToLoop } from '../event-loop.ts';
import { sortedTextPositions } from '../repositories/parametric/string-order.ts';
import type { Queryable } from '../store/types.ts';
import { ColumnCodes } from './column-codes.ts';
import { textSortKey } from './text-order.ts';

/** Distinct values of a column as they arrive, each with a provisional code (first seen first). */
export class Dictionary {
  readonly values: CellValue[] = [];
  readonly codes: number[] = [];
  // Strings apart from the other values: 1 and "1" are different values.
  readonly #strings = new Map<string, number>();
  readonly #others = new Map<number | boolean | null, number>();

  add(value: CellValue | undefined): void {
    if (value === undefined) {
      this.codes.push(-1);
      return;
    }
    const byValue: Map<CellValue, number> = typeof value === 'string' ? this.#strings : this.#others;
    let code = byValue.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      byValue.set(value, code);
    }
    this.codes.push(code);
  }
}

/** Values worked on per turn of the event loop (a few ms). */
const PER_TURN = 5000;

/** jsonb orders values of different types as null < string < number < boolean (PostgreSQL docs, 8.14.4). */
function typeRank(value: CellValue): number {
  if (value === null) return 0;
  if (typeof value === 'string') return 1;
  return typeof value === 'number' ? 2 : 3;
}

/**
 * `data ->> col` of a number: PostgreSQL prints the numeric the JSON text made, in plain notation
 * (JSON's 1e+21 and 1.5e-7 come back as 1000000000000000000000 and 0.00000015).
 */
function numericText(n: number): string {
  const text = String(n);
  if (!text.includes('e')) return text;
  const exponent = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, whole = '', fraction = '', power = '0'] = exponent;
  const digits = whole + fraction;
  const point = whole.length + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function textOf(value: CellValue): string | null {
  if (value === null) return null;
  return typeof value === 'number' ? numericText(value) : String(value);
}

/**
 * Codes in jsonb's order of types (null < string < number < boolean). Numbers and booleans are
 * ordered here; strings by the database, by their `textSortKey` (case, accents and digit runs as
 * people read them), then their text.
 */
export async function columnCodes(db: Queryable, dictionary: Dictionary): Promise<ColumnCodes> {
  // Long columns (50k distinct values) are worked on a slice per turn of the event loop: in one go
  // this took 50-80 ms, during which the API answered nothing.
  const { values: dictionaryValues, codes } = dictionary;
  const byType: number[][] = [[], [], [], []];
  await inTurns(dictionaryValues.length, PER_TURN, (i) => {
    (byType[typeRank(dictionaryValues[i] as CellValue)] as number[]).push(i);
  });
  const [nulls = [], strings = [], numbers = [], booleans = []] = byType;
  let stringOrder: number[] = [];
  if (strings.length > 0) {
    const keys = new Array<string>(strings.length);
    await inTurns(strings.length, PER_TURN, (k) => {
      keys[k] = textSortKey(dictionaryValues[strings[k] as number] as string);
    });
    const texts = strings.map((i) => dictionaryValues[i] as string);
    const positions = await sortedTextPositions(db, keys, texts);
    stringOrder = positions.map((k) => strings[k] as number);
  }
  // Distinct numbers, so each sorted value names one dictionary entry; a typed sort is fast.
  const numberAt = new Map<number, number>();
  await inTurns(numbers.length, PER_TURN, (k) => {
    const i = numbers[k] as number;
    numberAt.set(dictionaryValues[i] as number, i);
  });
  const sortedNumbers = Float64Array.from(numberAt.keys()).sort();
  await yieldToLoop();
  const numberOrder = new Array<number>(sortedNumbers.length);
  await inTurns(sortedNumbers.length, PER_TURN, (k) => {
    numberOrder[k] = numberAt.get(sortedNumbers[k] as number) as number;
  });
  const booleanOrder = booleans.sort((a, b) => Number(dictionaryValues[a]) - Number(dictionaryValues[b]));
  const order = [...nulls, ...stringOrder, ...numberOrder, ...booleanOrder];
  const finalCode = new Uint32Array(dictionaryValues.length);
  const values = new Array<CellValue>(order.length);
  const texts = new Array<string | null>(order.length);
  await inTurns(order.length, PER_TURN, (code) => {
    const i = order[code] as number;
    finalCode[i] = code;
    const value = dictionaryValues[i] as CellValue;
    values[code] = value;
    texts[code] = textOf(value);
  });
  const missing = values.length;
  const rows = new Uint32Array(codes.length);
  await inTurns(codes.length, PER_TURN * 4, (row) => {
    const code = codes[row] as number;
    rows[row] = code < 0 ? missing : (finalCode[code] as number);
  });
  return new ColumnCodes(values, texts, rows);
}
