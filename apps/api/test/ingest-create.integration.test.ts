import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

// POST datasource/parametric once created the engine and its client before reading the file: every
// refused file left an empty engine behind, and one call retried twice with the same
// Idempotency-Key made three engines.

let t: Tenants;
let key: string;

beforeAll(async () => {
  t = await startWithTenants();
  key = (await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key;
}, 180_000);
afterAll(async () => {
  await t?.server.close();
});

async function create(name: string, csv: string, idempotencyKey?: string) {
  const form = new FormData();
  form.set('searchEngineName', name);
  form.set('file', new Blob([csv]), 'feed.csv');
  const response = await fetch(`${t.server.base}/api/datasource/parametric`, {
    method: 'POST',
    headers: { 'x-api-key': key, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function counts(name: string) {
  const { rows } = await t.server.store.query<{ engines: number; clients: number; imports: number }>(
    `SELECT (SELECT count(*)::int FROM engines WHERE account_id = $1 AND name = $2) AS engines,
       (SELECT count(*)::int FROM clients c JOIN engines e ON e.account_id = c.account_id AND e.id = c.engine_id
        WHERE e.account_id = $1 AND e.name = $2) AS clients,
       (SELECT count(*)::int FROM parametric_imports WHERE account_id = $1) AS imports`,
    [t.accountA, name],
  );
  return rows[0] as { engines: number; clients: number; imports: number };
}

async function searchTotal(clientId: string): Promise<number> {
  const response = await fetch(`${t.server.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { total: number }).total;
}

describe('creating an engine through the data-source API', () => {
  it('given a file that is refused, when posted, then no engine, client or import is left behind', async () => {
    const before = await counts('Refused feed');
    const refused = await create('Refused feed', 'Name,Name\n');
    expect(refused.status).toBe(400);
    expect(await counts('Refused feed')).toEqual(before);
    const badName = await create('abc', toCsv(products(3)));
    expect(badName.status).toBe(400);
    expect(await counts('abc')).toMatchObject({ engines: 0, clients: 0, imports: before.imports });
  });

  it('given three parallel calls with one Idempotency-Key, when they complete, then one engine exists and each got the same answer', async () => {
    const csv = toCsv(products(25));
    const answers = await Promise.all(
      [1, 2, 3].map(() => create('Parallel feed', csv, 'nightly-2026-11-24')),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[2]?.body).toEqual(answers[0]?.body);
    expect(await counts('Parallel feed')).toMatchObject({ engines: 1, clients: 1 });
    expect(await searchTotal(answers[0]?.body.clientId)).toBe(25);

    const later = await create('Parallel feed', csv, 'nightly-2026-11-24');
    expect(later).toEqual(answers[0]);
  });

  it('given a used Idempotency-Key, when it comes with another file or another name, then 422 says the key was used for another request', async () => {
    const first = await create('Keyed feed', toCsv(products(4)), 'reused-key');
    expect(first.status).toBe(200);
    for (const [name, csv] of [
      ['Keyed feed', toCsv(products(5))],
      ['Another keyed feed', toCsv(products(4))],
    ] as const) {
      const reused = await create(name, csv, 'reused-key');
      expect(reused.status).toBe(422);
      expect(reused.body.detail).toBe(
        'This Idempotency-Key was used for another request (another file or engine name): send a new key for a new request.',
      );
    }
    expect(await counts('Keyed feed')).toMatchObject({ engines: 1 });
    expect(await counts('Another keyed feed')).toMatchObject({ engines: 0 });
  });

  it('given a request that fails before it commits, when retried with its key, then the first left nothing and the retry makes one engine', async () => {
    // The last write of the transaction fails, as a crash before the commit would stop it.
    await t.server.store.query(`CREATE FUNCTION refuse_ingest_request() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'simulated crash before commit'; END $$ LANGUAGE plpgsql`);
    await t.server.store.query(
      'CREATE TRIGGER refuse_ingest_request BEFORE INSERT ON ingest_requests FOR EACH ROW EXECUTE FUNCTION refuse_ingest_request()',
    );
    const csv = toCsv(products(6));
    const before = await counts('Crashed feed');
    try {
      expect((await create('Crashed feed', csv, 'crash-key')).status).toBe(500);
      expect(await counts('Crashed feed')).toEqual(before);
    } finally {
      await t.server.store.query('DROP TRIGGER refuse_ingest_request ON ingest_requests');
      await t.server.store.query('DROP FUNCTION refuse_ingest_request()');
    }
    const retried = await create('Crashed feed', csv, 'crash-key');
    expect(retried.status).toBe(200);
    expect(await counts('Crashed feed')).toMatchObject({ engines: 1, clients: 1 });
    expect(await searchTotal(retried.body.clientId)).toBe(6);
  });
});
