import { randomUUID } from 'node:crypto';
import { chunkLines, csvCopyLine, openStore } from '@siteseer/test-support/store';
import type { Table } from './dataset.ts';

export interface Floor {
  /** COPY of the typed rows, then the primary key and the full-text GIN index built. */
  ms: number;
  /** CPU of this process meanwhile (the store's worker thread, or the pg client; PostgreSQL's own is not seen). */
  cpuMs: number;
  copyMs: number;
  indexMs: number;
  /**
   * The longest this process's event loop waited past a 5 ms timer during the COPY and index build:
   * the store runs off the main thread (PGlite in a worker), so this stays a few ms.
   */
  maxLoopLagMs: number;
}

/** Samples the event loop every 5 ms; `stop()` answers the longest delay past the period seen. */
function loopLagSampler(): { stop(): number } {
  let maxLagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last - 5);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return maxLagMs;
    },
  };
}

/** The rows as the API stores them: typed JSON under column ids c0.., and the text they are found by. */
function copyLines(table: Table): string[] {
  const account = randomUUID();
  const engine = randomUUID();
  const imageColumn = table.headers.indexOf('Image');
  return table.rows.map((cells, index) => {
    const data = Object.fromEntries(cells.map((value, i) => [`c${i}`, value]));
    const text = cells.filter((_, i) => i !== imageColumn).join(' ');
    return csvCopyLine([account, engine, index + 1, JSON.stringify(data), text]);
  });
}

/**
 * What the database alone needs to make the rows searchable, on the same kind of store as the
 * server (PGlite in a worker thread with a data directory, or PostgreSQL in a fresh schema): the
 * lower bound an upload → searchable time is compared with.
 */
export async function measureFloor(
  table: Table,
  where: { dataDir: string } | { databaseUrl: string; schema: string },
): Promise<Floor> {
  const store = await openStore({
    ...('dataDir' in where
      ? { dataDir: where.dataDir }
      : { databaseUrl: where.databaseUrl, schema: where.schema }),
    migrationsDir: null,
  });
  try {
    await store.exec(`
      CREATE TABLE floor_rows (
        account_id uuid NOT NULL,
        engine_id uuid NOT NULL,
        row_no integer NOT NULL,
        data jsonb NOT NULL,
        search_text text NOT NULL DEFAULT '',
        search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED
      )`);
    const lines = copyLines(table);
    const cpu = process.cpuUsage();
    const lag = loopLagSampler();
    const started = performance.now();
    await store.copyFrom(
      'COPY floor_rows (account_id, engine_id, row_no, data, search_text) FROM STDIN WITH (FORMAT csv)',
      chunkLines(lines),
    );
    const copied = performance.now();
    await store.exec(`
      ALTER TABLE floor_rows ADD PRIMARY KEY (account_id, engine_id, row_no);
      CREATE INDEX floor_rows_search ON floor_rows USING gin (search);`);
    const done = performance.now();
    const maxLoopLagMs = lag.stop();
    const used = process.cpuUsage(cpu);
    await store.exec('DROP TABLE floor_rows');
    return {
      ms: done - started,
      cpuMs: (used.user + used.system) / 1000,
      copyMs: copied - started,
      indexMs: done - copied,
      maxLoopLagMs,
    };
  } finally {
    await store.close();
  }
}
