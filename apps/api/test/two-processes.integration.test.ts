import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../src/store/pg-schema.test-kit.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

// Two API processes on one PostgreSQL schema, as behind a load balancer: what one publishes, the
// other's searches follow (each keeps its own caches and indexes, told of changes by NOTIFY).
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('two API processes on one PostgreSQL database', () => {
  let dropSchema: (() => Promise<void>) | undefined;
  let a: TestServer;
  let b: TestServer;
  let apiKey: string;

  beforeAll(async () => {
    const { schema, drop } = await createTestSchema(databaseUrl as string);
    dropSchema = drop;
    a = await startTestServer({ env: { SITESEER_DB_SCHEMA: schema } });
    b = await startTestServer({ env: { SITESEER_DB_SCHEMA: schema } });
    const owner = a.credentials?.owner;
    if (!owner) throw new Error('A fresh schema gets demo credentials');
    const token = (await signIn(a, owner.email, owner.password)).access_token;
    const accountId = (await api(a, token, 'GET', 'accounts')).body[0].id as string;
    apiKey = (await api(a, token, 'GET', `account/${accountId}/newApiKey`)).body.key;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropSchema?.();
  });

  async function ingest(path: string, rows: number) {
    const form = new FormData();
    form.set('searchEngineName', 'Shared');
    form.set('file', new Blob([toCsv(products(rows))]), 'feed.csv');
    const response = await fetch(`${a.base}/api/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { engineId: string; clientId: string; version: number };
  }

  async function totalOn(server: TestServer, clientId: string): Promise<number> {
    const response = await fetch(`${server.base}/search/${clientId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { total: number }).total;
  }

  async function untilTotal(server: TestServer, clientId: string, total: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await totalOn(server, clientId)) !== total) {
      if (Date.now() > deadline) throw new Error(`${server.base} never answered ${total} rows`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('given an engine published on one, when a new version is published there, then the other searches the new version', async () => {
    const created = await ingest('datasource/parametric', 30);
    expect(await totalOn(b, created.clientId)).toBe(30);
    // Searched again and again on B (its caches warm), while A publishes version 2.
    for (let i = 0; i < 5; i++) expect(await totalOn(b, created.clientId)).toBe(30);
    const next = await ingest(`datasource/parametric/${created.engineId}`, 12);
    expect(next.version).toBe(2);
    await untilTotal(b, created.clientId, 12);
    expect(await totalOn(a, created.clientId)).toBe(12);
  });
});
