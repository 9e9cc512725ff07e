import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { MigrationError, StoreQueryError } from './errors.ts';
import { migrate } from './migrate.ts';
import type { Store } from './types.ts';

/** Migration tests every store passes. Each test gets an empty database. */
export interface MigrationHarness {
  /** A store on an empty database (pg: a new schema). */
  open(): Promise<Store>;
  /** Two stores on one empty database, as two API processes starting together would have. */
  openRacers(): Promise<[Store, Store]>;
}

export function describeMigrationContract(name: string, harness: MigrationHarness): void {
  describe(`${name}: migrations`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
    });

    async function migrationsDir(files: Record<string, string>): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), 'siteseer-migrations-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      await write(dir, files);
      return dir;
    }
    async function write(dir: string, files: Record<string, string>): Promise<void> {
      for (const [file, sql] of Object.entries(files)) await writeFile(join(dir, file), sql);
    }
    async function open(): Promise<Store> {
      const store = await harness.open();
      cleanups.push(() => store.close());
      return store;
    }
    async function recorded(store: Store): Promise<number[]> {
      const { rows } = await store.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      return rows.map((row) => row.version);
    }

    test('pending migrations are applied in order, once, and recorded', async () => {
      const dir = await migrationsDir({
        '0002-seed-notes.sql': "INSERT INTO notes VALUES (1, 'a');\nINSERT INTO notes VALUES (2, 'b');\n",
        '0001-create-notes.sql': 'CREATE TABLE notes (id int PRIMARY KEY, body text);\n',
        '.gitkeep': '',
      });
      const store = await open();
      expect(await migrate(store, dir)).toEqual({
        applied: ['0001-create-notes.sql', '0002-seed-notes.sql'],
      });
      expect(await migrate(store, dir)).toEqual({ applied: [] });
      await write(dir, { '0003-more-notes.sql': "INSERT INTO notes VALUES (3, 'c');" });
      expect(await migrate(store, dir)).toEqual({ applied: ['0003-more-notes.sql'] });
      expect((await store.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 3 }]);
      const { rows } = await store.query('SELECT version, name, checksum, applied_at FROM schema_migrations');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        version: 1,
        name: 'create-notes',
        checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(rows[0]?.applied_at).toBeInstanceOf(Date);
    });

    test('an applied migration that was changed stops the run, naming the file', async () => {
      const dir = await migrationsDir({ '0001-create-notes.sql': 'CREATE TABLE notes (id int);\n' });
      const store = await open();
      await migrate(store, dir);
      // Only line endings differ: the same migration.
      await write(dir, { '0001-create-notes.sql': 'CREATE TABLE notes (id int);\r\n' });
      expect(await migrate(store, dir)).toEqual({ applied: [] });
      await write(dir, { '0001-create-notes.sql': 'CREATE TABLE notes (id bigint);\n' });
      const error = await migrate(store, dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect(error).toMatchObject({ file: '0001-create-notes.sql' });
      expect((error as Error).message).toMatch(/0001-create-notes\.sql was changed after it was applied/);
    });

    test('a failing migration is reported with its file and the database error, and nothing of it stays', async () => {
      const dir = await migrationsDir({
        '0001-create-notes.sql': 'CREATE TABLE notes (id int);',
        '0002-broken.sql': 'CREATE TABLE tags (id int);\nINSERT INTO tags VALUES (1);\nSELEC 1;\n',
        '0003-after.sql': 'CREATE TABLE later (id int);',
      });
      const store = await open();
      const error = await migrate(store, dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect(error).toMatchObject({ file: '0002-broken.sql' });
      expect((error as Error).message).toMatch(
        /0002-broken\.sql failed .*syntax error at or near "SELEC".*42601/,
      );
      expect((error as Error).cause).toBeInstanceOf(StoreQueryError);
      const tables = await store.query(
        "SELECT to_regclass('notes')::text AS notes, to_regclass('tags')::text AS tags, to_regclass('later')::text AS later",
      );
      expect(tables.rows).toEqual([{ notes: 'notes', tags: null, later: null }]);
      expect(await recorded(store)).toEqual([1]);

      await write(dir, { '0002-broken.sql': 'CREATE TABLE tags (id int);\nINSERT INTO tags VALUES (1);\n' });
      expect(await migrate(store, dir)).toEqual({ applied: ['0002-broken.sql', '0003-after.sql'] });
    });

    test('a migration numbered below the last applied one is refused', async () => {
      const dir = await migrationsDir({ '0002-second.sql': 'CREATE TABLE second (id int);' });
      const store = await open();
      await migrate(store, dir);
      await write(dir, { '0001-first.sql': 'CREATE TABLE first (id int);' });
      await expect(migrate(store, dir)).rejects.toThrow(/0001-first\.sql is numbered below 0002/);
    });

    test('migrators racing on one database apply each migration once', async () => {
      const dir = await migrationsDir({
        '0001-slow.sql': 'CREATE TABLE slow (id int); SELECT pg_sleep(0.2);',
        '0002-counted.sql': 'CREATE TABLE counted (id int); INSERT INTO counted VALUES (1);',
        '0003-also-counted.sql': 'INSERT INTO counted VALUES (2);',
      });
      const [first, second] = await harness.openRacers();
      cleanups.push(async () => {
        await first.close();
        if (second !== first) await second.close();
      });
      const results = await Promise.all([migrate(first, dir), migrate(second, dir)]);
      const applied = results.flatMap((result) => result.applied);
      expect(applied.sort()).toEqual(['0001-slow.sql', '0002-counted.sql', '0003-also-counted.sql']);
      expect(await recorded(first)).toEqual([1, 2, 3]);
      expect((await first.query('SELECT id FROM counted ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    });
  });
}
