import { CookieBrowser, formAction } from '../../apps/api/test/browser.ts';
import { importFromApi } from './api-modules.ts';
import { json } from './http-client.ts';
import type { Credentials } from './server-process.ts';

/** The part of openid-client (v6, apps/api's) the sign-in uses; the root package cannot resolve its types. */
interface Oidc {
  discovery(
    issuer: URL,
    clientId: string,
    metadata: undefined,
    auth: unknown,
    options: unknown,
  ): Promise<unknown>;
  None(): unknown;
  allowInsecureRequests: unknown;
  randomPKCECodeVerifier(): string;
  randomState(): string;
  calculatePKCECodeChallenge(verifier: string): Promise<string>;
  buildAuthorizationUrl(client: unknown, parameters: Record<string, string>): URL;
  authorizationCodeGrant(
    client: unknown,
    url: URL,
    checks: { pkceCodeVerifier: string; expectedState: string },
  ): Promise<{ access_token: string }>;
}

/**
 * Signs in as the portal does (authorization code + PKCE through the embedded provider's login
 * form), as apps/api/test/harness.ts does, and answers the access token.
 */
export async function signIn(base: string, login: Credentials): Promise<string> {
  const oidc = await importFromApi<Oidc>('openid-client');
  const client = await oidc.discovery(new URL(`${base}/oidc`), 'siteseer-portal', undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const redirectUri = `${base}/auth/callback`;
  const authUrl = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: 'openid email profile groups offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const browser = new CookieBrowser();
  const toLogin = await browser.follow(authUrl, base);
  const action = formAction(await toLogin.response.text());
  if (!action) throw new Error(`No login form at ${toLogin.url} (${toLogin.response.status})`);
  const posted = await browser.post(new URL(action, base), { email: login.email, password: login.password });
  const location = posted.headers.get('location');
  if (posted.status !== 303 || !location) throw new Error(`Login failed with ${posted.status}`);
  const back = await browser.follow(location, base, (url) => url.href.startsWith(redirectUri));
  const tokens = await oidc.authorizationCodeGrant(client, back.url, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.access_token;
}

/** The owner's account API key, for the data-source (ingest) API. */
export async function ownerApiKey(base: string, token: string): Promise<string> {
  const authorization = `Bearer ${token}`;
  const accounts = await json<{ id: string }[]>(`${base}/api/accounts`, { headers: { authorization } });
  const accountId = accounts[0]?.id;
  if (!accountId) throw new Error('The owner has no account');
  const created = await json<{ key: string; isValid: boolean }>(
    `${base}/api/account/${accountId}/newApiKey`,
    {
      headers: { authorization },
    },
  );
  if (!created.isValid) throw new Error('No API key could be made');
  return created.key;
}

export interface Ingested {
  engineId: string;
  clientId: string;
  version: number;
  rowCount: number;
}

/**
 * `POST /api/datasource/parametric` (new engine) or `.../{engineId}` (new version), published at
 * once with the inferred (or kept) configuration.
 */
export async function ingest(
  base: string,
  apiKey: string,
  file: { name: string; bytes: Uint8Array },
  target: { newEngine: string } | { engineId: string },
): Promise<Ingested> {
  const form = new FormData();
  if ('newEngine' in target) form.set('searchEngineName', target.newEngine);
  form.set('file', new Blob([file.bytes]), file.name);
  const path = 'newEngine' in target ? 'datasource/parametric' : `datasource/parametric/${target.engineId}`;
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`Ingest of ${file.name}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Ingested;
}
