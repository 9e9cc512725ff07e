import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

// The API asks the portal's access questions (core's canWriteEngine, with the features as
// configured) for every engine, client and parametric write: as seeded, a member with role user
// may create parametric engines but not edit or delete engines, nor create keyword ones (a keyword
// engine's crawler is an edit). A user could once upload, publish, change the allowed origins and
// delete an engine through the API although the portal offered none of it, and create a keyword
// engine whose every crawler call was then refused.

let t: Tenants;
let keyA: string;

type Who = 'superadmin' | 'owner' | 'admin' | 'user' | 'other account' | 'API key';
const WHO: Who[] = ['superadmin', 'owner', 'admin', 'user', 'other account', 'API key'];

function auth(who: Who): Record<string, string> {
  if (who === 'API key') return { 'x-api-key': keyA };
  const actors: Record<Exclude<Who, 'API key'>, Actor> = {
    superadmin: t.superAdmin,
    owner: t.ownerA,
    admin: t.adminA,
    user: t.userA,
    'other account': t.ownerB,
  };
  return { authorization: `Bearer ${actors[who].token}` };
}

async function call(who: Who, method: string, path: string, body?: unknown) {
  const headers = { ...auth(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${t.server.base}/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function upload(who: Who, path: string, fields: Record<string, string>, rows = 5) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([toCsv(products(rows))]), 'products.csv');
  const response = await fetch(`${t.server.base}/api/${path}`, {
    method: 'POST',
    headers: auth(who),
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

function ok<T extends { status: number; body: any }>(answer: T, what: string): T['body'] {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

let names = 0;
const uniqueName = (prefix: string) => `${prefix} ${++names}`;

/** A new import of account A uploaded by its owner, with its inferred configuration. */
async function ownersImport() {
  const uploaded = ok(await upload('owner', 'parametric/file/import', { accountId: t.accountA }), 'upload');
  const preview = ok(await call('owner', 'GET', `parametric/file/${uploaded.importId}/preview`), 'preview');
  return {
    importId: uploaded.importId as string,
    version: uploaded.version as number,
    configuration: preview.configuration,
  };
}

const pmDraft = (name: string) => ({ searchEngineType: 'pm', accountId: t.accountA, searchEngineName: name });

/** The body of `parametric/create` publishing an import's version for an engine. */
const publishBody = (file: Awaited<ReturnType<typeof ownersImport>>, engineId: string) => ({
  spreadsheetId: file.importId,
  engineId,
  accountId: t.accountA,
  version: file.version,
  configuration: file.configuration,
});

/** A parametric engine of account A created by its owner, unpublished. */
async function ownersEngine() {
  const name = uniqueName('Owner engine');
  const created = ok(await call('owner', 'POST', 'searchengines', pmDraft(name)), 'create');
  return { engineId: created.documentId as string, clientId: created.clientId as string, name };
}

/** A parametric engine of account A created and published by its owner. */
async function publishedEngine() {
  const file = await ownersImport();
  const engine = await ownersEngine();
  ok(await call('owner', 'POST', 'parametric/create', publishBody(file, engine.engineId)), 'publish');
  return { ...engine, ...file };
}

type Write = {
  name: string;
  kind: 'create' | 'edit' | 'delete';
  /** A create that the caller completes with edits (a keyword engine's crawler), so needs their feature. */
  completedByEdits?: true;
  allowed?: number;
  run: (who: Who) => Promise<{ status: number; body: any }>;
};

function writes(): Write[] {
  const a = t.accountA;
  return [
    {
      name: 'create a parametric engine',
      kind: 'create',
      run: (who) => call(who, 'POST', 'searchengines', pmDraft(uniqueName('New'))),
    },
    {
      name: 'create a keyword engine',
      kind: 'create',
      completedByEdits: true,
      run: (who) => call(who, 'POST', 'searchengines', keywordDraft(a, uniqueName('Keyword'))),
    },
    {
      name: 'upload a file for a new engine',
      kind: 'create',
      run: (who) => upload(who, 'parametric/file/import', { accountId: a }),
    },
    {
      name: 'publish a new engine’s first version',
      kind: 'create',
      run: async (who) => {
        const [file, engine] = [await ownersImport(), await ownersEngine()];
        return call(who, 'POST', 'parametric/create', publishBody(file, engine.engineId));
      },
    },
    {
      name: 'upload a new version of a published engine',
      kind: 'edit',
      run: async (who) => {
        const engine = await publishedEngine();
        return upload(who, `parametric/file/${engine.importId}`, { accountId: a, engineId: engine.engineId });
      },
    },
    {
      name: 'save a configuration',
      kind: 'edit',
      run: async (who) => {
        const e = await publishedEngine();
        return call(who, 'POST', 'parametric/config', {
          engineId: e.engineId,
          accountId: a,
          version: e.version,
          configuration: e.configuration,
        });
      },
    },
    {
      name: 'publish a version',
      kind: 'edit',
      run: async (who) => {
        const e = await publishedEngine();
        return call(who, 'PUT', 'parametric/publish', {
          engineId: e.engineId,
          accountId: a,
          version: e.version,
          clientId: e.clientId,
        });
      },
    },
    {
      name: 'create and publish a new file of a published engine',
      kind: 'edit',
      run: async (who) => {
        const [e, file] = [await publishedEngine(), await ownersImport()];
        return call(who, 'POST', 'parametric/create', publishBody(file, e.engineId));
      },
    },
    {
      name: 'change the client’s allowed origins',
      kind: 'edit',
      run: async (who) => {
        const e = await publishedEngine();
        return call(who, 'PUT', `client/${e.clientId}/settings`, {
          type: 'pm',
          settings: { origin: 'https://shop.example.test' },
        });
      },
    },
    {
      name: 'update a parametric engine',
      kind: 'edit',
      run: async (who) => {
        const e = await publishedEngine();
        return call(who, 'PUT', `searchengines/${e.engineId}`, {
          searchEngineType: 'pm',
          accountId: a,
          searchEngineName: e.name,
        });
      },
    },
    {
      name: 'update a keyword engine',
      kind: 'edit',
      run: async (who) => {
        const name = uniqueName('Keyword owned');
        const kw = ok(await call('owner', 'POST', 'searchengines', keywordDraft(a, name)), 'create keyword');
        return call(
          who,
          'PUT',
          `searchengines/${kw.documentId}`,
          keywordDraft(a, name, { urls: ['https://example.org/'] }),
        );
      },
    },
    {
      name: 'create a client for an engine (it has one: 409 once allowed)',
      kind: 'edit',
      allowed: 409,
      run: async (who) =>
        call(who, 'POST', 'clients', { accountId: a, engineId: (await ownersEngine()).engineId }),
    },
    {
      name: 'delete an engine',
      kind: 'delete',
      run: async (who) =>
        call(who, 'DELETE', `searchengines/${(await publishedEngine()).engineId}`, { accountId: a }),
    },
  ];
}

/** What each caller gets: allowed (200, or the write's own answer), 403, or 404 for another account. */
function expected(write: Write, who: Who): number {
  if (who === 'other account') return 404;
  if (who === 'API key') return 403;
  if (who === 'user' && (write.kind !== 'create' || write.completedByEdits)) return 403;
  return write.allowed ?? 200;
}

beforeAll(async () => {
  t = await startWithTenants();
  keyA = ok(await api(t.server, t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`), 'new key').key;
}, 180_000);
afterAll(async () => {
  await t?.server.close();
});

describe('engine, client and parametric writes by role', () => {
  it('given the seeded features, when each role makes each write over HTTP, then the API allows and refuses as the portal offers', async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const write of writes()) {
      for (const who of WHO) {
        const answer = await write.run(who);
        answers.push(`${write.name} by ${who}: ${answer.status}`);
        wanted.push(`${write.name} by ${who}: ${expected(write, who)}`);
      }
    }
    expect(answers).toEqual(wanted);
  }, 300_000);

  it('given a user or an API key, when they edit a published engine, then the 403 says why and the engine is unchanged', async () => {
    const e = await publishedEngine();
    const origins = { type: 'pm', settings: { origin: 'https://evil.test' } };
    const byUser = await call('user', 'PUT', `client/${e.clientId}/settings`, origins);
    expect(byUser.body.detail).toBe('Your role cannot edit search engines (feature ENGINE_EDIT).');
    const byKey = await call('API key', 'PUT', `client/${e.clientId}/settings`, origins);
    expect(byKey.body.detail).toMatch(/^An API key cannot be used for this call: .* data-source API/);
    const deleted = await call('user', 'DELETE', `searchengines/${e.engineId}`, { accountId: t.accountA });
    expect(deleted.body.detail).toBe('Your role cannot delete search engines (feature ENGINE_DELETE).');
    expect((await call('owner', 'GET', `client/${e.clientId}`)).body.settings.origin).toBe('*');
    expect((await call('owner', 'GET', `searchengines/${e.engineId}?accountId=${t.accountA}`)).status).toBe(
      200,
    );
  });

  it('given ENGINE_EDIT switched on for users, when a user edits, then it is allowed: the API reads the features as configured now', async () => {
    const features = ok(await call('superadmin', 'GET', 'features'), 'features') as any[];
    const edit = features.find((f) => f.name === 'ENGINE_EDIT');
    const saved = await call('superadmin', 'PUT', `features/${edit._id}`, {
      ...edit,
      allowedRoles: [...edit.allowedRoles, 'user'],
    });
    expect(saved.status).toBe(200);
    try {
      const e = await publishedEngine();
      const changed = await call('user', 'PUT', `client/${e.clientId}/settings`, {
        type: 'pm',
        settings: { origin: 'https://shop.example.test' },
      });
      expect(changed.status).toBe(200);
    } finally {
      await call('superadmin', 'PUT', `features/${edit._id}`, edit);
    }
  });
});

describe('creating an engine needs what completes it', () => {
  /** Gives a feature exactly these roles; the returned function puts its earlier roles back. */
  async function setRoles(name: string, roles: string[]): Promise<() => Promise<void>> {
    const features = ok(await call('superadmin', 'GET', 'features'), 'features') as any[];
    const before = features.find((f) => f.name === name);
    ok(await call('superadmin', 'PUT', `features/${before._id}`, { ...before, allowedRoles: roles }), 'set');
    return async () => {
      ok(await call('superadmin', 'PUT', `features/${before._id}`, before), 'restore');
    };
  }

  const enginesNamed = async (name: string) =>
    (
      await t.server.store.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM engines WHERE account_id = $1 AND name = $2',
        [t.accountA, name],
      )
    ).rows[0]?.n;

  /** The calls the keyword wizard's create makes: the engine, its client's settings, its crawler. */
  async function keywordCreate(who: Who, name: string): Promise<number[]> {
    const created = await call(who, 'POST', 'searchengines', keywordDraft(t.accountA, name));
    if (created.status !== 200) return [created.status];
    const { documentId: engineId, clientId } = created.body;
    const settings = await call(who, 'PUT', `client/${clientId}/settings`, { type: 'kw', settings: {} });
    const crawler = await call(who, 'POST', 'datasource/crawler', {
      accountId: t.accountA,
      engineId,
      urls: ['https://example.com/'],
      recreate: true,
    });
    return [created.status, settings.status, crawler.status];
  }

  /** The calls the parametric wizard's create makes: the upload, the engine with it, create-and-publish. */
  async function parametricCreate(who: Who, name: string): Promise<number[]> {
    const uploaded = await upload(who, 'parametric/file/import', { accountId: t.accountA });
    if (uploaded.status !== 200) return [uploaded.status];
    const { importId, version } = uploaded.body;
    const preview = ok(await call(who, 'GET', `parametric/file/${importId}/preview`), 'preview');
    const created = await call(who, 'POST', 'searchengines', {
      ...pmDraft(name),
      searchEngineDetail: { importId },
    });
    if (created.status !== 200) return [uploaded.status, created.status];
    const published = await call(who, 'POST', 'parametric/create', {
      ...publishBody({ importId, version, configuration: preview.configuration }, created.body.documentId),
      clientId: created.body.clientId,
    });
    return [uploaded.status, created.status, published.status];
  }

  /** 'completed' (every call 200), 'refused before anything' (403 first, no engine), or what was left half done. */
  async function outcome(who: Who, type: 'pm' | 'kw'): Promise<string> {
    const name = uniqueName(`${who} ${type}`);
    const statuses = await (type === 'kw' ? keywordCreate(who, name) : parametricCreate(who, name));
    if (statuses.every((status) => status === 200)) return 'completed';
    const rows = await enginesNamed(name);
    if (statuses.length === 1 && statuses[0] === 403 && rows === 0) return 'refused before anything';
    return `half done: ${statuses.join(', ')}; ${rows} engine row(s)`;
  }

  async function outcomes(): Promise<Record<string, string>> {
    const answers: Record<string, string> = {};
    for (const who of ['owner', 'admin', 'user'] as const)
      for (const type of ['pm', 'kw'] as const) answers[`${who} ${type}`] = await outcome(who, type);
    return answers;
  }

  it('given the seeded features, when each role runs a wizard’s create, then a user’s keyword create is refused before anything is made', async () => {
    expect(await outcomes()).toEqual({
      'owner pm': 'completed',
      'owner kw': 'completed',
      'admin pm': 'completed',
      'admin kw': 'completed',
      'user pm': 'completed',
      'user kw': 'refused before anything',
    });
  }, 120_000);

  it('given ENGINE_EDIT moved from admins to users and the parametric card off for admins, when each role runs a wizard’s create, then each completes or is refused before anything', async () => {
    const restore = [
      await setRoles('ENGINE_EDIT', ['superadmin', 'owner', 'user']),
      await setRoles('DASHBOARD_ADD_PARAMETRIC', ['superadmin', 'owner', 'user']),
    ];
    try {
      expect(await outcomes()).toEqual({
        'owner pm': 'completed',
        'owner kw': 'completed',
        'admin pm': 'refused before anything',
        'admin kw': 'refused before anything',
        'user pm': 'completed',
        'user kw': 'completed',
      });
    } finally {
      for (const undo of restore.reverse()) await undo();
    }
  }, 120_000);

  it('given the seeded features, when a user creates a keyword engine, then the 403 says which feature creating it needs', async () => {
    const refused = await call('user', 'POST', 'searchengines', keywordDraft(t.accountA, uniqueName('Kw')));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "Your role cannot create Keyword search engines (feature ENGINE_EDIT, needed to save a new engine's search settings and crawler).",
    );
  });
});
