import { discoverPortalClient, portalSignIn } from '@siteseer/test-support/sign-in';
import { json } from './http-client.ts';
import type { Credentials } from './server-process.ts';

/**
 * Signs in as the portal does (authorization code + PKCE through the embedded provider's login
 * form), as the test suites do, and answers the access token.
 */
export async function signIn(base: string, login: Credentials): Promise<string> {
  const client = await discoverPortalClient(`${base}/oidc`, 'siteseer-portal');
  return (await portalSignIn(client, base, login.email, login.password)).access_token;
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
