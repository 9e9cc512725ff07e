import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants, withApiKey } from './actors.ts';
import { api } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

// Every call an account API key may make, over HTTP: CI reads the engines it publishes and uploads
// through the data-source API. The key is not a login: no call may treat it as a user id (reading an
// engine once answered 500 'invalid input syntax for type uuid: "api-key:…"').

let t: Tenants;
let keyA: string;
let keyB: string;
let engineId: string;
let clientId: string;
let importId: string;

async function ingest(key: string, path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([toCsv(products(20))]), 'feed.csv');
  const response = await fetch(`${t.server.base}/api/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  t = await startWithTenants();
  keyA = (await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key;
  keyB = (await api(t.server, t.ownerB.token, 'GET', `account/${t.accountB}/newApiKey`)).body.key;
  const created = await ingest(keyA, 'datasource/parametric', { searchEngineName: 'Key reads feed' });
  if (created.status !== 200) throw new Error(`Ingest failed: ${JSON.stringify(created.body)}`);
  ({ engineId, clientId, importId } = created.body);
  // Signing five logins in is slow on a loaded machine.
}, 180_000);
afterAll(async () => {
  await t?.server.close();
});

/** The reads a key may make of its account's engine, each with what its answer must hold. */
function reads(): [string, string, unknown, (body: any) => void][] {
  const a = t.accountA;
  return [
    ['GET', `searchengines/${engineId}?accountId=${a}`, undefined, (b) => expect(b.id).toBe(engineId)],
    [
      'POST',
      `searchengines/${engineId}/filters?accountId=${a}`,
      { appliedFilters: { category: [] } },
      (b) => expect(Object.values(b.category).reduce((x: number, y) => x + Number(y), 0)).toBe(20),
    ],
    ['GET', `client/${clientId}`, undefined, (b) => expect(b.engineId).toBe(engineId)],
    ['GET', `client/${clientId}/pm/snippet`, undefined, (b) => expect(JSON.stringify(b)).toContain(clientId)],
    [
      'GET',
      `parametric/config?accountId=${a}&engineId=${engineId}`,
      undefined,
      (b) => expect(Object.keys(b.columns).length).toBe(8),
    ],
    ['GET', `parametric/file/${importId}/preview?lines=2`, undefined, (b) => expect(b.rows).toHaveLength(2)],
    ['GET', `parametric/file/${importId}/history`, undefined, (b) => expect(b).toHaveLength(1)],
  ];
}

describe('an account API key', () => {
  it('given its own account, when it lists engines and clients, then it sees its engine and only its account’s', async () => {
    const list = await withApiKey(t.server, keyA, 'GET', 'searchengines');
    expect(list.status).toBe(200);
    expect(list.body.map((e: any) => e.id)).toContain(engineId);
    expect(list.body.every((e: any) => e.accountId === t.accountA)).toBe(true);
    const clients = await withApiKey(t.server, keyA, 'GET', `clients?engineIds=${engineId}`);
    expect(clients.body.map((c: any) => c.id)).toEqual([clientId]);
  });

  it('given its own account’s engine, when it makes every read a key may make, then each answers 200 with the engine’s data', async () => {
    for (const [method, path, body, check] of reads()) {
      const answer = await withApiKey(t.server, keyA, method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 200 });
      check(answer.body);
    }
  });

  it('given its own account’s engine, when it downloads the file and the dataset, then both are the uploaded table', async () => {
    for (const path of [
      `parametric/download?engineId=${engineId}&accountId=${t.accountA}`,
      `searchengines/${engineId}/download/csv?accountId=${t.accountA}`,
    ]) {
      const response = await fetch(`${t.server.base}/api/${path}`, { headers: { 'x-api-key': keyA } });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      // The dataset export ends its lines with CRLF (RFC 4180); the original file is as uploaded.
      expect((await response.text()).replaceAll('\r\n', '\n')).toBe(toCsv(products(20)));
    }
  });

  it('given its own account’s engine, when it uploads a new version through the data-source API, then it is published', async () => {
    const uploaded = await ingest(keyA, `datasource/parametric/${engineId}`, {});
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ engineId, clientId, version: 2, published: true });
  });

  it('given another account’s key, when it makes the same reads, then each is a 404 and its lists leave the engine out', async () => {
    for (const [method, path, body] of reads()) {
      const answer = await withApiKey(t.server, keyB, method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    expect(
      (await withApiKey(t.server, keyB, 'GET', 'searchengines')).body.map((e: any) => e.id),
    ).not.toContain(engineId);
    const clients = await withApiKey(t.server, keyB, 'GET', `clients?engineIds=${engineId}`);
    expect(clients).toMatchObject({ status: 200, body: [] });
    expect((await ingest(keyB, `datasource/parametric/${engineId}`, {})).status).toBe(404);
    const download = await fetch(
      `${t.server.base}/api/parametric/download?engineId=${engineId}&accountId=${t.accountA}`,
      { headers: { 'x-api-key': keyB } },
    );
    expect(download.status).toBe(404);
  });
});
