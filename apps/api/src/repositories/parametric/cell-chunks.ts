import type { Queryable } from '../../store/types.ts';

/** Rows per stored chunk of a version's cells (see 0005-cell-chunks.sql). */
export const CELL_CHUNK_ROWS = 1000;

type Cells = (string | null)[][];

/** A stored chunk of a version's rows: their cells, and each one's number in the file. */
export interface CellChunk {
  cells: Cells;
  rowNumbers: number[];
}

/**
 * Stores a version's cells: `chunks` are JSON arrays of CELL_CHUNK_ROWS rows (the last may be
 * shorter), `rowNumbers` every row's number in the file; one statement per chunk (one statement of
 * them all was 5× slower on PGlite).
 */
export async function insertCellChunks(
  db: Queryable,
  v: { accountId: string; importId: string; version: number },
  chunks: readonly string[],
  rowNumbers: readonly number[],
): Promise<void> {
  for (const [chunkNo, cells] of chunks.entries()) {
    const first = chunkNo * CELL_CHUNK_ROWS;
    await db.query(
      `INSERT INTO parametric_cell_chunks (account_id, import_id, version, chunk_no, cells, row_numbers)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [v.accountId, v.importId, v.version, chunkNo, cells, rowNumbers.slice(first, first + CELL_CHUNK_ROWS)],
    );
  }
}

/** A version's cells, a chunk of rows at a time in file order (`limit`: that many rows at most). */
export async function* readCellChunks(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<CellChunk> {
  const chunksWanted = Math.ceil(limit / CELL_CHUNK_ROWS);
  const CHUNKS_PER_READ = 8;
  let read = 0;
  for (let from = 0; read < limit; from += CHUNKS_PER_READ) {
    const { rows } = await db.query<{ cells: string; row_numbers: number[] }>(
      `SELECT cells, row_numbers FROM parametric_cell_chunks
       WHERE account_id = $1 AND import_id = $2 AND version = $3 AND chunk_no >= $4
       ORDER BY chunk_no LIMIT $5`,
      [accountId, importId, version, from, Math.min(CHUNKS_PER_READ, chunksWanted - from)],
    );
    for (const row of rows) {
      const cells = (JSON.parse(row.cells) as Cells).slice(0, limit - read);
      read += cells.length;
      yield { cells, rowNumbers: row.row_numbers.slice(0, cells.length) };
    }
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

/** The first `limit` rows of cells of a version (all when limit is null), in file order. */
export async function readCells(
  db: Queryable,
  accountId: string,
  importId: string,
  version: number,
  limit: number | null,
): Promise<Cells> {
  const all: Cells = [];
  for await (const { cells } of readCellChunks(db, accountId, importId, version, limit ?? undefined))
    all.push(...cells);
  return all;
}
