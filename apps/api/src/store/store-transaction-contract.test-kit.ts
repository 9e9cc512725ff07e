import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import {
  StoreQueryError,
  StoreUsageError,
  TransactionAbortedError,
  TransactionClosedError,
  TransactionTimeoutError,
} from './errors.ts';
import type { Queryable, Store } from './types.ts';

/** Idle-transaction timeout of the contract's store: short, so the timeout test is quick. */
export const contractIdleTimeoutMs = 1_500;

async function count(store: Store, table: string): Promise<number> {
  const { rows } = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}

export function describeTransactionContract(store: () => Store, table: (prefix: string) => string): void {
  describe('transactions', () => {
    test('a transaction that resolves is committed and returns its value', async () => {
      const t = table('tx_commit');
      await store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const value = await store().transaction(async (tx) => {
        await tx.query(`INSERT INTO ${t} VALUES (1), (2)`);
        return (await tx.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0];
      });
      expect(value).toEqual({ n: 2 });
      expect(await count(store(), t)).toBe(2);
    });

    test('a throwing callback leaves nothing behind and its error comes out unchanged', async () => {
      const t = table('tx_throw');
      await store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const thrown = new Error('the callback failed');
      const error = await store()
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1), (2)`);
          throw thrown;
        })
        .catch((e: unknown) => e);
      expect(error).toBe(thrown);
      expect(await count(store(), t)).toBe(0);
    });

    test('a failing statement rolls back the statements before it', async () => {
      const t = table('tx_fail');
      await store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const error = await store()
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreQueryError);
      expect((error as StoreQueryError).code).toBe('23505');
      expect(await count(store(), t)).toBe(0);
    });

    test('concurrent read-modify-write transactions lose no update', async () => {
      const t = table('tx_counter');
      await store().exec(
        `CREATE TABLE ${t} (id int PRIMARY KEY, n int NOT NULL); INSERT INTO ${t} VALUES (1, 0);`,
      );
      const increment = (tx: Queryable) => async () => {
        const { rows } = await tx.query<{ n: number }>(`SELECT n FROM ${t} WHERE id = 1 FOR UPDATE`);
        await sleep(2);
        await tx.query(`UPDATE ${t} SET n = $1 WHERE id = 1`, [(rows[0]?.n ?? 0) + 1]);
      };
      await Promise.all(Array.from({ length: 20 }, () => store().transaction((tx) => increment(tx)())));
      expect((await store().query(`SELECT n FROM ${t}`)).rows).toEqual([{ n: 20 }]);
    });

    test('using the store instead of tx inside a transaction is refused, not a deadlock', async () => {
      const t = table('tx_guard');
      await store().exec(`CREATE TABLE ${t} (id int)`);
      async function* rows() {
        yield '1\n';
      }
      const attempts = await store().transaction(async (tx) => {
        await tx.query(`INSERT INTO ${t} VALUES (1)`);
        return Promise.all([
          store()
            .query('SELECT 1')
            .catch((e: unknown) => e),
          store()
            .transaction(async () => 1)
            .catch((e: unknown) => e),
          store()
            .copyFrom(`COPY ${t} (id) FROM STDIN`, rows())
            .catch((e: unknown) => e),
        ]);
      });
      for (const attempt of attempts) expect(attempt).toBeInstanceOf(StoreUsageError);
      expect(await count(store(), t)).toBe(1);
    });

    test('a tx handle used after its transaction ended is refused', async () => {
      let leaked: Queryable | undefined;
      await store().transaction(async (tx) => {
        leaked = tx;
      });
      await expect(leaked?.query('SELECT 1')).rejects.toThrow(TransactionClosedError);
    });

    test('committing after a caught statement failure reports the rollback', async () => {
      const t = table('tx_aborted');
      await store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const error = await store()
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
          await tx.query(`INSERT INTO ${t} VALUES (1)`).catch((e: unknown) => {
            if (!(e instanceof StoreQueryError)) throw e;
          });
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionAbortedError);
      expect(await count(store(), t)).toBe(0);
    });

    test('a transaction left idle too long is rolled back and says so', async () => {
      const t = table('tx_idle');
      await store().exec(`CREATE TABLE ${t} (id int)`);
      const error = await store()
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
          await sleep(contractIdleTimeoutMs + 700);
          await tx.query(`INSERT INTO ${t} VALUES (2)`);
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionTimeoutError);
      expect(await count(store(), t)).toBe(0);
    });
  });
}
