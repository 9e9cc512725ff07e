import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreClosedError, StoreCrashedError } from './errors.ts';
import { openStore } from './open-store.ts';
import { openPgliteStore } from './pglite-store.ts';

let root: string;
let migrationsDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'siteseer-pglite-'));
  migrationsDir = join(root, 'migrations');
  await mkdir(migrationsDir);
  await writeFile(
    join(migrationsDir, '0001-create-notes.sql'),
    'CREATE TABLE notes (id int PRIMARY KEY, body text);',
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('PGlite on disk', () => {
  test('openStore creates the data directory, migrates it, and a reopen finds the rows', async () => {
    const dataDir = join(root, 'nested', 'data');
    const first = await openStore({ dataDir, migrationsDir });
    expect(first.kind).toBe('pglite');
    await first.transaction(async (tx) => {
      await tx.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'kept', 2, 'ünïcode']);
    });
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow(StoreClosedError);

    const started = performance.now();
    const second = await openStore({ dataDir, migrationsDir });
    const reopenMs = performance.now() - started;
    try {
      expect((await second.query('SELECT id, body FROM notes ORDER BY id')).rows).toEqual([
        { id: 1, body: 'kept' },
        { id: 2, body: 'ünïcode' },
      ]);
      expect((await second.query('SELECT count(*)::int AS n FROM schema_migrations')).rows).toEqual([
        { n: 1 },
      ]);
      // A small database gets the smallest buffer pool (pglite-memory.ts), not PGlite's 128 MB.
      expect((await second.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await second.close();
    }
    console.info(`PGlite reopen of an existing data dir (with migrate): ${reopenMs.toFixed(0)} ms`);
  });

  test('a row committed before the worker dies survives, and pending calls fail with StoreCrashedError', async () => {
    const dataDir = join(root, 'crash');
    const store = await openPgliteStore({ dataDir });
    await store.exec('CREATE TABLE events (id int PRIMARY KEY)');
    await store.transaction(async (tx) => {
      await tx.query('INSERT INTO events VALUES (1)');
    });
    await store.query('INSERT INTO events VALUES (2)');
    const pending = store.query('SELECT count(*) FROM generate_series(1, 50000000)');
    await store.terminate();
    await expect(pending).rejects.toThrow(StoreCrashedError);
    await expect(store.query('SELECT 1')).rejects.toThrow(/PGlite worker thread exited/);

    const reopened = await openPgliteStore({ dataDir });
    try {
      expect((await reopened.query('SELECT id FROM events ORDER BY id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
    } finally {
      await reopened.close();
    }
  });

  test('a data directory that cannot be created fails the open with the reason', async () => {
    const file = join(root, 'not-a-directory');
    await writeFile(file, '');
    const error = await openPgliteStore({ dataDir: join(file, 'data') }).catch((e: unknown) => e);
    // The directory is made (and locked) before PGlite starts: the lock names the path it could not make.
    expect((error as Error).message).toMatch(/ENOTDIR.*not-a-directory\/data/);
  });

  test("openStore keeps ':memory:' in memory, with the buffer pool it is given", async () => {
    const store = await openStore({ dataDir: ':memory:', migrationsDir, sharedBuffersMb: 24 });
    try {
      expect((await store.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
      expect(existsSync(':memory:')).toBe(false);
      expect((await store.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '24MB' }]);
    } finally {
      await store.close();
    }
  });
});

describe('PGlite off the main thread', () => {
  // How long the event loop waits meanwhile is a timing: `pnpm bench` measures it (floor: event-loop lag).
  test('50k rows streamed in with COPY are all stored', async () => {
    const store = await openPgliteStore({ dataDir: null });
    try {
      await store.exec(`CREATE TABLE products (
        id int PRIMARY KEY, sku text, title text, description text, price numeric, stock int, updated timestamptz)`);
      async function* csv(): AsyncGenerator<string> {
        for (let batch = 0; batch < 50; batch++) {
          let text = '';
          for (let i = batch * 1000 + 1; i <= (batch + 1) * 1000; i++) {
            text += `${i},SKU-${i},"Product ${i}, ""deluxe""","A longer description of product ${i} with ünïcode ✓ and enough words to look like a real catalogue row",${(i % 997) + 0.99},${i % 50},2024-01-01 00:00:00+00\n`;
          }
          yield text;
        }
      }
      const copied = await store.copyFrom(
        'COPY products (id, sku, title, description, price, stock, updated) FROM STDIN WITH (FORMAT csv)',
        csv(),
      );
      expect(copied).toBe(50_000);
      expect((await store.query('SELECT count(*)::int AS n FROM products')).rows).toEqual([{ n: 50_000 }]);
    } finally {
      await store.close();
    }
  });
});
