import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { describeMigrationContract } from './migrate-contract.test-kit.ts';
import { openStore } from './open-store.ts';
import { createTestSchema } from './pg-schema.test-kit.ts';
import { openPgStore } from './pg-store.ts';
import { describeStoreContract, useContractStore } from './store-contract.test-kit.ts';

const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl) {
  const reason = 'DATABASE_URL is not set (e.g. postgres://siteseer:siteseer@127.0.0.1:5432/siteseer_test)';
  console.info(`PgStore tests skipped: ${reason}`);
  describe.skip(`PgStore on PostgreSQL: skipped because ${reason}`, () => {
    test('store contract', () => {});
  });
} else {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(drops.map((drop) => drop()));
  });
  const harness = {
    open: async (options: { idleTransactionTimeoutMs: number }) => {
      const { schema, drop } = await createTestSchema(databaseUrl);
      drops.push(drop);
      return openPgStore({ connectionString: databaseUrl, schema, ...options });
    },
  };

  describeStoreContract('PgStore (PostgreSQL)', harness);

  async function freshSchema(): Promise<string> {
    const { schema, drop } = await createTestSchema(databaseUrl as string);
    drops.push(drop);
    return schema;
  }
  describeMigrationContract('PgStore (PostgreSQL)', {
    open: async () => openPgStore({ connectionString: databaseUrl, schema: await freshSchema() }),
    // Two pools, as two API processes would have: the advisory lock must keep them apart.
    openRacers: async () => {
      const schema = await freshSchema();
      return Promise.all([
        openPgStore({ connectionString: databaseUrl, schema }),
        openPgStore({ connectionString: databaseUrl, schema }),
      ]);
    },
  });

  test('openStore with a database URL opens PostgreSQL and migrates it', async () => {
    const migrationsDir = await mkdtemp(join(tmpdir(), 'siteseer-pg-migrations-'));
    await writeFile(join(migrationsDir, '0001-create-notes.sql'), 'CREATE TABLE notes (id int);');
    const store = await openStore({ databaseUrl, dataDir: null, schema: await freshSchema(), migrationsDir });
    try {
      expect(store.kind).toBe('postgres');
      expect((await store.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
    } finally {
      await store.close();
      await rm(migrationsDir, { recursive: true, force: true });
    }
  });

  describe('PgStore: one connection per transaction, so transactions are isolated', () => {
    const { store, table } = useContractStore(harness);

    test('a transaction does not see, nor wait for, another one that has not committed', async () => {
      const t = table('isolated');
      await store().exec(`CREATE TABLE ${t} (id int)`);
      const events: string[] = [];
      const first = store().transaction(async (tx) => {
        await tx.query(`INSERT INTO ${t} VALUES (1)`);
        await sleep(300);
        events.push('first commits');
      });
      await sleep(50);
      const second = await store().transaction(async (tx) => {
        events.push('second reads');
        return (await tx.query(`SELECT count(*)::int AS n FROM ${t}`)).rows;
      });
      await first;
      expect(second).toEqual([{ n: 0 }]);
      expect(events).toEqual(['second reads', 'first commits']);
      expect((await store().query(`SELECT count(*)::int AS n FROM ${t}`)).rows).toEqual([{ n: 1 }]);
    });
  });

  describe('PgStore.listen: notifications of every process, and gaps when the connection is lost', () => {
    const { store } = useContractStore(harness);

    async function until(condition: () => boolean): Promise<void> {
      const deadline = Date.now() + 20_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('The condition never held');
        await sleep(20);
      }
    }

    test('a notification arrives after its commit; a lost connection is a gap, then listening resumes', async () => {
      const messages: string[] = [];
      let gaps = 0;
      const channel = `test_listen_${process.pid}_${Date.now()}`;
      const listener = store().listen?.(channel, {
        onMessage: (payload) => messages.push(payload),
        onGap: () => gaps++,
      });
      if (!listener) throw new Error('PgStore listens');
      try {
        await until(() => listener.live);
        expect(gaps).toBe(1);
        await store().transaction(async (tx) => {
          await tx.query('SELECT pg_notify($1, $2)', [channel, 'in a transaction']);
          await sleep(100);
          expect(messages).toEqual([]);
        });
        await until(() => messages.length === 1);
        expect(messages).toEqual(['in a transaction']);
        // The server ends the listening connection: a gap, then listening again.
        await store().query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()',
          [`LISTEN ${channel}`],
        );
        await until(() => !listener.live);
        expect(gaps).toBe(2);
        await until(() => listener.live);
        expect(gaps).toBe(3);
        await store().query('SELECT pg_notify($1, $2)', [channel, 'after']);
        await until(() => messages.length === 2);
        expect(messages[1]).toBe('after');
      } finally {
        await listener.stop();
      }
    });
  });
}
