import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteStore } from './store/pglite-store.ts';
import type { Store } from './store/types.ts';
import { StoreHealth } from './store-health.ts';

let store: Store | undefined;
let health: StoreHealth | undefined;
afterEach(async () => {
  health?.stop();
  await store?.close().catch(() => undefined);
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the store health behind /healthz', () => {
  it('given a store busy with a long statement, then health answers at once, and says unhealthy once the store is silent too long', async () => {
    store = await openPgliteStore({ dataDir: null, idleTransactionTimeoutMs: 30_000 });
    health = new StoreHealth(store, { probeEveryMs: 20, staleAfterMs: 400 });
    expect(health.now()).toEqual({ ok: true });
    let slept = false;
    const sleeping = store.query('SELECT pg_sleep(3)').then(() => {
      slept = true;
    });
    // Answered while the store is busy (a probe queued behind the statement is not waited for)...
    expect(health.now().ok).toBe(true);
    // ...until the store has been silent for longer than allowed, still before the statement ends.
    await until(() => !health?.now().ok || slept);
    expect(slept).toBe(false);
    expect(health.now().reason).toMatch(/^The database has not answered for \d+ s\.$/);
    await sleeping;
    await until(() => health?.now().ok === true);
  });

  it('given a store that refuses queries, then health says so with its error', async () => {
    store = await openPgliteStore({ dataDir: null, idleTransactionTimeoutMs: 30_000 });
    health = new StoreHealth(store, { probeEveryMs: 20, staleAfterMs: 10_000 });
    await store.close();
    await until(() => health?.now().ok === false);
    expect(health.now().reason).toMatch(/^The database refused a query: /);
  });
});
