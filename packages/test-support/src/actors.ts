import { CookieBrowser, formAction, hiddenInput } from './browser.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';

/** A signed-in person: their login id, e-mail and access token (signed in once per file). */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

/**
 * Two tenants on one server. Account A is the seeded demo account (both products) with its owner
 * and two members added over the API (an admin and a user); account B is created by the super admin
 * with its own owner. Every login but the seeded ones is invited and sets its password through the
 * real set-password page.
 */
export interface Tenants {
  server: TestServer;
  superAdmin: Actor;
  ownerA: Actor;
  adminA: Actor;
  userA: Actor;
  ownerB: Actor;
  accountA: string;
  accountB: string;
  /** The latest set-password link sent to each e-mail address (lowercased). */
  invitations: Map<string, string>;
}

export const PASSWORD = 'a long enough password';

export const ACCOUNT_B_NAME = 'Tenant B';

/** Sets the password of an invited login through the set-password page of its link. */
export async function acceptInvitation(server: TestServer, link: string, password = PASSWORD): Promise<void> {
  const browser = new CookieBrowser();
  const page = await browser.request(link);
  const html = await page.text();
  if (page.status !== 200)
    throw new Error(`Set-password page answered ${page.status}: ${html.slice(0, 200)}`);
  const posted = await browser.post(new URL(formAction(html) ?? '', server.base), {
    token: hiddenInput(html, 'token') ?? '',
    password,
    confirm: password,
  });
  const answer = await posted.text();
  if (posted.status !== 200 || !answer.includes('Your password is set')) {
    throw new Error(`Setting the password failed with ${posted.status}: ${answer.slice(0, 200)}`);
  }
}

/** Signs a login in and reads its id from the profile. */
export async function actor(server: TestServer, email: string, password: string): Promise<Actor> {
  const { access_token: token } = await signIn(server, email, password);
  const me = await api(server, token, 'GET', 'profile/me');
  if (me.status !== 200) throw new Error(`profile/me answered ${me.status}`);
  return { id: me.body.id, email, token };
}

/** Signs in a login that was just invited (its link is in `invitations`). */
export async function invitedActor(
  server: TestServer,
  invitations: Map<string, string>,
  email: string,
): Promise<Actor> {
  const link = invitations.get(email.toLowerCase());
  if (!link) throw new Error(`No invitation was sent to ${email}`);
  await acceptInvitation(server, link);
  return actor(server, email, PASSWORD);
}

/** Starts a server with the two tenants of `Tenants` and every actor signed in. */
export async function startWithTenants(
  options: Pick<
    NonNullable<Parameters<typeof startTestServer>[0]>,
    'dataDir' | 'port' | 'env' | 'crawlTiming'
  > = {},
): Promise<Tenants> {
  const invitations = new Map<string, string>();
  const server = await startTestServer({
    ...options,
    onInvitation: (email, link) => invitations.set(email.toLowerCase(), link),
  });
  try {
    const credentials = server.credentials;
    if (!credentials) throw new Error('A fresh server has demo credentials');
    const [superAdmin, ownerA] = await Promise.all([
      actor(server, credentials.superAdmin.email, credentials.superAdmin.password),
      actor(server, credentials.owner.email, credentials.owner.password),
    ]);
    const accounts = await api(server, ownerA.token, 'GET', 'accounts');
    const accountA = accounts.body[0]?.id as string;

    const created = await api(server, superAdmin.token, 'POST', 'admin/accounts', {
      name: ACCOUNT_B_NAME,
      products: ['pm', 'kw'],
      users: [{ first: 'Bea', last: 'Owner', email: 'owner@tenant-b.test', role: 'owner' }],
    });
    if (created.status !== 200) throw new Error(`Creating account B failed: ${JSON.stringify(created.body)}`);
    const accountB = created.body.id as string;

    const added = await api(server, ownerA.token, 'POST', `account/${accountA}/users`, {
      users: [
        { first: 'Ada', last: 'Admin', email: 'admin@tenant-a.test', role: 'admin' },
        { first: 'Uma', last: 'User', email: 'user@tenant-a.test', role: 'user' },
      ],
    });
    if (added.status !== 200) throw new Error(`Adding A's users failed: ${JSON.stringify(added.body)}`);

    const [ownerB, adminA, userA] = await Promise.all([
      invitedActor(server, invitations, 'owner@tenant-b.test'),
      invitedActor(server, invitations, 'admin@tenant-a.test'),
      invitedActor(server, invitations, 'user@tenant-a.test'),
    ]);
    return { server, superAdmin, ownerA, adminA, userA, ownerB, accountA, accountB, invitations };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** A call authenticated with an account API key instead of a bearer token. */
export async function withApiKey(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.base}/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A keyword engine draft with every field the wizard sends, for `account`. */
export function keywordDraft(accountId: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    searchEngineType: 'kw',
    accountId,
    searchEngineName: name,
    urls: ['https://example.com/'],
    ...extra,
  };
}

/** Creates an engine and returns what `POST searchengines` answered; throws on anything but 200. */
export async function createEngine(
  server: TestServer,
  who: Actor,
  draft: Record<string, unknown>,
): Promise<{ documentId: string; synonymFieldId: string | null; clientId: string }> {
  const response = await api(server, who.token, 'POST', 'searchengines', draft);
  if (response.status !== 200) throw new Error(`Creating an engine failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The problem detail of a refused call, for assertions on the spec's message. */
export function detailOf(response: { body: any }): string {
  return typeof response.body === 'object' && response.body ? String(response.body.detail) : '';
}
