import { MESSAGES } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;
type Created = { documentId: string; clientId: string; synonymFieldId: string | null };
let kwA: Created;
let pmA: Created;
let kwB: Created;

beforeAll(async () => {
  t = await startWithTenants();
  kwA = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Keyword A one'));
  pmA = await createEngine(t.server, t.ownerA, {
    searchEngineType: 'pm',
    accountId: t.accountA,
    searchEngineName: 'Parametric A one',
  });
  kwB = await createEngine(t.server, t.ownerB, keywordDraft(t.accountB, 'Keyword B one'));
});
afterAll(async () => {
  await t?.server.close();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

function keywordSettings(extra: Record<string, unknown> = {}) {
  return {
    origin: 'https://shop.example.com',
    relevance: [{ id: 'r1', weight: 3, matches: '*/products/*' }],
    resultRanking: {
      enabled: true,
      entries: [{ query: 'returns', results: ['https://example.com/returns'] }],
    },
    tabs: [{ tabName: 'Products', tabIcon: 'product', tabCategory: 'product' }],
    useTabs: true,
    crossReferenceCategory: 'product',
    synonymFieldId: kwA.synonymFieldId,
    urlRewriteRules: [],
    ...extra,
  };
}

/** Simulates an engine without a client (one made before clients existed): its client row is removed. */
async function dropClient(engineId: string): Promise<void> {
  await t.server.store.query('DELETE FROM clients WHERE engine_id = $1', [engineId]);
}

describe('GET clients', () => {
  it('given owner A, when listing clients, then one per engine of A with id, engineId, accountId, type, indexName and settings', async () => {
    const list = await call(t.ownerA.token, 'GET', 'clients');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: kwA.clientId,
        engineId: kwA.documentId,
        accountId: t.accountA,
        type: 'kw',
        indexName: `${t.accountA}-kw-${kwA.documentId}`,
        settings: expect.objectContaining({ origin: '*', synonymFieldId: kwA.synonymFieldId }),
      },
      {
        id: pmA.clientId,
        engineId: pmA.documentId,
        accountId: t.accountA,
        type: 'pm',
        indexName: `${t.accountA}-pm-${pmA.documentId}`,
        settings: expect.objectContaining({ origin: '*' }),
      },
    ]);
  });

  it('given ?engineIds= with one or two engines, when listing, then only their clients', async () => {
    const one = await call(t.ownerA.token, 'GET', `clients?engineIds=${pmA.documentId}`);
    expect(one.status).toBe(200);
    expect(one.body.map((c: { id: string }) => c.id)).toEqual([pmA.clientId]);
    const two = await call(t.ownerA.token, 'GET', `clients?engineIds=${kwA.documentId},${pmA.documentId}`);
    expect(two.body.map((c: { id: string }) => c.id).sort()).toEqual([kwA.clientId, pmA.clientId].sort());
    expect((await call(t.ownerA.token, 'GET', 'clients?engineIds=')).status).toBe(400);
  });

  it("given owner B, when listing (even naming A's engines), then none of A's clients", async () => {
    const all = await call(t.ownerB.token, 'GET', 'clients');
    expect(all.body.map((c: { id: string }) => c.id)).toEqual([kwB.clientId]);
    const named = await call(t.ownerB.token, 'GET', `clients?engineIds=${kwA.documentId},${pmA.documentId}`);
    expect(named.status).toBe(200);
    expect(named.body).toEqual([]);
  });

  it('given the super admin, when listing, then clients of every account', async () => {
    const list = await call(t.superAdmin.token, 'GET', 'clients');
    expect(list.body.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([kwA.clientId, pmA.clientId, kwB.clientId]),
    );
  });

  it('given no token, when listing, then 401', async () => {
    expect((await call(undefined, 'GET', 'clients')).status).toBe(401);
  });
});

describe('GET client/{id}', () => {
  it('given a user of A, when reading a client of A, then 200 with it', async () => {
    const got = await call(t.userA.token, 'GET', `client/${pmA.clientId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: pmA.clientId, engineId: pmA.documentId, type: 'pm' });
  });

  it("given owner B, when reading A's client, then 404", async () => {
    expect((await call(t.ownerB.token, 'GET', `client/${kwA.clientId}`)).status).toBe(404);
  });

  it('given an unknown client, when reading, then 404', async () => {
    expect((await call(t.ownerA.token, 'GET', `client/${MISSING}`)).status).toBe(404);
    expect((await call(t.ownerA.token, 'GET', 'client/not-a-uuid')).status).toBe(404);
  });

  it('given no token, when reading, then 401', async () => {
    expect((await call(undefined, 'GET', `client/${kwA.clientId}`)).status).toBe(401);
  });
});

describe('POST clients', () => {
  it('given an engine without a client, when creating one, then id and indexName accountId-type-id, with default settings', async () => {
    const engine = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Clientless engine'));
    await dropClient(engine.documentId);
    const created = await call(t.adminA.token, 'POST', 'clients', {
      accountId: t.accountA,
      engineId: engine.documentId,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      indexName: `${t.accountA}-kw-${engine.documentId}`,
    });
    const got = await call(t.ownerA.token, 'GET', `client/${created.body.id}`);
    expect(got.body).toMatchObject({
      engineId: engine.documentId,
      type: 'kw',
      settings: { origin: '*', tabs: [] },
    });
  });

  it('given an engine that has a client, when creating another, then 409 and it keeps one client', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'clients', {
      accountId: t.accountA,
      engineId: kwA.documentId,
    });
    expect(refused.status).toBe(409);
    expect((await call(t.ownerA.token, 'GET', `clients?engineIds=${kwA.documentId}`)).body).toHaveLength(1);
  });

  it("given owner B, when creating a client for A's engine (with A's or B's account id), then 404", async () => {
    const engine = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Another clientless'));
    await dropClient(engine.documentId);
    for (const accountId of [t.accountA, t.accountB]) {
      const refused = await call(t.ownerB.token, 'POST', 'clients', {
        accountId,
        engineId: engine.documentId,
      });
      expect(refused.status).toBe(404);
    }
    expect((await call(t.ownerA.token, 'GET', `clients?engineIds=${engine.documentId}`)).body).toEqual([]);
  });

  it('given no token, when creating, then 401', async () => {
    expect(
      (await call(undefined, 'POST', 'clients', { accountId: t.accountA, engineId: kwA.documentId })).status,
    ).toBe(401);
  });
});

describe('PUT client/{id}/settings', () => {
  it('given keyword settings, when an owner saves them, then the client has them (tab names lowercased)', async () => {
    const saved = await call(t.ownerA.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings(),
    });
    expect(saved.status).toBe(200);
    const expected = {
      ...keywordSettings(),
      relevance: [{ id: 'r1', weight: 3, matches: '*/products/*', target: 'URL', match_type: 'wildcard' }],
      tabs: [{ tabName: 'products', tabIcon: 'product', tabCategory: 'product' }],
      suggestions: { minVisitors: 3, blockedTerms: [] },
    };
    expect(saved.body).toMatchObject({ id: kwA.clientId, type: 'kw', settings: expected });
    expect((await call(t.userA.token, 'GET', `client/${kwA.clientId}`)).body.settings).toEqual(expected);
  });

  it('given parametric application settings, when saved, then the pm client has them with their defaults', async () => {
    const saved = await call(t.adminA.token, 'PUT', `client/${pmA.clientId}/settings`, {
      type: 'pm',
      settings: { filterFormat: 'dialog', allowDownload: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ filterFormat: 'dialog', allowDownload: true, origin: '*' });
  });

  it('given settings of the other engine type, when saved, then 400', async () => {
    const refused = await call(t.ownerA.token, 'PUT', `client/${pmA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings(),
    });
    expect(refused.status).toBe(400);
  });

  it('given nine tabs or an invalid rewrite rule, when saved, then 400 with the rule message and nothing changes', async () => {
    const tabs = Array.from({ length: 9 }, (_, i) => ({
      tabName: `t${i}`,
      tabIcon: 'home',
      tabCategory: 'c',
    }));
    const tooMany = await call(t.ownerA.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings({ tabs }),
    });
    expect(tooMany.status).toBe(400);
    expect(detailOf(tooMany)).toBe(MESSAGES.maxTabs);
    const badRule = await call(t.ownerA.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings({
        urlRewriteRules: [
          { rule: '(unclosed -> x', config: { pattern: '(unclosed', flags: '', replacement: 'x' } },
        ],
      }),
    });
    expect(badRule.status).toBe(400);
    expect(detailOf(badRule)).toBe(MESSAGES.invalidRewriteRule);
    const got = await call(t.ownerA.token, 'GET', `client/${kwA.clientId}`);
    expect(got.body.settings.tabs).toHaveLength(1);
    expect(got.body.settings.urlRewriteRules).toEqual([]);
  });

  it("given a rewrite rule whose config disagrees with its text, when saved, then the text's rule is stored, canonically spelled", async () => {
    const saved = await call(t.ownerA.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings({
        urlRewriteRules: [
          // The text says http → https; the config (what would run) says something else entirely.
          { rule: '^http://(.*)/i->https://$1', config: { pattern: '.*', flags: 'g', replacement: 'evil' } },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const expected = [
      {
        rule: '^http://(.*)/i -> https://$1',
        config: { pattern: '^http://(.*)', flags: 'i', replacement: 'https://$1' },
      },
    ];
    expect(saved.body.settings.urlRewriteRules).toEqual(expected);
    expect(
      (await call(t.ownerA.token, 'GET', `client/${kwA.clientId}`)).body.settings.urlRewriteRules,
    ).toEqual(expected);
  });

  it('given a relevance weight of 0, when saved, then 400', async () => {
    const refused = await call(t.ownerA.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings({ relevance: [{ id: 'r', weight: 0, matches: '*' }] }),
    });
    expect(refused.status).toBe(400);
  });

  it("given owner B, when saving A's client settings, then 404 and they are unchanged", async () => {
    const refused = await call(t.ownerB.token, 'PUT', `client/${kwA.clientId}/settings`, {
      type: 'kw',
      settings: keywordSettings({ origin: 'https://evil.example' }),
    });
    expect(refused.status).toBe(404);
    expect((await call(t.ownerA.token, 'GET', `client/${kwA.clientId}`)).body.settings.origin).not.toBe(
      'https://evil.example',
    );
  });

  it('given no token, when saving, then 401', async () => {
    expect(
      (
        await call(undefined, 'PUT', `client/${kwA.clientId}/settings`, {
          type: 'kw',
          settings: keywordSettings(),
        })
      ).status,
    ).toBe(401);
  });
});
