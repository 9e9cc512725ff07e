import type { ParametricConfiguration, Row } from '@siteseer/core';
import type { VersionRecord } from '../repositories/parametric.ts';
import { chunkLines, csvCopyLine } from '../store/csv-copy.ts';
import type { Queryable, Store } from '../store/types.ts';
import { typedRows } from './parse/index.ts';
import { IndexFeed, yieldToLoop } from './search-index-build.ts';

/** Cells read per statement, and typed per turn of the event loop (a turn stays within ~20 ms). */
const CELL_BATCH = 5000;
const TYPED_PER_TURN = 1000;

/**
 * COPY input in ~256 KB chunks with a turn of the event loop between them: the pg driver's stream
 * reads ahead by chunks chained on promises alone, which would build every chunk in one go.
 */
async function* chunksYielding(lines: readonly string[]): AsyncGenerator<string> {
  for await (const chunk of chunkLines(lines)) {
    yield chunk;
    await yieldToLoop();
  }
}

/** The columns a row is found by: enabled, searchable ones (not images), in configuration order. */
function searchColumns(configuration: ParametricConfiguration): string[] {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled && c.type !== 'image')
    .map((c) => c.id);
}

/** The text a row is found by: the values of its search columns. */
function searchText(row: Row, columns: readonly string[]): string {
  return columns
    .map((id) => row[id])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

/**
 * Loads a version's typed rows into `parametric_rows` (inside the publish's transaction `tx`) and
 * feeds them to the engine's search index on the way. The cells are read and typed a batch at a
 * time, each batch turned into COPY lines at once: the whole table is never held as cells and as
 * typed rows together, and the event loop is never held for more than a thousand rows. The COPY
 * starts once every line is made (a COPY in progress leaves its connection no room for queries).
 */
export async function loadPublishedRows(
  store: Store,
  tx: Queryable,
  p: {
    accountId: string;
    engineId: string;
    version: VersionRecord;
    configuration: ParametricConfiguration;
    indexColumns: readonly string[];
  },
): Promise<IndexFeed> {
  const { accountId, engineId, version, configuration } = p;
  const feed = new IndexFeed(p.indexColumns);
  const lines: string[] = [];
  const searched = searchColumns(configuration);
  const read = (after: number) => {
    const reading = tx.query<{ row_no: number; cells: (string | null)[] }>(
      `SELECT row_no, cells FROM parametric_cells
       WHERE account_id = $1 AND import_id = $2 AND version = $3 AND row_no > $4 ORDER BY row_no LIMIT ${CELL_BATCH}`,
      [accountId, version.importId, version.version, after],
    );
    // A batch read ahead is awaited below, which reports its failure; if typing the batch before
    // it failed instead, the transaction is rolled back for that error and this one is moot.
    reading.catch(() => undefined);
    return reading;
  };
  let next = read(0);
  for (;;) {
    const { rows: batch } = await next;
    // The next batch is read (by the database's thread or server) while this one is typed here.
    const last = batch.at(-1)?.row_no;
    if (batch.length === CELL_BATCH && last !== undefined) next = read(last);
    for (let start = 0; start < batch.length; start += TYPED_PER_TURN) {
      const part = batch.slice(start, start + TYPED_PER_TURN);
      const typed = typedRows(
        {
          headers: version.headers,
          columnIds: version.columnIds,
          rows: part.map((r) => r.cells),
          // As a spreadsheet numbers them: the header is row 1, cells are stored from row_no 1.
          rowNumbers: part.map((r) => r.row_no + 1),
        },
        configuration,
      );
      for (const row of typed) {
        const rowNo = lines.length + 1;
        const data = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== ''));
        const json = JSON.stringify(data);
        lines.push(csvCopyLine([accountId, engineId, rowNo, json, searchText(row, searched)]));
        feed.add(rowNo, data, json);
      }
      await yieldToLoop();
    }
    if (batch.length < CELL_BATCH) break;
  }
  await store.copyFrom(
    'COPY parametric_rows (account_id, engine_id, row_no, data, search_text) FROM STDIN WITH (FORMAT csv)',
    chunksYielding(lines),
    tx,
  );
  return feed;
}
