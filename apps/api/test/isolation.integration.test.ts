import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// Every route with an id, called by account B's owner with account A's ids: the answer is the same
// 404 as for an id that does not exist, and nothing of A changes. List routes never show A's rows.

let t: Tenants;
let engineA: { documentId: string; clientId: string };
let engineB: { documentId: string; clientId: string };

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startWithTenants();
  engineA = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Secret engine of A'));
  engineB = await createEngine(t.server, t.ownerB, keywordDraft(t.accountB, 'Engine of B'));
});
afterAll(async () => {
  await t?.server.close();
});

type Call = [method: string, path: string, body?: unknown];

/** Each id route, once with A's ids and once with ids that exist nowhere. */
function idRoutes(ids: {
  account: string;
  user: string;
  engine: string;
  client: string;
  via: string;
}): Call[] {
  const settings = { type: 'kw', settings: { origin: 'https://evil.example' } };
  return [
    ['GET', `account/${ids.account}`],
    ['PUT', `account/${ids.account}`, { name: 'Taken over' }],
    ['GET', `account/${ids.account}/users`],
    [
      'POST',
      `account/${ids.account}/users`,
      { users: [{ first: 'E', last: 'Vil', email: 'e@vil.test', role: 'admin' }] },
    ],
    ['PUT', `account/${ids.account}/user/${ids.user}`, { role: 'admin' }],
    ['DELETE', `account/${ids.account}/user/${ids.user}`],
    ['PUT', `account/${ids.via}/user/${ids.user}`, { role: 'admin' }],
    ['DELETE', `account/${ids.via}/user/${ids.user}`],
    ['GET', `account/${ids.account}/user/check?email=user%40tenant-a.test`],
    ['GET', `account/${ids.account}/newApiKey`],
    ['GET', `searchengines/${ids.engine}?accountId=${ids.account}`],
    ['GET', `searchengines/${ids.engine}?accountId=${ids.via}`],
    ['PUT', `searchengines/${ids.engine}`, keywordDraft(ids.account, 'Secret engine of A')],
    ['PUT', `searchengines/${ids.engine}`, keywordDraft(ids.via, 'Secret engine of A')],
    ['DELETE', `searchengines/${ids.engine}`, { accountId: ids.account }],
    ['DELETE', `searchengines/${ids.engine}`, { accountId: ids.via }],
    ['GET', `client/${ids.client}`],
    ['PUT', `client/${ids.client}/settings`, settings],
    ['POST', 'clients', { accountId: ids.account, engineId: ids.engine }],
    ['POST', 'clients', { accountId: ids.via, engineId: ids.engine }],
    ...[ids.account, ids.via].flatMap((accountId): Call[] => [
      ['POST', 'datasource/crawler', { accountId, engineId: ids.engine, urls: ['https://evil.example/'] }],
      ['PUT', 'datasource/crawler', { accountId, engineId: ids.engine, site: 'https://evil.example/' }],
      ['POST', 'datasource/crawler/stop', { accountId, engineId: ids.engine }],
      ['POST', 'datasource/crawler/report', { accountId, engineId: ids.engine }],
    ]),
  ];
}

describe("account B's owner and account A's ids", () => {
  it('given every route with an id, when called with A’s ids, then 404 with the same answer as for a missing id', async () => {
    const ofA = idRoutes({
      account: t.accountA,
      user: t.userA.id,
      engine: engineA.documentId,
      client: engineA.clientId,
      via: t.accountB,
    });
    const missing = idRoutes({
      account: MISSING,
      user: MISSING,
      engine: MISSING,
      client: MISSING,
      via: t.accountB,
    });
    for (const [i, [method, path, body]] of ofA.entries()) {
      const answer = await api(t.server, t.ownerB.token, method, path, body);
      const [, missingPath, missingBody] = missing[i] as Call;
      const nothing = await api(t.server, t.ownerB.token, method, missingPath, missingBody);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
      expect(answer.body.detail).toBe(nothing.body.detail);
    }
  });

  it('given the admin routes, when called with A’s id, then 403 (they are for super admins only)', async () => {
    for (const [method, body] of [['GET'], ['PUT', { name: 'Taken over' }], ['DELETE']] as const) {
      const refused = await api(t.server, t.ownerB.token, method, `admin/account/${t.accountA}`, body);
      expect({ method, status: refused.status }).toEqual({ method, status: 403 });
    }
  });

  it('given every list route, when B’s owner lists, then no id of account A appears anywhere in the answer', async () => {
    const secrets = [t.accountA, engineA.documentId, engineA.clientId, t.ownerA.id, t.userA.id, t.adminA.id];
    for (const path of [
      'profile/me',
      'profile/accounts',
      'accounts',
      'searchengines',
      'searchengines?type=kw',
      'clients',
      `clients?engineIds=${engineA.documentId},${engineB.documentId}`,
      `account/${t.accountB}/users`,
    ]) {
      const list = await api(t.server, t.ownerB.token, 'GET', path);
      expect({ path, status: list.status }).toEqual({ path, status: 200 });
      const text = JSON.stringify(list.body);
      for (const secret of secrets)
        expect({ path, leaks: text.includes(secret) }).toEqual({ path, leaks: false });
    }
    const own = await api(t.server, t.ownerB.token, 'GET', 'searchengines');
    expect(own.body.map((e: { id: string }) => e.id)).toEqual([engineB.documentId]);
  });

  it('given all those calls, when A looks afterwards, then nothing of A changed', async () => {
    const account = await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}`);
    expect(account.body.name).toBe('Demo Account');
    const users = await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/users`);
    expect(users.body.map((u: { email: string; role: string }) => `${u.email}:${u.role}`)).toEqual([
      `${t.ownerA.email}:owner`,
      'admin@tenant-a.test:admin',
      'user@tenant-a.test:user',
    ]);
    const engine = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engineA.documentId}?accountId=${t.accountA}`,
    );
    expect(engine.status).toBe(200);
    const client = await api(t.server, t.ownerA.token, 'GET', `client/${engineA.clientId}`);
    expect(client.body.settings.origin).toBe('*');
    const { rows } = await t.server.store.query<{ h: string | null }>(
      'SELECT api_key_hash AS h FROM accounts WHERE id = $1',
      [t.accountA],
    );
    expect(rows[0]?.h).toBeNull();
  });
});
