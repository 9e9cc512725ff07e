import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCellChunks, readCells } from '../repositories/parametric/cell-chunks.ts';
import { defaultMigrationsDir, migrate } from './migrate.ts';
import { openPgliteStore } from './pglite-store.ts';
import type { Store } from './types.ts';

let store: Store | undefined;
let dir: string | undefined;
afterEach(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The store migrated up to `last` (inclusive) only, as a database made by an older build. */
async function migratedUpTo(last: number): Promise<Store> {
  dir = await mkdtemp(join(tmpdir(), 'siteseer-migrations-'));
  for (const file of await readdir(defaultMigrationsDir)) {
    if (Number(file.slice(0, 4)) <= last) await copyFile(join(defaultMigrationsDir, file), join(dir, file));
  }
  const opened = await openPgliteStore({ dataDir: null });
  await migrate(opened, dir);
  return opened;
}

describe('migrations over existing data', () => {
  it('given cells stored a row each (before 0005), when migrated, then they are read back in chunks, equal and in order', async () => {
    store = await migratedUpTo(4);
    const rows = Array.from({ length: 2500 }, (_, i) => [`r${i + 1}`, i % 7 === 0 ? null : `"quoted", ${i}`]);
    const { rows: made } = await store.query<{ account: string; import: string }>(
      `WITH a AS (INSERT INTO accounts (name) VALUES ('Acme') RETURNING id),
            i AS (INSERT INTO parametric_imports (account_id) SELECT id FROM a RETURNING account_id, id)
       SELECT account_id AS account, id AS import FROM i`,
    );
    const { account, import: importId } = made[0] as { account: string; import: string };
    await store.query(
      `INSERT INTO parametric_versions (account_id, import_id, version, original_file_name, format, uploaded_by,
         row_count, headers, column_ids, inferred, file)
       VALUES ($1, $2, 1, 'a.csv', 'csv', 'test', 2500, '["A","B"]', '["c0","c1"]', '{}', '\\x00')`,
      [account, importId],
    );
    // Inserted out of order: the chunks follow row_no, not insertion order.
    await store.query(
      `INSERT INTO parametric_cells (account_id, import_id, version, row_no, cells)
       SELECT $1, $2, 1, n, (($3::text)::jsonb) -> (n - 1) FROM generate_series(2500, 1, -1) AS n`,
      [account, importId, JSON.stringify(rows)],
    );

    await migrate(store);

    expect(await readCells(store, account, importId, 1, null)).toEqual(rows);
    expect(await readCells(store, account, importId, 1, 3)).toEqual(rows.slice(0, 3));
    // Numbered as publishing numbered them then (the header is row 1).
    const chunks: number[][] = [];
    for await (const chunk of readCellChunks(store, account, importId, 1)) chunks.push(chunk.rowNumbers);
    expect(chunks.flat()).toEqual(rows.map((_, i) => i + 2));
    const counted = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM parametric_cell_chunks');
    expect(counted.rows[0]?.n).toBe(3);
    const gone = await store.query<{ t: string | null }>(
      "SELECT to_regclass('parametric_cells')::text AS t UNION ALL SELECT to_regclass('parametric_rows')::text",
    );
    expect(gone.rows).toEqual([{ t: null }, { t: null }]);
  });

  it('given pages crawled before 0025, when migrated, then each has its match key: no scheme, no www., lower case', async () => {
    store = await migratedUpTo(24);
    const { rows } = await store.query<{ account: string; engine: string }>(
      `WITH a AS (INSERT INTO accounts (name) VALUES ('Acme') RETURNING id),
            e AS (INSERT INTO engines (account_id, name, type, created_by, updated_by)
                  SELECT id, 'Docs', 'kw', 'test', 'test' FROM a RETURNING account_id, id),
            c AS (INSERT INTO crawlers (account_id, engine_id, page_load_delay, crawl_frequency)
                  SELECT account_id, id, '100ms', 'daily' FROM e RETURNING account_id, engine_id)
       SELECT account_id AS account, engine_id AS engine FROM c`,
    );
    const { account, engine } = rows[0] as { account: string; engine: string };
    const urls = ['HTTPS://WWW.Example.com/Docs/Intro', 'http://example.org/a?b=C', 'https://wwwx.test/'];
    await store.query(
      `INSERT INTO crawl_pages (account_id, engine_id, run_id, url_key, url, content_hash)
       SELECT $1, $2, 1, url, url, 'h' FROM unnest($3::text[]) AS url`,
      [account, engine, urls],
    );

    await migrate(store);

    const keys = await store.query<{ key: string }>(
      'SELECT url_match_key AS key FROM crawl_pages WHERE account_id = $1 ORDER BY url',
      [account],
    );
    expect(keys.rows.map((row) => row.key)).toEqual([
      'example.com/docs/intro',
      'example.org/a?b=c',
      'wwwx.test/',
    ]);
  });
});
