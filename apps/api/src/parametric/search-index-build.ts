import type { CellValue, Row } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { ColumnCodes } from './column-codes.ts';
import { EngineIndex } from './search-index.ts';
import { TextIndexBuilder } from './text-index.ts';

/** Rows read per statement: each is a short turn of the database and of the event loop. */
const BATCH_ROWS = 5000;

export interface IndexScope {
  accountId: string;
  engineId: string;
  /** The publish the index is for; the build gives up if another publish commits meanwhile. */
  generation: string;
}

/** Distinct values of a column as they arrive, each with a provisional code (first seen first). */
class Dictionary {
  readonly values: CellValue[] = [];
  readonly codes: number[] = [];
  readonly #byKey = new Map<string, number>();

  add(value: CellValue | undefined): void {
    if (value === undefined) {
      this.codes.push(-1);
      return;
    }
    // Values from one jsonb column are told apart by type and text (1 and "1" are different values).
    const key = typeof value === 'string' ? `s${value}` : JSON.stringify(value);
    let code = this.#byKey.get(key);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.#byKey.set(key, code);
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

/** Lets timers and sockets run between the build's steps: it runs beside live traffic. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Codes in jsonb order. Numbers and booleans are ordered here; strings by the database, whose
 * collation decides their order in `ORDER BY data -> col`.
 */
async function columnCodes(db: Queryable, dictionary: Dictionary): Promise<ColumnCodes> {
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
  const numberAt = new Map(numbers.map((i) => [dictionary.values[i] as number, i]));
  const numberOrder = Array.from(Float64Array.from(numberAt.keys()).sort(), (n) => numberAt.get(n) as number);
  const booleanOrder = booleans.sort((a, b) => Number(dictionary.values[a]) - Number(dictionary.values[b]));
  const order = [...nulls, ...stringOrder, ...numberOrder, ...booleanOrder];
  const finalCode = new Uint32Array(dictionary.values.length);
  order.forEach((i, code) => {
    finalCode[i] = code;
  });
  const values = order.map((i) => dictionary.values[i] as CellValue);
  const missing = values.length;
  const rows = Uint32Array.from(dictionary.codes, (code) =>
    code < 0 ? missing : (finalCode[code] as number),
  );
  return new ColumnCodes(values, values.map(textOf), rows);
}

/** A batch of rows as the build reads them: row number, its data as JSON text, its lexemes. */
interface BatchRow {
  row_no: number;
  json: string;
  lexemes: string[];
}

/** Whether the engine's live publish is still `scope.generation`. */
async function stillLive(db: Queryable, scope: IndexScope): Promise<boolean> {
  const { rows } = await db.query<{ generation: string }>(
    'SELECT generation::text AS generation FROM parametric_published WHERE account_id = $1 AND engine_id = $2',
    [scope.accountId, scope.engineId],
  );
  return rows[0]?.generation === scope.generation;
}

function cellOf(data: Row, id: string): CellValue | undefined {
  return Object.hasOwn(data, id) ? data[id] : undefined;
}

/**
 * Reads an engine's published rows into an `EngineIndex` for `columns` (its active filters; columns
 * only sorted by are added on their first sort). Answers undefined when a publish committed while
 * the rows were being read: the batches may then mix two versions, and no search would ask for this
 * generation again.
 */
export async function buildIndex(
  db: Queryable,
  scope: IndexScope,
  columns: readonly string[],
): Promise<EngineIndex | undefined> {
  const rowNos: number[] = [];
  const json: string[] = [];
  const text = new TextIndexBuilder();
  const dictionaries = columns.map(() => new Dictionary());
  for (let after = 0; ; ) {
    const { rows } = await db.query<BatchRow>(
      `SELECT row_no, data::text AS json, tsvector_to_array(search) AS lexemes FROM parametric_rows
       WHERE account_id = $1 AND engine_id = $2 AND row_no > $3 ORDER BY row_no LIMIT ${BATCH_ROWS}`,
      [scope.accountId, scope.engineId, after],
    );
    for (const row of rows) {
      const data = JSON.parse(row.json) as Row;
      text.add(rowNos.length, row.lexemes);
      rowNos.push(row.row_no);
      json.push(row.json);
      columns.forEach((id, i) => {
        (dictionaries[i] as Dictionary).add(cellOf(data, id));
      });
    }
    if (rows.length < BATCH_ROWS) break;
    after = (rows.at(-1) as BatchRow).row_no;
  }
  // Checked after the last batch: the same generation then means no publish committed before any
  // of the batches was read (a publish always makes a new generation).
  if (!(await stillLive(db, scope))) return undefined;
  const codes = new Map<string, ColumnCodes>();
  for (const [i, id] of columns.entries()) {
    codes.set(id, await columnCodes(db, dictionaries[i] as Dictionary));
    await yieldToLoop();
  }
  return new EngineIndex({ rowNos: Int32Array.from(rowNos), json }, codes, await text.finish());
}

/** One more column of an index already built (a column sorted by only), from the rows it holds. */
export async function buildColumn(db: Queryable, index: EngineIndex, column: string): Promise<ColumnCodes> {
  const dictionary = new Dictionary();
  for (const [i, text] of index.json.entries()) {
    dictionary.add(cellOf(JSON.parse(text) as Row, column));
    if (i % BATCH_ROWS === BATCH_ROWS - 1) await yieldToLoop();
  }
  return columnCodes(db, dictionary);
}
