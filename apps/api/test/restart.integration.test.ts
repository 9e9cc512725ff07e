import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../src/store/pg-schema.test-kit.ts';
import { actor, createEngine, keywordDraft } from './actors.ts';
import { api, freePort, signIn, startTestServer, type TestServer } from './harness.ts';

// On PGlite the data lives in the directory; on PostgreSQL (DATABASE_URL) both starts share one
// schema of their own, made here and dropped at the end.
describe('a server restarted on the same data directory (or PostgreSQL schema)', () => {
  let dataDir: string;
  let env: Record<string, string> = {};
  let dropSchema: (() => Promise<void>) | undefined;
  let port: number;
  let second: TestServer | undefined;
  let before: {
    credentials: NonNullable<TestServer['credentials']>;
    token: string;
    accountId: string;
    engineId: string;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-restart-'));
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const { schema, drop } = await createTestSchema(databaseUrl);
      env = { SITESEER_DB_SCHEMA: schema };
      dropSchema = drop;
    }
    // The issuer and the token audience contain the URL, so the restarted server keeps its port.
    port = await freePort();
    const first = await startTestServer({ dataDir, port, env });
    try {
      const credentials = first.credentials;
      if (!credentials) throw new Error('A fresh data directory gets demo credentials');
      const owner = await actor(first, credentials.owner.email, credentials.owner.password);
      const accountId = (await api(first, owner.token, 'GET', 'accounts')).body[0].id as string;
      const engine = await createEngine(first, owner, keywordDraft(accountId, 'Survives restarts'));
      before = { credentials, token: owner.token, accountId, engineId: engine.documentId };
    } finally {
      await first.close();
    }
    second = await startTestServer({ dataDir, port, env });
  });

  afterAll(async () => {
    await second?.close();
    await dropSchema?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('given a second start, when it has started, then it prints no new demo credentials', () => {
    expect(second?.credentials).toBeUndefined();
  });

  it('given an access token from before the restart, when calling the API, then it is accepted (signing keys survived) and the engine is there', async () => {
    const server = second as TestServer;
    const engine = await api(
      server,
      before.token,
      'GET',
      `searchengines/${before.engineId}?accountId=${before.accountId}`,
    );
    expect(engine.status).toBe(200);
    expect(engine.body).toMatchObject({
      id: before.engineId,
      searchEngineName: 'Survives restarts',
      origin: '*',
    });
    const clients = await api(server, before.token, 'GET', `clients?engineIds=${before.engineId}`);
    expect(clients.body).toHaveLength(1);
  });

  it('given the demo passwords from the first start, when signing in again, then they still work', async () => {
    const server = second as TestServer;
    const tokens = await signIn(
      server,
      before.credentials.superAdmin.email,
      before.credentials.superAdmin.password,
    );
    const me = await api(server, tokens.access_token, 'GET', 'profile/me');
    expect(me.body.isBZAdmin).toBe(true);
    expect(me.body.engines.map((e: { id: string }) => e.id)).toContain(before.engineId);
  });
});
