import type { ParametricConfiguration, Row } from '@siteseer/core';
import type { VersionRecord } from '../repositories/parametric.ts';
import { chunkLines, csvCopyLine } from '../store/csv-copy.ts';
import type { Queryable, Store } from '../store/types.ts';
import { typedRows } from './parse/index.ts';
import { IndexFeed, yieldToLoop } from './search-index-build.ts';

/** Cells read and typed per statement: a short turn of the database and of the event loop each. */
const CELL_BATCH = 5000;

/** The text a row is found by: its enabled, searchable columns (not images). */
function searchText(row: Row, configuration: ParametricConfiguration): string {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled && c.type !== 'image')
    .map((c) => row[c.id])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
}

/**
 * Loads a version's typed rows into `parametric_rows` (inside the publish's transaction `tx`) and
 * feeds them to the engine's search index on the way. The cells are read and typed a batch at a
 * time, each batch turned into COPY lines at once: the whole table is never held as cells and as
 * typed rows together, and the event loop is never held for more than a batch. The COPY itself
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
    const typed = typedRows(
      {
        headers: version.headers,
        columnIds: version.columnIds,
        rows: batch.map((r) => r.cells),
        // As a spreadsheet numbers them: the header is row 1, cells are stored from row_no 1.
        rowNumbers: batch.map((r) => r.row_no + 1),
      },
      configuration,
    );
    for (const row of typed) {
      const rowNo = lines.length + 1;
      const data = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== ''));
      const json = JSON.stringify(data);
      lines.push(csvCopyLine([accountId, engineId, rowNo, json, searchText(row, configuration)]));
      feed.add(rowNo, data, json);
    }
    if (batch.length < CELL_BATCH) break;
    await yieldToLoop();
  }
  await store.copyFrom(
    'COPY parametric_rows (account_id, engine_id, row_no, data, search_text) FROM STDIN WITH (FORMAT csv)',
    chunkLines(lines),
    tx,
  );
  return feed;
}
