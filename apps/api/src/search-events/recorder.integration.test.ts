import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import type { Store } from '../store/types.ts';
import type { SearchEvent } from './events.ts';
import { BATCH_ROWS, SearchRecorder } from './recorder.ts';

interface Tenant {
  accountId: string;
  engineId: string;
  clientId: string;
}

/** A new account with a parametric engine and its client. */
async function tenant(db: Store): Promise<Tenant> {
  const { rows } = await db.query<{ account_id: string; engine_id: string; id: string }>(
    `WITH a AS (INSERT INTO accounts (name, products) VALUES ('Recorded', '{pm}') RETURNING id),
          e AS (INSERT INTO engines (account_id, name, type, created_by, updated_by)
                SELECT id, 'Recorded engine', 'pm', 'test', 'test' FROM a RETURNING account_id, id),
          c AS (INSERT INTO clients (account_id, engine_id, type, index_name)
                SELECT account_id, id, 'pm', 'recorded' FROM e RETURNING account_id, engine_id, id)
     SELECT account_id, engine_id, id FROM c`,
  );
  const row = rows[0] as { account_id: string; engine_id: string; id: string };
  return { accountId: row.account_id, engineId: row.engine_id, clientId: row.id };
}

function event(t: Tenant, n: number): SearchEvent {
  return {
    accountId: t.accountId,
    clientId: t.clientId,
    engineId: t.engineId,
    engineType: 'pm',
    query: `Query ${n}`,
    filters: { c1: { values: ['A'] } },
    page: 1,
    resultCount: n,
    latencyMs: 0.25,
    visitorId: 'v'.repeat(16),
  };
}

async function count(db: Store, t: Tenant, table: 'search_events' | 'search_clicks'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1 AND client_id = $2`,
    [t.accountId, t.clientId],
  );
  return rows[0]?.n ?? 0;
}

/** Waits until `check` holds, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(20);
  }
  return check();
}

describe.each(frontierStores)('Search recorder on %s', (_name, open) => {
  const store = useStore(open);
  const made: SearchRecorder[] = [];
  function recorder(options: ConstructorParameters<typeof SearchRecorder>[1] = {}): SearchRecorder {
    const recorder = new SearchRecorder(store(), options);
    made.push(recorder);
    return recorder;
  }
  afterEach(async () => {
    for (const r of made.splice(0)) await r.close();
  });

  it('given two and a half batches of searches queued at once, then they are written in 3 statements', async () => {
    const t = await tenant(store());
    const r = recorder({ flushEveryMs: 60_000 });
    const n = BATCH_ROWS * 2.5;
    const ids = Array.from({ length: n }, (_, i) => r.search(event(t, i)));

    expect(new Set(ids).size).toBe(n);
    expect(r.stats()).toMatchObject({ queued: n, batches: 0 });
    await r.flush();
    expect(r.stats()).toMatchObject({ queued: 0, searches: n, batches: 3, dropped: 0, failed: 0 });
    expect(await count(store(), t, 'search_events')).toBe(n);
    const { rows } = await store().query(
      `SELECT query, filters, result_count, latency_ms, engine_type FROM search_events
       WHERE account_id = $1 AND client_id = $2 AND id = $3`,
      [t.accountId, t.clientId, ids[7]],
    );
    expect(rows).toEqual([
      {
        query: 'query 7',
        filters: { c1: { values: ['A'] } },
        result_count: 7,
        latency_ms: 0.25,
        engine_type: 'pm',
      },
    ]);
  });

  it('given a full batch, then it is written without waiting for the timer; a partial one waits for it', async () => {
    const t = await tenant(store());
    const r = recorder({ batchRows: 50, flushEveryMs: 2000 });
    for (let n = 0; n < 50; n++) r.search(event(t, n));
    expect(await eventually(async () => (await count(store(), t, 'search_events')) === 50, 1500)).toBe(true);

    for (let n = 0; n < 3; n++) r.search(event(t, n));
    await sleep(200);
    expect(await count(store(), t, 'search_events')).toBe(50);
    expect(await eventually(async () => (await count(store(), t, 'search_events')) === 53)).toBe(true);
  });

  it('given the store stuck, then one write waits, the queue stops at its cap and the rest is dropped and counted', async () => {
    const t = await tenant(store());
    const r = recorder({ batchRows: 10, queueMax: 100, flushEveryMs: 60_000 });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = store().transaction(async (tx) => {
      await tx.query('LOCK TABLE search_batches IN ACCESS EXCLUSIVE MODE');
      locked();
      await released;
    });
    await isLocked;

    for (let n = 0; n < 10; n++) r.search(event(t, n));
    // The full batch is taken and its write waits on the lock.
    await sleep(50);
    for (let n = 10; n < 250; n++) r.search(event(t, n));
    expect(r.stats()).toMatchObject({ queued: 100, dropped: 140, batches: 1 });

    release();
    await holder;
    await r.flush();
    expect(r.stats()).toMatchObject({ queued: 0, searches: 110, dropped: 140, failed: 0 });
    expect(await count(store(), t, 'search_events')).toBe(110);
  });

  it('given clicks, then one naming a search of its client is stored under that account; others are not', async () => {
    const a = await tenant(store());
    const b = await tenant(store());
    const r = recorder({ flushEveryMs: 60_000 });
    const searchA = r.search(event(a, 1));
    const searchB = r.search(event(b, 1));
    const click = { url: 'https://shop.test/p/1', position: 3, visitorId: 'c'.repeat(16) };
    r.click({ ...click, clientId: a.clientId, searchId: searchA.toUpperCase() });
    r.click({ ...click, clientId: a.clientId, searchId: searchB });
    r.click({ ...click, clientId: b.clientId, searchId: searchA });
    r.click({ ...click, clientId: a.clientId, searchId: randomUUID() });
    r.click({ ...click, clientId: a.clientId, searchId: 'not-a-uuid' });
    r.click({ ...click, clientId: a.clientId, searchId: searchA, position: 0 });
    await r.flush();

    expect(r.stats()).toMatchObject({ clicks: 1, unmatched: 3, refused: 2 });
    const { rows } = await store().query(
      'SELECT account_id, client_id, search_id, url, position, visitor_id FROM search_clicks WHERE account_id = ANY ($1::uuid[])',
      [[a.accountId, b.accountId]],
    );
    expect(rows).toEqual([
      {
        account_id: a.accountId,
        client_id: a.clientId,
        search_id: searchA,
        url: 'https://shop.test/p/1',
        position: 3,
        visitor_id: 'c'.repeat(16),
      },
    ]);
  });

  it('given a click written by another process before its search, then it waits for the search and is stored', async () => {
    const t = await tenant(store());
    // Two processes on one database: the search answered by one, its click by the other.
    const first = recorder({ flushEveryMs: 60_000 });
    const second = recorder({ flushEveryMs: 20 });
    const id = first.search(event(t, 1));
    second.click({
      clientId: t.clientId,
      searchId: id,
      url: 'https://shop.test/p/1',
      position: 2,
      visitorId: 'v'.repeat(16),
    });
    // The second process's rounds run while the search still waits in the first one's queue: the
    // click is neither stored nor dropped (its queue count depends on whether a round is running).
    await sleep(150);
    expect(second.stats()).toMatchObject({ clicks: 0, unmatched: 0 });
    expect(await count(store(), t, 'search_clicks')).toBe(0);

    await first.flush();
    expect(await eventually(async () => second.stats().clicks === 1)).toBe(true);
    expect(second.stats()).toMatchObject({ unmatched: 0, queued: 0 });
    expect(await count(store(), t, 'search_clicks')).toBe(1);
    const { rows } = await store().query<{ clicks: number; clicked: number }>(
      `SELECT sum(clicks)::int AS clicks, sum(clicked_searches)::int AS clicked FROM analytics_days
       WHERE account_id = $1 AND client_id = $2`,
      [t.accountId, t.clientId],
    );
    expect(rows[0]).toEqual({ clicks: 1, clicked: 1 });
  });

  it('given a search with a NUL (?q=a%00b), then it and the rest of its batch are stored', async () => {
    const t = await tenant(store());
    const failures: unknown[] = [];
    const r = recorder({ flushEveryMs: 60_000, onWriteError: (_message, error) => failures.push(error) });
    const id = r.search({ ...event(t, 1), query: 'Spa\0des', filters: { 'c\0': { values: ['a\0b'] } } });
    r.search(event(t, 2));
    r.click({
      clientId: t.clientId,
      searchId: id,
      url: 'https://shop.test/\0',
      position: 1,
      visitorId: 'v'.repeat(16),
    });
    await r.flush();

    expect(failures).toEqual([]);
    expect([await count(store(), t, 'search_events'), await count(store(), t, 'search_clicks')]).toEqual([
      2, 1,
    ]);
    const { rows } = await store().query<{ query: string }>(
      'SELECT query FROM search_events WHERE account_id = $1 AND client_id = $2 ORDER BY query',
      [t.accountId, t.clientId],
    );
    expect(rows.map((row) => row.query)).toEqual(['query 2', 'spa des']);
  });

  it('given searches and a click with half a surrogate pair (a JSON body can send one), then they and the clicks on their chunk are stored', async () => {
    const t = await tenant(store());
    const failures: unknown[] = [];
    const r = recorder({ flushEveryMs: 60_000, onWriteError: (_message, error) => failures.push(error) });
    const id = r.search({
      ...event(t, 1),
      query: 'half \uD800 pair',
      tab: 'tab\uDC00',
      filters: { 'c\uD800': { values: ['a\uDFFFb'] } },
    });
    const other = r.search(event(t, 2));
    await r.flush();
    // Clicks take apart the chunk their search is in: one search of it could not be read back.
    r.click({
      clientId: t.clientId,
      searchId: id,
      url: 'https://shop.test/\uD800',
      position: 1,
      visitorId: 'v',
    });
    r.click({
      clientId: t.clientId,
      searchId: other,
      url: 'https://shop.test/b',
      position: 2,
      visitorId: 'v',
    });
    await r.flush();

    expect(failures).toEqual([]);
    expect([await count(store(), t, 'search_events'), await count(store(), t, 'search_clicks')]).toEqual([
      2, 2,
    ]);
    const { rows } = await store().query<{ query: string; tab: string | null }>(
      'SELECT query, tab FROM search_events WHERE account_id = $1 AND client_id = $2 ORDER BY query',
      [t.accountId, t.clientId],
    );
    expect(rows).toEqual([
      { query: 'half \uFFFD pair', tab: 'tab\uFFFD' },
      { query: 'query 2', tab: null },
    ]);
  });

  it('given a write that fails, then it is reported with its cause, its rows dropped, and later writes go on', async () => {
    const t = await tenant(store());
    const reported: string[] = [];
    const r = recorder({ flushEveryMs: 60_000, onWriteError: (message) => reported.push(message) });
    await store().exec(
      'ALTER TABLE search_batches ADD CONSTRAINT recorder_test_refuses CHECK (searches < 0) NOT VALID',
    );
    try {
      r.search(event(t, 1));
      r.search(event(t, 2));
      await expect(r.flush()).resolves.toBeUndefined();
    } finally {
      await store().exec('ALTER TABLE search_batches DROP CONSTRAINT recorder_test_refuses');
    }
    r.search(event(t, 3));
    await r.flush();

    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(
      /^Search recording: 2 searches could not be written and were dropped \(.*recorder_test_refuses/,
    );
    expect(r.stats()).toMatchObject({ searches: 1, failed: 2 });
    expect(await count(store(), t, 'search_events')).toBe(1);
  });

  it('given a client deleted while its searches wait, then they are left out and the others written', async () => {
    const kept = await tenant(store());
    const gone = await tenant(store());
    const r = recorder({ flushEveryMs: 60_000 });
    r.search(event(kept, 1));
    r.search(event(gone, 1));
    await store().query('DELETE FROM clients WHERE account_id = $1 AND id = $2', [
      gone.accountId,
      gone.clientId,
    ]);
    await r.flush();

    expect(r.stats()).toMatchObject({ searches: 1, failed: 0 });
    expect(await count(store(), kept, 'search_events')).toBe(1);
  });

  it('given recorded searches and clicks, when their engine or account is deleted, then its records go and the others stay', async () => {
    const kept = await tenant(store());
    const byEngine = await tenant(store());
    const byAccount = await tenant(store());
    const r = recorder({ flushEveryMs: 60_000 });
    for (const t of [kept, byEngine, byAccount]) {
      const searchId = r.search(event(t, 1));
      r.click({ clientId: t.clientId, searchId, url: 'https://shop.test/p/1', position: 1, visitorId: 'v' });
    }
    await r.flush();
    expect(r.stats()).toMatchObject({ searches: 3, clicks: 3 });

    await store().query('DELETE FROM engines WHERE id = $1', [byEngine.engineId]);
    await store().query('DELETE FROM accounts WHERE id = $1', [byAccount.accountId]);

    for (const table of ['search_events', 'search_clicks'] as const) {
      expect(await count(store(), kept, table)).toBe(1);
      expect(await count(store(), byEngine, table)).toBe(0);
      expect(await count(store(), byAccount, table)).toBe(0);
    }
  });

  it('given a batch written while its client is being deleted, then no row of that client outlives the delete', async () => {
    const t = await tenant(store());
    const r = recorder({ flushEveryMs: 60_000 });
    r.search(event(t, 1));
    let deleted!: () => void;
    let commit!: () => void;
    const deleting = new Promise<void>((resolve) => {
      deleted = resolve;
    });
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const deletion = store().transaction(async (tx) => {
      await tx.query('DELETE FROM clients WHERE account_id = $1 AND id = $2', [t.accountId, t.clientId]);
      deleted();
      await committing;
    });
    await deleting;
    // The batch starts while the delete is not committed: on PostgreSQL it waits for the client's
    // row lock, then finds the client gone; on PGlite it waits for the transaction to end.
    const flushed = r.flush();
    await sleep(100);
    commit();
    await deletion;
    await flushed;

    expect(r.stats()).toMatchObject({ searches: 0, failed: 0 });
    expect(await count(store(), t, 'search_events')).toBe(0);
  });

  it('given close, then what is queued is written and later rows are dropped', async () => {
    const t = await tenant(store());
    const closing = recorder({ flushEveryMs: 60_000 });
    closing.search(event(t, 1));
    await closing.close();
    const late = closing.search(event(t, 2));

    expect(late).toMatch(/^[0-9a-f-]{36}$/);
    expect(closing.stats()).toMatchObject({ searches: 1, dropped: 1, queued: 0 });
    expect(await count(store(), t, 'search_events')).toBe(1);
  });

  it('given two recorders on one store (two apps), then each keeps its own queue: closing one leaves the other recording', async () => {
    const t = await tenant(store());
    const first = recorder({ flushEveryMs: 60_000 });
    const second = recorder({ flushEveryMs: 60_000 });
    first.search(event(t, 1));
    second.search(event(t, 2));
    second.search(event(t, 3));

    expect([first.stats().queued, second.stats().queued]).toEqual([1, 2]);
    await first.close();
    expect(second.stats()).toMatchObject({ queued: 2, searches: 0, dropped: 0 });
    second.search(event(t, 4));
    await second.flush();
    expect(second.stats()).toMatchObject({ queued: 0, searches: 3, dropped: 0 });
    expect(await count(store(), t, 'search_events')).toBe(4);
  });
});
