import type { CellValue, Row } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import type { ColumnCodes } from './column-codes.ts';
import { columnCodes, Dictionary } from './column-dictionary.ts';
import { EngineIndex } from './search-index.ts';
import { type TextIndex, TextIndexBuilder } from './text-index.ts';

/** Rows read per statement: each is a short turn of the database and of the event loop. */
const BATCH_ROWS = 5000;

export interface IndexScope {
  accountId: string;
  engineId: string;
  /** The publish the index is for; a build gives up if another publish commits meanwhile. */
  generation: string;
}

/** Lets timers and sockets run between a build's steps: builds run beside live traffic. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
 * Takes an engine's rows in row-number order, as they are read back or as a publish writes them,
 * and makes the index of `columns` (its active filters; columns only sorted by are added on their
 * first sort, see `buildColumn`).
 */
export class IndexFeed {
  readonly #columns: readonly string[];
  readonly #rowNos: number[] = [];
  readonly #json: string[] = [];
  readonly #dictionaries: Dictionary[];

  constructor(columns: readonly string[]) {
    this.#columns = columns;
    this.#dictionaries = columns.map(() => new Dictionary());
  }

  /** `json` is `data` as JSON text (PostgreSQL's or JSON.stringify's: they parse to the same row). */
  add(rowNo: number, data: Row, json: string): void {
    this.#rowNos.push(rowNo);
    this.#json.push(json);
    this.#columns.forEach((id, i) => {
      (this.#dictionaries[i] as Dictionary).add(cellOf(data, id));
    });
  }

  /** The index; without `text`, text searches wait for `buildText`. */
  async finish(db: Queryable, text?: TextIndex): Promise<EngineIndex> {
    const codes = new Map<string, ColumnCodes>();
    for (const [i, id] of this.#columns.entries()) {
      codes.set(id, await columnCodes(db, this.#dictionaries[i] as Dictionary));
      await yieldToLoop();
    }
    return new EngineIndex({ rowNos: Int32Array.from(this.#rowNos), json: this.#json }, codes, text);
  }
}

/**
 * Reads an engine's published rows into an `EngineIndex` for `columns`. Answers undefined when a
 * publish committed while the rows were being read: the batches may then mix two versions, and no
 * search would ask for this generation again.
 */
export async function buildIndex(
  db: Queryable,
  scope: IndexScope,
  columns: readonly string[],
): Promise<EngineIndex | undefined> {
  const feed = new IndexFeed(columns);
  const text = new TextIndexBuilder();
  let position = 0;
  for (let after = 0; ; ) {
    const { rows } = await db.query<{ row_no: number; json: string; lexemes: string[] }>(
      `SELECT row_no, data::text AS json, tsvector_to_array(search) AS lexemes FROM parametric_rows
       WHERE account_id = $1 AND engine_id = $2 AND row_no > $3 ORDER BY row_no LIMIT ${BATCH_ROWS}`,
      [scope.accountId, scope.engineId, after],
    );
    for (const row of rows) {
      feed.add(row.row_no, JSON.parse(row.json) as Row, row.json);
      text.add(position++, row.lexemes);
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows.at(-1)?.row_no as number;
  }
  // Checked after the last batch: the same generation then means no publish committed before any
  // of the batches was read (a publish always makes a new generation).
  if (!(await stillLive(db, scope))) return undefined;
  return feed.finish(db, await text.finish());
}

/**
 * The lexemes of an index built without them (by a publish, which has the rows but not what
 * PostgreSQL's parser made of their text). Undefined if the rows read are not the index's rows.
 */
export async function buildText(
  db: Queryable,
  scope: IndexScope,
  index: EngineIndex,
): Promise<TextIndex | undefined> {
  const text = new TextIndexBuilder();
  let position = 0;
  for (let after = 0; ; ) {
    const { rows } = await db.query<{ row_no: number; lexemes: string[] }>(
      `SELECT row_no, tsvector_to_array(search) AS lexemes FROM parametric_rows
       WHERE account_id = $1 AND engine_id = $2 AND row_no > $3 ORDER BY row_no LIMIT ${BATCH_ROWS}`,
      [scope.accountId, scope.engineId, after],
    );
    for (const row of rows) {
      if (index.rowNos[position] !== row.row_no) return undefined;
      text.add(position++, row.lexemes);
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows.at(-1)?.row_no as number;
  }
  if (position !== index.rowNos.length || !(await stillLive(db, scope))) return undefined;
  return text.finish();
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
