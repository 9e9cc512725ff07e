import { DEFAULT_CHARACTER_MAPPING, MESSAGES } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, detailOf, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;
/** Engines of account A (one of each type) and of account B, made in beforeAll. */
let kwA: { documentId: string; clientId: string; synonymFieldId: string | null };
let pmA: { documentId: string; clientId: string; synonymFieldId: string | null };
let kwB: { documentId: string; clientId: string };

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
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

function ids(list: { id: string }[]): string[] {
  return list.map((e) => e.id);
}

/** Every field of the keyword wizard's draft, none left at its default. */
function fullDraft(accountId: string) {
  return {
    // The draft's discriminator is the product code (core's EngineDraft takes 'kw' only).
    searchEngineType: 'kw',
    accountId,
    searchEngineName: '  Everything engine  ',
    urls: ['https://example.com/', 'docs.example.com/guide'],
    origin: 'https://www.example.com',
    removeHashFragments: true,
    urlFilters: ['/blog/*', '/news/*'],
    ignoreParameters: ['ref*', 'sessionid'],
    pageLoadDelay: '2s',
    useContentTarget: true,
    contentTarget: 'main article',
    useExcludeTarget: true,
    excludeContentTargets: ['nav', '.footer'],
    crawlFrequency: '24h',
    customTagsSelector: 'meta[name=tag]',
    customTagsAttributeName: 'content',
    customTags: [{ name: 'Product', icon: 'product' }],
    documentTypes: ['pdf', 'docx'],
    renderJavaScript: true,
    tabs: [
      { tabName: 'Docs', tabIcon: 'documentation', tabCategory: 'documentation' },
      { tabName: ' BLOG ', tabIcon: 'blog', tabCategory: 'blog' },
    ],
    useTabs: true,
    crossReferenceCategory: 'product',
    relevance: [{ id: 'rule-1', weight: 10, matches: '*/docs/*' }],
    resultRanking: [{ query: 'pricing', results: ['https://example.com/pricing'] }],
    resultRankingEnabled: true,
    csvSynonymTable: 'tv, television',
    csvCharMappings: 'Ω => ohm',
    urlRewriteRules: [
      { rule: '^http: -> https:', config: { pattern: '^http:', flags: '', replacement: 'https:' } },
    ],
    // Server-owned fields: a client cannot set them.
    createdBy: 'INGEST_API',
    createdDate: '2000-01-01T00:00:00.000Z',
  };
}

describe('POST searchengines', () => {
  it('given a keyword draft with every field, when created, then GET returns each field as sent (name trimmed, tabs lowercased, rule defaults) and server-set authorship', async () => {
    const before = Date.now();
    const created = await call(t.adminA.token, 'POST', 'searchengines', fullDraft(t.accountA));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      documentId: expect.any(String),
      synonymFieldId: expect.any(String),
      clientId: expect.any(String),
    });
    const { documentId, synonymFieldId } = created.body;
    const got = await call(t.adminA.token, 'GET', `searchengines/${documentId}?accountId=${t.accountA}`);
    expect(got.status).toBe(200);
    const { createdBy: _c, createdDate: _d, ...sent } = fullDraft(t.accountA);
    expect(got.body).toEqual({
      ...sent,
      id: documentId,
      searchEngineType: 'kw',
      searchEngineName: 'Everything engine',
      synonymFieldId,
      tabs: [
        { tabName: 'docs', tabIcon: 'documentation', tabCategory: 'documentation' },
        { tabName: 'blog', tabIcon: 'blog', tabCategory: 'blog' },
      ],
      relevance: [{ id: 'rule-1', weight: 10, matches: '*/docs/*', target: 'URL', match_type: 'wildcard' }],
      searchEngineDetail: null,
      savedSpreadsheetId: null,
      suggestions: { minVisitors: 3, blockedTerms: [] },
      createdBy: t.adminA.email,
      createdDate: expect.stringMatching(ISO),
      updatedBy: t.adminA.email,
      updatedDate: expect.stringMatching(ISO),
    });
    expect(Date.parse(got.body.createdDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('given a keyword draft with only name, account and a site, when created, then the spec defaults are stored', async () => {
    const created = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Defaults engine'));
    const got = await call(
      t.ownerA.token,
      'GET',
      `searchengines/${created.documentId}?accountId=${t.accountA}`,
    );
    expect(got.body).toMatchObject({
      urls: ['https://example.com/'],
      origin: '*',
      removeHashFragments: false,
      urlFilters: null,
      pageLoadDelay: '100ms',
      useContentTarget: false,
      contentTarget: '',
      useExcludeTarget: false,
      excludeContentTargets: [],
      crawlFrequency: 'auto',
      customTags: [],
      tabs: [],
      useTabs: false,
      crossReferenceCategory: '',
      relevance: [],
      resultRanking: null,
      resultRankingEnabled: false,
      csvSynonymTable: '',
      csvCharMappings: DEFAULT_CHARACTER_MAPPING,
      urlRewriteRules: [],
    });
  });

  it("given a created engine, when reading its client, then the client's indexName is accountId-type-id and its settings follow the draft", async () => {
    const created = await call(t.ownerA.token, 'POST', 'searchengines', fullDraft(t.accountA));
    // The same name again is allowed (the spec has no uniqueness rule for engine names).
    expect(created.status).toBe(200);
    const client = await call(t.ownerA.token, 'GET', `client/${created.body.clientId}`);
    expect(client.status).toBe(200);
    expect(client.body).toEqual({
      id: created.body.clientId,
      engineId: created.body.documentId,
      accountId: t.accountA,
      type: 'kw',
      indexName: `${t.accountA}-kw-${created.body.documentId}`,
      settings: {
        origin: 'https://www.example.com',
        relevance: [{ id: 'rule-1', weight: 10, matches: '*/docs/*', target: 'URL', match_type: 'wildcard' }],
        resultRanking: {
          enabled: true,
          entries: [{ query: 'pricing', results: ['https://example.com/pricing'] }],
        },
        tabs: [
          { tabName: 'docs', tabIcon: 'documentation', tabCategory: 'documentation' },
          { tabName: 'blog', tabIcon: 'blog', tabCategory: 'blog' },
        ],
        useTabs: true,
        crossReferenceCategory: 'product',
        synonymFieldId: created.body.synonymFieldId,
        urlRewriteRules: fullDraft(t.accountA).urlRewriteRules,
        suggestions: { minVisitors: 3, blockedTerms: [] },
      },
    });
  });

  it('given a parametric draft, when created, then no synonym field and a pm client named accountId-pm-id', async () => {
    const client = await call(t.ownerA.token, 'GET', `client/${pmA.clientId}`);
    expect(pmA.synonymFieldId).toBeNull();
    expect(client.body.indexName).toBe(`${t.accountA}-pm-${pmA.documentId}`);
    const got = await call(t.ownerA.token, 'GET', `searchengines/${pmA.documentId}?accountId=${t.accountA}`);
    expect(got.body).toMatchObject({
      id: pmA.documentId,
      accountId: t.accountA,
      searchEngineName: 'Parametric A one',
      searchEngineType: 'pm',
      createdBy: t.ownerA.email,
      urls: [],
    });
  });

  // A parametric one: creating a keyword engine also needs ENGINE_EDIT, which users lack as seeded
  // (engine-write-roles.integration.test.ts).
  it('given a user-role member, when creating a parametric engine in their account, then 200 (any member writes engines)', async () => {
    const created = await call(t.userA.token, 'POST', 'searchengines', {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'By the user',
    });
    expect(created.status).toBe(200);
  });

  it('given a name shorter than 5 characters (after trimming), when creating, then 400 with the spec message', async () => {
    const short = await call(t.ownerA.token, 'POST', 'searchengines', keywordDraft(t.accountA, '  abcd   '));
    expect(short.status).toBe(400);
    expect(detailOf(short)).toBe('Search Engine names must be at least 5 characters long.');
    const blank = await call(t.ownerA.token, 'POST', 'searchengines', keywordDraft(t.accountA, '   '));
    expect(blank.status).toBe(400);
    expect(detailOf(blank)).toBe(MESSAGES.engineNameRequired);
  });

  it('given a keyword draft without any site, when creating, then 400 At least one site must be added.', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'No sites here'),
      urls: [],
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(MESSAGES.atLeastOneSite);
  });

  it('given a keyword draft with an invalid site URL, when creating, then 400 with the URL message', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Bad site url'),
      urls: ['https://example.com/', 'ftp://example.com/'],
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(MESSAGES.invalidUrl);
  });

  it('given nine tabs, when creating, then 400 You can only set 8 tabs.', async () => {
    const tabs = Array.from({ length: 9 }, (_, i) => ({
      tabName: `tab ${i}`,
      tabIcon: 'home',
      tabCategory: 'c',
    }));
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Too many tabs'),
      tabs,
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe('You can only set 8 tabs.');
  });

  it('given an invalid rewrite rule, when creating, then 400 Invalid rewrite rule.', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Bad rewrite'),
      urlRewriteRules: [{ rule: 'no arrow here', config: { pattern: 'x', flags: '', replacement: 'y' } }],
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(MESSAGES.invalidRewriteRule);
  });

  it('given the same rewrite rule twice (in two spellings), when creating, then 400 Rule already exists.', async () => {
    const config = { pattern: '^http:', flags: '', replacement: 'https:' };
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Twice the rule'),
      urlRewriteRules: [
        { rule: '^http: -> https:', config },
        { rule: '  ^http:->https:', config },
      ],
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(MESSAGES.ruleAlreadyExists);
  });

  it("given a rewrite rule whose config disagrees with its text, when created or updated, then engine and client store the text's rule", async () => {
    const stored = [
      { rule: '^http: -> https:', config: { pattern: '^http:', flags: '', replacement: 'https:' } },
    ];
    const lying = [{ rule: '^http:->https:', config: { pattern: '.*', flags: 'g', replacement: 'evil' } }];
    const draft = { ...keywordDraft(t.accountA, 'Lying rule'), urlRewriteRules: lying };
    const created = await call(t.ownerA.token, 'POST', 'searchengines', draft);
    expect(created.status).toBe(200);
    const path = `searchengines/${created.body.documentId}?accountId=${t.accountA}`;
    expect((await call(t.ownerA.token, 'GET', path)).body.urlRewriteRules).toEqual(stored);
    const client = await call(t.ownerA.token, 'GET', `client/${created.body.clientId}`);
    expect(client.body.settings.urlRewriteRules).toEqual(stored);

    await call(t.ownerA.token, 'PUT', path, { ...draft, urlRewriteRules: [] });
    const updated = await call(t.ownerA.token, 'PUT', path, draft);
    expect(updated.status).toBe(200);
    expect((await call(t.ownerA.token, 'GET', path)).body.urlRewriteRules).toEqual(stored);
  });

  it('given a relevance weight above 100, when creating, then 400', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'searchengines', {
      ...keywordDraft(t.accountA, 'Heavy weight'),
      relevance: [{ id: 'r', weight: 101, matches: '*' }],
    });
    expect(refused.status).toBe(400);
  });

  it('given an account without the product, when creating an engine of that type, then 400', async () => {
    const kwOnly = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Keyword only',
      products: ['kw'],
      users: [],
    });
    const refused = await call(t.superAdmin.token, 'POST', 'searchengines', {
      searchEngineType: 'pm',
      accountId: kwOnly.body.id,
      searchEngineName: 'Not allowed here',
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe('This account does not support Parametric engines.');
  });

  it('given owner B, when creating an engine in account A, then 404 and A has no new engine', async () => {
    const refused = await call(
      t.ownerB.token,
      'POST',
      'searchengines',
      keywordDraft(t.accountA, 'Planted by B'),
    );
    expect(refused.status).toBe(404);
    const list = await call(t.ownerA.token, 'GET', 'searchengines');
    expect(list.body.map((e: { searchEngineName: string }) => e.searchEngineName)).not.toContain(
      'Planted by B',
    );
  });

  it('given no token, when creating, then 401', async () => {
    expect(
      (await call(undefined, 'POST', 'searchengines', keywordDraft(t.accountA, 'Anonymous'))).status,
    ).toBe(401);
  });
});

describe('GET searchengines', () => {
  it("given owner A, when listing, then only account A's engines, each with the engine shape", async () => {
    const list = await call(t.ownerA.token, 'GET', 'searchengines');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual(expect.arrayContaining([kwA.documentId, pmA.documentId]));
    expect(ids(list.body)).not.toContain(kwB.documentId);
    for (const engine of list.body) {
      expect(engine.accountId).toBe(t.accountA);
      expect(engine).toMatchObject({
        id: expect.any(String),
        searchEngineName: expect.any(String),
        searchEngineType: expect.stringMatching(/^(pm|kw)$/),
        createdDate: expect.stringMatching(ISO),
        createdBy: expect.any(String),
        urls: expect.any(Array),
      });
    }
  });

  it('given ?type=, when listing, then only engines of that type (product code or word)', async () => {
    for (const [type, code] of [
      ['kw', 'kw'],
      ['keyword', 'kw'],
      ['pm', 'pm'],
      ['parametric', 'pm'],
    ]) {
      const list = await call(t.ownerA.token, 'GET', `searchengines?type=${type}`);
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);
      expect(new Set(list.body.map((e: { searchEngineType: string }) => e.searchEngineType))).toEqual(
        new Set([code]),
      );
    }
    expect(ids((await call(t.ownerA.token, 'GET', 'searchengines?type=pm')).body)).toContain(pmA.documentId);
    expect((await call(t.ownerA.token, 'GET', 'searchengines?type=video')).status).toBe(400);
  });

  it("given owner B, when listing (with or without a type), then none of account A's engines", async () => {
    for (const path of ['searchengines', 'searchengines?type=kw', 'searchengines?type=pm']) {
      const list = await call(t.ownerB.token, 'GET', path);
      expect(list.status).toBe(200);
      for (const engine of list.body) expect(engine.accountId).toBe(t.accountB);
    }
    expect(ids((await call(t.ownerB.token, 'GET', 'searchengines')).body)).toEqual([kwB.documentId]);
  });

  it('given the super admin, when listing, then engines of every account', async () => {
    const list = await call(t.superAdmin.token, 'GET', 'searchengines');
    expect(ids(list.body)).toEqual(expect.arrayContaining([kwA.documentId, pmA.documentId, kwB.documentId]));
  });

  it('given no token, when listing, then 401', async () => {
    expect((await call(undefined, 'GET', 'searchengines')).status).toBe(401);
  });
});

describe('GET searchengines/{id}', () => {
  it('given a user of account A, when reading an engine of A, then 200', async () => {
    const got = await call(t.userA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: kwA.documentId,
      accountId: t.accountA,
      searchEngineName: 'Keyword A one',
    });
  });

  it("given owner B, when reading A's engine with A's or B's account id, then 404", async () => {
    expect(
      (await call(t.ownerB.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`)).status,
    ).toBe(404);
    expect(
      (await call(t.ownerB.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountB}`)).status,
    ).toBe(404);
  });

  it('given an unknown engine or no account id, when reading, then 404 or 400', async () => {
    expect(
      (await call(t.ownerA.token, 'GET', `searchengines/${MISSING}?accountId=${t.accountA}`)).status,
    ).toBe(404);
    expect((await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}`)).status).toBe(400);
  });

  it('given no token, when reading, then 401', async () => {
    expect(
      (await call(undefined, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`)).status,
    ).toBe(401);
  });
});

describe('PUT searchengines/{id}', () => {
  it('given an admin of A, when updating sites and relevance, then the engine has them, updatedBy changes and createdBy stays', async () => {
    const before = (
      await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`)
    ).body;
    const updated = await call(t.adminA.token, 'PUT', `searchengines/${kwA.documentId}`, {
      ...keywordDraft(t.accountA, 'Keyword A one'),
      urls: ['https://example.com/', 'https://example.org/'],
      relevance: [{ id: 'r2', weight: 5, matches: '*/blog/*' }],
      pageLoadDelay: '500ms',
      createdBy: 'someone else',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ synonymFieldId: kwA.synonymFieldId });
    const after = (
      await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`)
    ).body;
    expect(after).toMatchObject({
      urls: ['https://example.com/', 'https://example.org/'],
      relevance: [{ id: 'r2', weight: 5, matches: '*/blog/*', target: 'URL', match_type: 'wildcard' }],
      pageLoadDelay: '500ms',
      synonymFieldId: kwA.synonymFieldId,
      createdBy: t.ownerA.email,
      createdDate: before.createdDate,
      updatedBy: t.adminA.email,
    });
    expect(Date.parse(after.updatedDate)).toBeGreaterThanOrEqual(Date.parse(before.updatedDate));
  });

  it('given a new name or another type, when updating, then 400 and the engine keeps its name', async () => {
    const renamed = await call(
      t.ownerA.token,
      'PUT',
      `searchengines/${kwA.documentId}`,
      keywordDraft(t.accountA, 'Another name'),
    );
    expect(renamed.status).toBe(400);
    const retyped = await call(t.ownerA.token, 'PUT', `searchengines/${kwA.documentId}`, {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'Keyword A one',
    });
    expect(retyped.status).toBe(400);
    const got = await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`);
    expect(got.body.searchEngineName).toBe('Keyword A one');
  });

  it('given an update that removes every site or adds a ninth tab, when updating, then 400 with the rule message', async () => {
    const noSites = await call(t.ownerA.token, 'PUT', `searchengines/${kwA.documentId}`, {
      ...keywordDraft(t.accountA, 'Keyword A one'),
      urls: [],
    });
    expect(noSites.status).toBe(400);
    expect(detailOf(noSites)).toBe(MESSAGES.atLeastOneSite);
    const tabs = Array.from({ length: 9 }, (_, i) => ({
      tabName: `t${i}`,
      tabIcon: 'home',
      tabCategory: 'c',
    }));
    const tooMany = await call(t.ownerA.token, 'PUT', `searchengines/${kwA.documentId}`, {
      ...keywordDraft(t.accountA, 'Keyword A one'),
      tabs,
    });
    expect(tooMany.status).toBe(400);
    expect(detailOf(tooMany)).toBe(MESSAGES.maxTabs);
    const got = await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`);
    expect(got.body.urls.length).toBeGreaterThan(0);
    expect(got.body.tabs).toEqual([]);
  });

  it("given owner B, when updating A's engine (with A's or B's account id), then 404 and nothing changes", async () => {
    for (const accountId of [t.accountA, t.accountB]) {
      const refused = await call(t.ownerB.token, 'PUT', `searchengines/${kwA.documentId}`, {
        ...keywordDraft(accountId, 'Keyword A one'),
        urls: ['https://evil.example/'],
      });
      expect(refused.status).toBe(404);
    }
    const got = await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`);
    expect(got.body.urls).not.toContain('https://evil.example/');
  });

  it('given no token, when updating, then 401', async () => {
    expect(
      (
        await call(
          undefined,
          'PUT',
          `searchengines/${kwA.documentId}`,
          keywordDraft(t.accountA, 'Keyword A one'),
        )
      ).status,
    ).toBe(401);
  });
});

describe('DELETE searchengines/{id}', () => {
  it('given an engine with its client, when its owner deletes it, then both are gone', async () => {
    const doomed = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Doomed engine'));
    const deleted = await call(t.ownerA.token, 'DELETE', `searchengines/${doomed.documentId}`, {
      accountId: t.accountA,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: doomed.documentId });
    expect(
      (await call(t.ownerA.token, 'GET', `searchengines/${doomed.documentId}?accountId=${t.accountA}`))
        .status,
    ).toBe(404);
    expect((await call(t.ownerA.token, 'GET', `client/${doomed.clientId}`)).status).toBe(404);
  });

  it("given owner B, when deleting A's engine (with A's or B's account id), then 404 and it stays", async () => {
    for (const accountId of [t.accountA, t.accountB]) {
      expect(
        (await call(t.ownerB.token, 'DELETE', `searchengines/${kwA.documentId}`, { accountId })).status,
      ).toBe(404);
    }
    expect(
      (await call(t.ownerA.token, 'GET', `searchengines/${kwA.documentId}?accountId=${t.accountA}`)).status,
    ).toBe(200);
  });

  it('given an unknown engine, when deleting, then 404', async () => {
    expect(
      (await call(t.ownerA.token, 'DELETE', `searchengines/${MISSING}`, { accountId: t.accountA })).status,
    ).toBe(404);
  });

  it('given no token, when deleting, then 401', async () => {
    expect(
      (await call(undefined, 'DELETE', `searchengines/${kwA.documentId}`, { accountId: t.accountA })).status,
    ).toBe(401);
  });
});
