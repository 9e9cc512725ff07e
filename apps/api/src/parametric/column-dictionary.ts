import type { CellValue } from '@siteseer/core';
import { yieldToLoop } from '../event-loop.ts';
import type { Queryable } from '../store/types.ts';
import { ColumnCodes } from './column-codes.ts';

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
export function numericText(n: number): string {
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
 * Codes in jsonb order. Numbers and booleans are ordered here; strings by the database, whose
 * collation decides their order in `ORDER BY data -> col`.
 */
export async function columnCodes(db: Queryable, dictionary: Dictionary): Promise<ColumnCodes> {
  const byType: number[][] = [[], [], [], []];
  dictionary.values.forEach((value, i) => {
    (byType[typeRank(value)] as number[]).push(i);
  });
  const [nulls = [], strings = [], numbers = [], booleans = []] = byType;
  let stringOrder: number[] = [];
  if (strings.length > 0) {
    const { rows } = await db.query<{ i: number }>(
      'SELECT (x.ord - 1)::int AS i FROM unnest($1::text[]) WITH ORDINALITY AS x (s, ord) ORDER BY x.s',
      [strings.map((i) => dictionary.values[i])],
    );
    stringOrder = rows.map((row) => strings[row.i] as number);
  }
  // Distinct numbers, so each sorted value names one dictionary entry; a typed sort is fast.
  const numberAt = new Map<number, number>();
  for (const i of numbers) numberAt.set(dictionary.values[i] as number, i);
  await yieldToLoop();
  const numberOrder = Array.from(Float64Array.from(numberAt.keys()).sort(), (n) => numberAt.get(n) as number);
  const booleanOrder = booleans.sort((a, b) => Number(dictionary.values[a]) - Number(dictionary.values[b]));
  // A column of ~50k distinct numbers took 50-80 ms in one go: cut into turns of the event loop.
  await yieldToLoop();
  const order = [...nulls, ...stringOrder, ...numberOrder, ...booleanOrder];
  const finalCode = new Uint32Array(dictionary.values.length);
  order.forEach((i, code) => {
    finalCode[i] = code;
  });
  const values = order.map((i) => dictionary.values[i] as CellValue);
  const missing = values.length;
  await yieldToLoop();
  const rows = Uint32Array.from(dictionary.codes, (code) =>
    code < 0 ? missing : (finalCode[code] as number),
  );
  await yieldToLoop();
  const texts = values.map(textOf);
  await yieldToLoop();
  return new ColumnCodes(values, texts, rows);
}
