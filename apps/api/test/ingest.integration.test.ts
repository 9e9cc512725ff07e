import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/store/types.ts';
import { startWithTenants, type Tenants, withApiKey } from './actors.ts';
import { api } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

let t: Tenants;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  t = await startWithTenants();
  keyA = (await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key;
  keyB = (await api(t.server, t.ownerB.token, 'GET', `account/${t.accountB}/newApiKey`)).body.key;
});
afterAll(async () => {
  await t?.server.close();
});

async function ingest(key: string, path: string, fields: Record<string, string>, csv: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([csv]), 'feed.csv');
  const response = await fetch(`${t.server.base}/api/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function total(clientId: string): Promise<number> {
  const response = await fetch(`${t.server.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { total: number }).total;
}

describe('the data-source (ingest) API', () => {
  let engineId: string;
  let clientId: string;

  it('given an account API key, when a table is posted, then an INGEST_API engine is created, published and searchable', async () => {
    const created = await ingest(
      keyA,
      'datasource/parametric',
      { searchEngineName: 'Nightly feed' },
      toCsv(products(30)),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ version: 1, published: true, rowCount: 30 });
    ({ engineId, clientId } = created.body);
    expect(await total(clientId)).toBe(30);
    const engine = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engineId}?accountId=${t.accountA}`,
    );
    expect(engine.body.createdBy).toBe('INGEST_API');
    expect(engine.body.searchEngineDetail).toMatchObject({ version: 1, originalFileName: 'feed.csv' });
  });

  it('given a table with US thousands, when created and then updated, then each answer names the rewritten column (was: nothing)', async () => {
    const csv = 'Product,Units\nA,"1,234"\nB,"12,000"\n';
    const warning =
      "Column 'Units' holds numbers written like 1,234.5; they are read as plain numbers (1234.5).";

    const created = await ingest(keyA, 'datasource/parametric', { searchEngineName: 'Warned feed' }, csv);
    const updated = await ingest(keyA, `datasource/parametric/${created.body.engineId}`, {}, csv);

    expect(created.status).toBe(200);
    expect(created.body.warnings).toEqual([warning]);
    expect(updated.body.warnings).toEqual([warning]);
  });

  it('given a new version with as many columns but other headers, when ingested, then it is published under its own (was: the old labels and types)', async () => {
    const created = await ingest(
      keyA,
      'datasource/parametric',
      { searchEngineName: 'Reshaped feed' },
      'Product,Units,Revenue\nA,1,2.5\nB,2,3.5\n',
    );
    const reshaped = await ingest(
      keyA,
      `datasource/parametric/${created.body.engineId}`,
      {},
      'SKU,Name,Price\nS-1,Bolt,0.5\nS-2,Nut,0.25\n',
    );

    expect(reshaped.status).toBe(200);
    const config = (await (
      await fetch(`${t.server.base}/search/${created.body.clientId}/config`)
    ).json()) as {
      columns: { label: string; type: string }[];
    };
    expect(config.columns.map((c) => [c.label, c.type])).toEqual([
      ['SKU', 'keyword'],
      ['Name', 'keyword'],
      ['Price', 'half_float'],
    ]);
  });

  it('given a portal engine relabelled in the wizard, when the same headers are ingested, then its labels and settings stay', async () => {
    const created = await api(t.server, t.ownerA.token, 'POST', 'searchengines', {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'Relabelled engine',
    });
    const { documentId: engineId, clientId } = created.body;
    const form = new FormData();
    form.set('accountId', t.accountA);
    form.set('engineId', engineId);
    form.set('file', new Blob(['Product,Units\nA,1\n']), 'table.csv');
    const imported = (await (
      await fetch(`${t.server.base}/api/parametric/file/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.ownerA.token}` },
        body: form,
      })
    ).json()) as { importId: string };
    const preview = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `parametric/file/${imported.importId}/preview?lines=1`,
    );
    const configuration = preview.body.configuration;
    configuration.columns.c1.label = 'Units%20sold';
    configuration.settings.allowDownload = true;
    const published = await api(t.server, t.ownerA.token, 'POST', 'parametric/create', {
      spreadsheetId: imported.importId,
      engineId,
      accountId: t.accountA,
      version: 1,
      configuration,
    });
    expect(published.status).toBe(200);

    const updated = await ingest(keyA, `datasource/parametric/${engineId}`, {}, 'Product,Units\nA,1\nB,2\n');

    expect(updated.status).toBe(200);
    const config = (await (await fetch(`${t.server.base}/search/${clientId}/config`)).json()) as {
      columns: { label: string }[];
      settings: { allowDownload: boolean };
    };
    expect(config.columns.map((c) => c.label)).toEqual(['Product', 'Units sold']);
    expect(config.settings.allowDownload).toBe(true);
  });

  it('given a new version, when posted with publish=false and then true, then search follows only the published one', async () => {
    const staged = await ingest(
      keyA,
      `datasource/parametric/${engineId}`,
      { publish: 'false' },
      toCsv(products(12)),
    );
    expect(staged.body).toMatchObject({ version: 2, published: false });
    expect(await total(clientId)).toBe(30);
    const live = await ingest(keyA, `datasource/parametric/${engineId}`, {}, toCsv(products(12)));
    expect(live.body).toMatchObject({ version: 3, published: true });
    expect(await total(clientId)).toBe(12);
  });

  it('given a new version a value of which does not fit the published configuration, then 400 names it and search keeps the old one', async () => {
    const rows = products(12);
    // Stock is an integer column in the published configuration; the third product's is not. Two
    // empty lines after the header are skipped: the message names the product's line in the file, 6.
    const bad = toCsv(rows)
      .replace(/^(SKU-00003,(?:[^,]*,){3})\d+,/m, '$1lots,')
      .replace('\n', '\n\n\n');
    expect(bad.split('\n')[5]).toMatch(/^SKU-00003,.*,lots,/);
    const refused = await ingest(keyA, `datasource/parametric/${engineId}`, {}, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^Row 6, column 'Stock': 'lots' is not a whole number/);
    expect(await total(clientId)).toBe(12);
  });

  it('given a new version, when ingested, then access is checked once: the engine is read once and the version once', async () => {
    const store = t.server.store;
    const statements: string[] = [];
    const counted = (db: Queryable): Queryable => ({
      query<Row>(sql: string, params?: readonly unknown[]) {
        statements.push(sql);
        return db.query<Row>(sql, params);
      },
      exec: (sql) => db.exec(sql),
    });
    const { query, transaction } = store;
    store.query = counted({ query: query.bind(store), exec: store.exec.bind(store) }).query;
    store.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
      transaction.call(store, (tx) => fn(counted(tx))) as Promise<T>;
    try {
      const uploaded = await ingest(keyA, `datasource/parametric/${engineId}`, {}, toCsv(products(12)));
      expect(uploaded.status).toBe(200);
    } finally {
      store.query = query;
      store.transaction = transaction;
    }
    // Reads of the engine row (not the lock a publish takes on it) and of versions.
    const engineReads = statements.filter((sql) => /\bFROM engines\b/.test(sql) && !/FOR UPDATE/.test(sql));
    const versionReads = statements.filter((sql) => /\bFROM parametric_versions v\b/.test(sql));
    expect({ engineReads: engineReads.length, versionReads: versionReads.length }).toEqual({
      engineReads: 1,
      versionReads: 1,
    });
    expect(await total(clientId)).toBe(12);
  });

  it('given the key, when CI reads its engines and clients, then it sees its own account only', async () => {
    const list = await withApiKey(t.server, keyA, 'GET', 'searchengines');
    expect(list.status).toBe(200);
    expect(list.body.every((e: any) => e.accountId === t.accountA)).toBe(true);
    expect(list.body.map((e: any) => e.id)).toContain(engineId);
    expect((await withApiKey(t.server, keyA, 'GET', `client/${clientId}`)).status).toBe(200);
    expect((await withApiKey(t.server, keyB, 'GET', `client/${clientId}`)).status).toBe(404);
    expect(
      (await withApiKey(t.server, keyB, 'GET', `searchengines/${engineId}?accountId=${t.accountA}`)).status,
    ).toBe(404);
    expect(
      (await withApiKey(t.server, keyB, 'GET', 'searchengines')).body.map((e: any) => e.id),
    ).not.toContain(engineId);
  });

  it("given another account's key or a user token, when posting to the ingest API, then it is refused", async () => {
    expect((await ingest(keyB, `datasource/parametric/${engineId}`, {}, toCsv(products(3)))).status).toBe(
      404,
    );
    expect(await total(clientId)).toBe(12);
    const asUser = await fetch(`${t.server.base}/api/datasource/parametric`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.ownerA.token}` },
      body: new FormData(),
    });
    expect(asUser.status).toBe(403);
    expect(
      (await ingest('ssk_not-a-key', 'datasource/parametric', { searchEngineName: 'Nope feed' }, 'a\n1\n'))
        .status,
    ).toBe(401);
  });

  it('given an engine made by the ingest API, when a portal user downloads its file, then the spec message refuses it', async () => {
    const refused = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `parametric/download?engineId=${engineId}&accountId=${t.accountA}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'For now, the requested action cannot be performed on Parametric engines created by API.',
    );
  });
});
