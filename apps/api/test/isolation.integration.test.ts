import { apiContracts } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api, ingestEngine, type TestServer } from './harness.ts';

// Every route with an id, called by account B's owner with account A's ids: the answer is the same
// 404 as for an id that does not exist, and nothing of A changes. List routes never show A's rows.
// Every call of the portal API is in one of the tables below, or the last test fails.

let t: Tenants;
let engineA: { documentId: string; clientId: string };
let engineB: { documentId: string; clientId: string };
/** A's parametric engine, its first upload, and the configuration of that upload. */
let tableA: { engineId: string; clientId: string; importId: string };
let configurationA: unknown;
let apiKeyHashA: string | null;
let apiKeyB: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startWithTenants();
  engineA = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Secret engine of A'));
  engineB = await createEngine(t.server, t.ownerB, keywordDraft(t.accountB, 'Engine of B'));
  tableA = await ingestEngine(t.server, t.ownerA.token, 'Price list of A', 'name,price\nBolt,3\nNut,1\n');
  const preview = await api(t.server, t.ownerA.token, 'GET', `parametric/file/${tableA.importId}/preview`);
  configurationA = preview.body.configuration;
  apiKeyHashA = await apiKeyHash(t.accountA);
  apiKeyB = (await api(t.server, t.ownerB.token, 'GET', `account/${t.accountB}/newApiKey`)).body.key;
});
afterAll(async () => {
  await t?.server.close();
});

async function apiKeyHash(accountId: string): Promise<string | null> {
  const { rows } = await t.server.store.query<{ h: string | null }>(
    'SELECT api_key_hash AS h FROM accounts WHERE id = $1',
    [accountId],
  );
  return rows[0]?.h ?? null;
}

type Call = [method: string, path: string, body?: unknown];

interface Ids {
  account: string;
  user: string;
  engine: string;
  client: string;
  /** A parametric engine, its client and an upload of it. */
  table: string;
  tableClient: string;
  upload: string;
  /** B's own account, named where a call takes an account beside the id. */
  via: string;
}

/** Each id route, once with A's ids and once with ids that exist nowhere. */
function idRoutes(ids: Ids): Call[] {
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
    ['GET', `account/${ids.account}/apiKey`],
    ['GET', `account/${ids.account}/invitations`],
    ...[ids.account, ids.via].flatMap((accountId): Call[] => [
      ['POST', `account/${accountId}/invitation/${ids.user}/link`],
      ['POST', `account/${accountId}/invitation/${ids.user}/resend`],
      ['DELETE', `account/${accountId}/invitation/${ids.user}`],
    ]),
    ['GET', `searchengines/${ids.engine}?accountId=${ids.account}`],
    ['GET', `searchengines/${ids.engine}?accountId=${ids.via}`],
    ['PUT', `searchengines/${ids.engine}`, keywordDraft(ids.account, 'Secret engine of A')],
    ['PUT', `searchengines/${ids.engine}`, keywordDraft(ids.via, 'Secret engine of A')],
    ['DELETE', `searchengines/${ids.engine}`, { accountId: ids.account }],
    ['DELETE', `searchengines/${ids.engine}`, { accountId: ids.via }],
    ['POST', 'searchengines', keywordDraft(ids.account, 'Planted in A')],
    ['GET', `searchengines/${ids.table}/download/csv?accountId=${ids.account}`],
    ['GET', `searchengines/${ids.table}/download/xlsx?accountId=${ids.via}`],
    ['POST', `searchengines/${ids.table}/filters?accountId=${ids.account}`, {}],
    ['GET', `searchengines/${ids.engine}/explain?accountId=${ids.account}&q=secret`],
    ['GET', `searchengines/${ids.engine}/explain?accountId=${ids.via}&q=secret`],
    ['POST', `searchengines/${ids.engine}/filters?accountId=${ids.via}`, {}],
    ['GET', `searchengines/${ids.engine}/page-urls?accountId=${ids.account}&prefix=`],
    ['GET', `searchengines/${ids.engine}/page-urls?accountId=${ids.via}&prefix=`],
    ['GET', `searchengines/${ids.engine}/suggestions?accountId=${ids.account}`],
    ['GET', `searchengines/${ids.engine}/suggestions?accountId=${ids.via}`],
    ['PUT', `searchengines/${ids.engine}/suggestions`, { accountId: ids.account, blockedTerms: ['a'] }],
    ['PUT', `searchengines/${ids.engine}/suggestions`, { accountId: ids.via, blockedTerms: ['a'] }],
    ...[ids.account, ids.via].flatMap((accountId): Call[] => [
      ['GET', `searchengines/${ids.engine}/alerts?accountId=${accountId}`],
      [
        'PUT',
        `searchengines/${ids.engine}/alerts`,
        {
          accountId,
          webhookUrl: null,
          emails: [],
          errorSharePercent: 1,
          zeroResultPercent: 1,
          zeroResultMinSearches: 1,
        },
      ],
      ['POST', `searchengines/${ids.engine}/alerts/test`, { accountId }],
      ['GET', `searchengines/${ids.engine}/alerts/deliveries?accountId=${accountId}`],
    ]),
    ['GET', `client/${ids.client}`],
    ['GET', `client/${ids.client}/kw/snippet`],
    ['GET', `client/${ids.tableClient}/pm/snippet`],
    ['PUT', `client/${ids.client}/settings`, settings],
    ['GET', `analytics/${ids.engine}`],
    ['GET', `analytics/${ids.table}/report`],
    ['GET', `parametric/file/${ids.upload}/preview`],
    ['GET', `parametric/file/${ids.upload}/history`],
    ...[ids.account, ids.via].flatMap((accountId): Call[] => {
      const version = { engineId: ids.table, accountId, version: 1 };
      return [
        ['GET', `parametric/config?engineId=${ids.table}&accountId=${accountId}`],
        ['POST', 'parametric/config', { ...version, configuration: configurationA }],
        [
          'POST',
          'parametric/create',
          { ...version, spreadsheetId: ids.upload, configuration: configurationA },
        ],
        ['PUT', 'parametric/publish', { ...version, clientId: ids.tableClient }],
        ['GET', `parametric/download?engineId=${ids.table}&accountId=${accountId}`],
      ];
    }),
    ['POST', 'clients', { accountId: ids.account, engineId: ids.engine }],
    ['POST', 'clients', { accountId: ids.via, engineId: ids.engine }],
    ...[ids.account, ids.via].flatMap((accountId): Call[] => [
      ['POST', 'datasource/crawler', { accountId, engineId: ids.engine, urls: ['https://evil.example/'] }],
      ['PUT', 'datasource/crawler', { accountId, engineId: ids.engine, site: 'https://evil.example/' }],
      ['POST', 'datasource/crawler/stop', { accountId, engineId: ids.engine }],
      ['POST', 'datasource/crawler/report', { accountId, engineId: ids.engine }],
      ['POST', 'datasource/crawler/publish', { accountId, engineId: ids.engine }],
      [
        'POST',
        'datasource/crawler/inspect',
        { accountId, engineId: ids.engine, url: 'https://example.com/' },
      ],
      ['GET', `datasource/crawler/credentials?accountId=${accountId}&engineId=${ids.engine}`],
      [
        'PUT',
        'datasource/crawler/credentials',
        {
          accountId,
          engineId: ids.engine,
          site: 'https://example.com/',
          signIn: { kind: 'basic', user: 'evil', password: 'planted' },
        },
      ],
      [
        'DELETE',
        'datasource/crawler/credentials',
        { accountId, engineId: ids.engine, site: 'https://example.com/' },
      ],
    ]),
  ];
}

type Upload = [path: string, fields: Record<string, string>, apiKey?: boolean];

/** The upload routes (multipart), with a small CSV: B's login, or B's API key where marked. */
function uploadRoutes(ids: Ids): Upload[] {
  return [
    ['parametric/file/import', { accountId: ids.account }],
    ['parametric/file/import', { accountId: ids.account, engineId: ids.table }],
    ['parametric/file/import', { accountId: ids.via, engineId: ids.table }],
    [`parametric/file/${ids.upload}`, { accountId: ids.account }],
    [`parametric/file/${ids.upload}`, { accountId: ids.via }],
    [`datasource/parametric/${ids.table}`, { publish: 'true' }, true],
  ];
}

async function upload(server: TestServer, [path, fields, apiKey]: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new Blob(['name,price\nPlanted,0\n']), 'planted.csv');
  const response = await fetch(`${server.base}/api/${path}`, {
    method: 'POST',
    headers: apiKey ? { 'x-api-key': apiKeyB } : { authorization: `Bearer ${t.ownerB.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { detail?: string } };
}

function idsOfA(): Ids {
  return {
    account: t.accountA,
    user: t.userA.id,
    engine: engineA.documentId,
    client: engineA.clientId,
    table: tableA.engineId,
    tableClient: tableA.clientId,
    upload: tableA.importId,
    via: t.accountB,
  };
}

function missingIds(): Ids {
  return {
    account: MISSING,
    user: MISSING,
    engine: MISSING,
    client: MISSING,
    table: MISSING,
    tableClient: MISSING,
    upload: MISSING,
    via: t.accountB,
  };
}

/** The list routes: B's owner sees none of A's ids in their answers. */
const LIST_ROUTES = [
  'profile/me',
  'profile/accounts',
  'accounts',
  'searchengines',
  'searchengines?type=kw',
  'clients',
] as const;

/** The super admins' routes: any other login gets 403. */
const ADMIN_ROUTES: Call[] = [
  ['GET', 'admin/accounts'],
  ['POST', 'admin/accounts', { name: 'Planted', products: ['kw'] }],
  ['POST', 'features', { name: 'Planted' }],
  ['PUT', `features/${MISSING}`, { _id: MISSING, name: 'Planted' }],
  ['DELETE', `features/${MISSING}`],
  [
    'PUT',
    'maintenance',
    { title: 'Planted', message: 'Planted', start: '2030-01-01T00:00:00Z', end: '2030-01-02T00:00:00Z' },
  ],
  ['DELETE', 'maintenance'],
];

/**
 * Calls that read or change nothing of an account: the features every login reads, the
 * maintenance notice, what the server's crawler can do, the synonyms check (of the text sent), the
 * analytics frames' session cookie (each frame checks the login's account again, analytics.integration), and the ingest create,
 * which makes an engine in the key's own account (api-key-calls.integration).
 */
const WITHOUT_TENANT_DATA = [
  'GET features',
  'GET maintenance',
  'GET datasource/crawler/capabilities',
  'POST searchengines/synonyms/validate',
  'POST analytics/session',
  'DELETE analytics/session',
  'POST datasource/parametric',
];

/**
 * The analytics frames (server-rendered pages, signed in by the frame-session cookie rather than a
 * token, so outside the call list): each is asked with a client id of A, by B's owner's cookie.
 */
function frameRoutes(client: string): string[] {
  const period = 'from=2026-01-01&to=2026-01-07';
  return [
    `analytics/${client}/headline?${period}`,
    `analytics/${client}/card/searches-over-time?${period}`,
    `analytics/${client}/dashboard/overview?${period}`,
    `analytics/${client}/card/top-queries/csv/queries?${period}`,
  ];
}

/** The zero-result card's "Add as synonym" form (a frame's POST, same cookie as the frames). */
function synonymFormRoute(client: string): string {
  return `analytics/${client}/card/zero-result-queries/synonyms?from=2026-01-01&to=2026-01-07`;
}

/**
 * Routes under /api outside the call list that hold no account's data: the OpenAPI document, the
 * frames' font files (public static files of an open-source font, the same for everyone) and the
 * preview pages, public by client id like the published search they host.
 */
const PUBLIC_PAGES = [
  'GET /api/openapi.json',
  'GET /api/analytics/fonts/:file',
  'GET /api/parametric/preview',
  'GET /api/client/:clientId/kw/preview',
];

type Answer = { status: number; body: { detail?: string } };

/** The answer to a call with A's ids: the 404 of the same call with ids that exist nowhere. */
function expectRefusedAsMissing(call: string, answer: Answer, nothing: Answer): void {
  expect({ call, status: answer.status }).toEqual({ call, status: 404 });
  expect({ call, detail: answer.body.detail }).toEqual({ call, detail: nothing.body.detail });
}

describe("account B's owner and account A's ids", () => {
  it('given every route with an id, when called with A’s ids, then 404 with the same answer as for a missing id', async () => {
    const ofA = idRoutes(idsOfA());
    const missing = idRoutes(missingIds());
    for (const [i, [method, path, body]] of ofA.entries()) {
      const answer = await api(t.server, t.ownerB.token, method, path, body);
      const [, missingPath, missingBody] = missing[i] as Call;
      const nothing = await api(t.server, t.ownerB.token, method, missingPath, missingBody);
      expectRefusedAsMissing(`${method} ${path}`, answer, nothing);
    }
  });

  it('given every upload route, when B uploads to A’s engine or file, then 404 as for a missing id', async () => {
    const missing = uploadRoutes(missingIds());
    for (const [i, call] of uploadRoutes(idsOfA()).entries()) {
      const answer = await upload(t.server, call);
      const nothing = await upload(t.server, missing[i] as Upload);
      const [path, fields] = call;
      expectRefusedAsMissing(`POST ${path} ${JSON.stringify(fields)}`, answer, nothing);
    }
  });

  it('given every analytics frame, when B’s frame session asks for A’s client, then 404 as for a missing client', async () => {
    const session = await api(t.server, t.ownerB.token, 'POST', 'analytics/session');
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const missing = frameRoutes(MISSING);
    for (const [i, path] of frameRoutes(engineA.clientId).entries()) {
      const answer = await framePage(path, cookie);
      const nothing = await framePage(missing[i] as string, cookie);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect({ path, page: answer.page }).toEqual({ path, page: nothing.page });
    }
    // The cookie works: B's own client answers.
    expect((await framePage(frameRoutes(engineB.clientId)[0] as string, cookie)).status).toBe(200);
  });

  it('given the frames\' "Add as synonym" form, when B’s frame session posts it for A’s client, then 404 as for a missing client and A’s synonyms are unchanged', async () => {
    const session = await api(t.server, t.ownerB.token, 'POST', 'analytics/session');
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const synonymsOfA = async () =>
      (
        await api(
          t.server,
          t.ownerA.token,
          'GET',
          `searchengines/${engineA.documentId}?accountId=${t.accountA}`,
        )
      ).body.csvSynonymTable;
    const before = await synonymsOfA();
    const form = { query: 'secert', correction: 'secret' };
    const answer = await framePage(synonymFormRoute(engineA.clientId), cookie, form);
    const nothing = await framePage(synonymFormRoute(MISSING), cookie, form);
    expect(answer.status).toBe(404);
    expect(answer.page).toBe(nothing.page);
    expect(await synonymsOfA()).toBe(before);
    // The cookie works: B's own client takes the form (303 back to the frame).
    expect((await framePage(synonymFormRoute(engineB.clientId), cookie, form)).status).toBe(303);
  });

  it('given the admin routes, when called by an owner, then 403 (they are for super admins only)', async () => {
    const calls: Call[] = [
      ['GET', `admin/account/${t.accountA}`],
      ['PUT', `admin/account/${t.accountA}`, { name: 'Taken over' }],
      ['DELETE', `admin/account/${t.accountA}`],
      ...ADMIN_ROUTES,
    ];
    for (const [method, path, body] of calls) {
      const refused = await api(t.server, t.ownerB.token, method, path, body);
      expect({ method, path, status: refused.status }).toEqual({ method, path, status: 403 });
    }
  });

  it('given every list route, when B’s owner lists, then no id of account A appears anywhere in the answer', async () => {
    const secrets = [
      t.accountA,
      engineA.documentId,
      engineA.clientId,
      tableA.engineId,
      tableA.clientId,
      t.ownerA.id,
      t.userA.id,
      t.adminA.id,
    ];
    for (const path of [
      ...LIST_ROUTES,
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
    const history = await api(t.server, t.ownerA.token, 'GET', `parametric/file/${tableA.importId}/history`);
    expect(history.body.map((h: { version: number }) => h.version)).toEqual([1]);
    const engines = await api(t.server, t.ownerA.token, 'GET', 'searchengines');
    expect(engines.body.map((e: { searchEngineName: string }) => e.searchEngineName).sort()).toEqual([
      'Price list of A',
      'Secret engine of A',
    ]);
    expect(await apiKeyHash(t.accountA)).toBe(apiKeyHashA);
  });

  it('given every call of the portal API, then one of the tables above calls it', () => {
    const called = [
      ...idRoutes(idsOfA()).map(([method, path]) => `${method} ${path}`),
      ...uploadRoutes(idsOfA()).map(([path]) => `POST ${path}`),
      ...LIST_ROUTES.map((path) => `GET ${path}`),
      ...ADMIN_ROUTES.map(([method, path]) => `${method} ${path}`),
      `GET admin/account/${t.accountA}`,
      `PUT admin/account/${t.accountA}`,
      `DELETE admin/account/${t.accountA}`,
    ].map((call) => call.split('?')[0] as string);
    const uncalled = apiContracts
      .map(({ method, path }) => ({ call: `${method} ${path}`, pattern: callPattern(method, path) }))
      .filter(
        ({ call, pattern }) => !WITHOUT_TENANT_DATA.includes(call) && !called.some((c) => pattern.test(c)),
      )
      .map(({ call }) => call);
    expect(uncalled).toEqual([]);
  });

  it('given every other route under /api, then it is an analytics frame above or a public page', () => {
    const inCallList = apiContracts.map(({ method, path }) => callPattern(method, path));
    const frames = [
      ...frameRoutes(engineA.clientId).map((path) => `GET /api/${path.split('?')[0]}`),
      `POST /api/${synonymFormRoute(engineA.clientId).split('?')[0]}`,
    ];
    const unlisted = serverRoutes(t.server)
      .filter((route) => route.startsWith(`${route.split(' ')[0]} /api/`))
      .filter((route) => !inCallList.some((pattern) => pattern.test(route.replace('/api/', ''))))
      .filter((route) => !PUBLIC_PAGES.some((page) => unnamed(page) === unnamed(route)))
      .filter((route) => !frames.some((frame) => routePattern(route).test(frame)));
    expect(unlisted).toEqual([]);
  });
});

/** An analytics frame's status and page, its per-response nonces taken out so two can be compared. */
/** A frame page, or with `form` the frame's form posted to it (as the browser sends it). */
async function framePage(
  path: string,
  cookie: string,
  form?: Record<string, string>,
): Promise<{ status: number; page: string }> {
  const response = await fetch(`${t.server.base}/api/${path}`, {
    redirect: 'manual',
    ...(form
      ? {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : { headers: { cookie } }),
  });
  const page = (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
  return { status: response.status, page };
}

/** Every route the server answers, as 'METHOD /path/:param' (HEAD and OPTIONS left out). */
function serverRoutes(server: TestServer): string[] {
  const routes: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length;
    while (stack.length > 0 && (stack.at(-1) as { depth: number }).depth >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(', ')) {
      // find-my-way prints the names two routes give one parameter as ':a|:b'.
      if (method && method !== 'HEAD' && method !== 'OPTIONS')
        routes.push(`${method} ${path.replace(/(:\w+)(\|:\w+)+/g, '$1')}`);
    }
  }
  return routes;
}

/** A route template with its parameters' names left out ('/x/:id' → '/x/:'), to compare two. */
function unnamed(route: string): string {
  return route.replace(/:\w+/g, ':');
}

/** A route template as a pattern of concrete paths ('GET /api/x/:id' → 'GET /api/x/[^/]+'). */
function routePattern(route: string): RegExp {
  return new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
}

/** A call's method and path template as a pattern of the calls made ('client/:id' → 'client/[^/]+'). */
function callPattern(method: string, path: string): RegExp {
  return new RegExp(`^${method} ${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
}
