import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { openPgliteStore } from './pglite-store.ts';
import { describeStoreContract, useContractStore } from './store-contract.test-kit.ts';

const harness = {
  open: (options: { idleTransactionTimeoutMs: number }) => openPgliteStore({ dataDir: null, ...options }),
};

describeStoreContract('PgliteStore (in memory)', harness);

describe('PgliteStore: one connection, so transactions run one after another', () => {
  const { store, table } = useContractStore(harness);

  test('a transaction begun while another is open waits for it and then sees its rows', async () => {
    const t = table('serial');
    await store().exec(`CREATE TABLE ${t} (id int)`);
    const events: string[] = [];
    const first = store().transaction(async (tx) => {
      await tx.query(`INSERT INTO ${t} VALUES (1)`);
      await sleep(150);
      events.push('first commits');
    });
    await sleep(20);
    const second = store().transaction(async (tx) => {
      events.push('second starts');
      return (await tx.query(`SELECT count(*)::int AS n FROM ${t}`)).rows;
    });
    const plain = store()
      .query(`SELECT count(*)::int AS n FROM ${t}`)
      .then((result) => {
        events.push('plain query runs');
        return result.rows;
      });
    await first;
    expect(await second).toEqual([{ n: 1 }]);
    expect(await plain).toEqual([{ n: 1 }]);
    expect(events).toEqual(['first commits', 'second starts', 'plain query runs']);
  });
});
