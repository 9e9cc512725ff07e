import { acceptInvitation, api, type Config, PASSWORD, signIn } from '@siteseer/test-support';

/** The parts of the harness's TestServer its helpers read. */
type ServerLike = Parameters<typeof signIn>[0];

function serverLike(base: string, config: Config): ServerLike {
  return { base, config } as ServerLike;
}

/** Engines made through the API for the owner's account (the keyword wizard is not in this part). */
export async function seedEngines(base: string, config: Config, email: string, password: string) {
  const server = serverLike(base, config);
  const { access_token: token } = await signIn(server, email, password);
  const accounts = await api(server, token, 'GET', 'accounts');
  const accountId = accounts.body[0].id as string;
  const create = async (body: Record<string, unknown>) => {
    const created = await api(server, token, 'POST', 'searchengines', { accountId, ...body });
    if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
    return created.body.documentId as string;
  };
  return {
    accountId,
    docs: await create({
      searchEngineType: 'kw',
      searchEngineName: 'Docs Search Engine',
      urls: ['https://docs.example.com/'],
    }),
    removable: await create({
      searchEngineType: 'kw',
      searchEngineName: 'Removable Engine',
      urls: ['https://old.example.com/'],
    }),
    bare: await create({ searchEngineType: 'pm', searchEngineName: 'Bare Parametric Engine' }),
  };
}

/** A datetime-local value (local time) `minutes` from now. */
export function localDateTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A login's API access: its token, its first account, and calls with its bearer token. */
export interface ApiSession {
  token: string;
  accountId: string;
  call(method: string, path: string, body?: unknown): ReturnType<typeof api>;
}

/** Signs a login in over the API (not through the browser). */
export async function apiSession(
  base: string,
  config: Config,
  email: string,
  password: string,
): Promise<ApiSession> {
  const server = serverLike(base, config);
  const { access_token: token } = await signIn(server, email, password);
  const accounts = await api(server, token, 'GET', 'accounts');
  const accountId = accounts.body?.[0]?.id;
  if (typeof accountId !== 'string')
    throw new Error(`${email} has no account: ${JSON.stringify(accounts.body)}`);
  return { token, accountId, call: (method, path, body) => api(server, token, method, path, body) };
}

/**
 * A parametric engine uploaded, configured (the inferred columns, with the widget's search bar on)
 * and published over the API, as the wizard would; returns its engine and client ids.
 */
export async function publishParametricEngine(
  base: string,
  session: ApiSession,
  name: string,
  csv: string,
): Promise<{ engineId: string; clientId: string }> {
  const form = new FormData();
  form.set('accountId', session.accountId);
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${name.toLowerCase().replaceAll(' ', '-')}.csv`);
  const uploaded = await fetch(`${base}/api/parametric/file/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const upload = (await uploaded.json()) as { importId?: string };
  if (!uploaded.ok || !upload.importId) throw new Error(`upload refused: ${JSON.stringify(upload)}`);
  const preview = await session.call('GET', `parametric/file/${upload.importId}/preview`);
  if (preview.status !== 200) throw new Error(`no preview: ${JSON.stringify(preview.body)}`);
  const inferred = preview.body.configuration;
  const engine = await session.call('POST', 'searchengines', {
    searchEngineType: 'pm',
    accountId: session.accountId,
    searchEngineName: name,
  });
  if (engine.status !== 200) throw new Error(`engine not created: ${JSON.stringify(engine.body)}`);
  const published = await session.call('POST', 'parametric/create', {
    spreadsheetId: upload.importId,
    engineId: engine.body.documentId,
    accountId: session.accountId,
    version: 1,
    configuration: { ...inferred, settings: { ...inferred.settings, showSearchBar: true } },
  });
  if (published.status !== 200) throw new Error(`not published: ${JSON.stringify(published.body)}`);
  return { engineId: engine.body.documentId as string, clientId: published.body.clientId as string };
}

/**
 * Another tenant: the super admin creates an account with its owner over the API; the owner, being
 * invited, sets a password through the link `invitations` received. Returns the owner's login.
 */
export async function createTenant(
  base: string,
  config: Config,
  superAdmin: ApiSession,
  invitations: ReadonlyMap<string, string>,
  tenant: { name: string; ownerEmail: string },
): Promise<{ accountId: string; email: string; password: string }> {
  const created = await superAdmin.call('POST', 'admin/accounts', {
    name: tenant.name,
    products: ['pm', 'kw'],
    users: [{ first: 'Bea', last: 'Owner', email: tenant.ownerEmail, role: 'owner' }],
  });
  if (created.status !== 200) throw new Error(`account not created: ${JSON.stringify(created.body)}`);
  const link = invitations.get(tenant.ownerEmail.toLowerCase());
  if (!link) throw new Error(`no invitation was sent to ${tenant.ownerEmail}`);
  await acceptInvitation(serverLike(base, config), link, PASSWORD);
  return { accountId: created.body.id as string, email: tenant.ownerEmail, password: PASSWORD };
}
