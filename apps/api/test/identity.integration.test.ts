import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser, formAction } from './browser.ts';
import { cliSignIn } from './cli-sign-in.ts';
import { api, portalClient, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Opens the portal's sign-in (code + PKCE) in a fresh browser and posts the login form. */
async function attemptLogin(email: string, password: string): Promise<{ page: string; posted: Response }> {
  const client = await portalClient(server);
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: `${server.base}/auth/callback`,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
  });
  const browser = new CookieBrowser();
  const page = await (await browser.follow(url, server.base)).response.text();
  const posted = await browser.post(new URL(formAction(page) ?? '', server.base), { email, password });
  return { page, posted };
}

function decodeJwt(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}

describe('the embedded identity provider', () => {
  it('publishes discovery with the /oidc endpoints and the device flow', async () => {
    const response = await fetch(`${server.base}/oidc/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${server.base}/oidc`);
    expect(discovery.token_endpoint).toBe(`${server.base}/oidc/token`);
    expect(discovery.device_authorization_endpoint).toBe(`${server.base}/oidc/device/auth`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('given the seeded owner, when signing in with code + PKCE, then a JWT access token for the API carries email, name and groups', async () => {
    const owner = server.credentials?.owner;
    expect(owner).toBeDefined();
    const tokens = await signIn(server, owner?.email ?? '', owner?.password ?? '');
    expect(tokens.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe(`${server.base}/api`);
    expect(claims.email).toBe(owner?.email);
    expect(claims.name).toBe('Demo Owner');
    expect(claims.groups).toEqual([]);
    expect(JSON.parse(Buffer.from(tokens.access_token.split('.')[0] ?? '', 'base64url').toString()).typ).toBe(
      'at+jwt',
    );
    const me = await api(server, tokens.access_token, 'GET', 'profile/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(owner?.email);
    expect(me.body.isBZAdmin).toBe(false);
  });

  it('given the super admin, when signed in, then the profile says isBZAdmin', async () => {
    const admin = server.credentials?.superAdmin;
    const tokens = await signIn(server, admin?.email ?? '', admin?.password ?? '');
    expect(decodeJwt(tokens.access_token).groups).toEqual(['siteseer-admins']);
    const me = await api(server, tokens.access_token, 'GET', 'profile/me');
    expect(me.body.isBZAdmin).toBe(true);
  });

  it('given a wrong password, when signing in, then the login page says Bad login information', async () => {
    const { page, posted } = await attemptLogin(server.credentials?.owner.email ?? '', 'not the password');
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('Need help logging in?');
    expect(posted.status).toBe(401);
    expect(await posted.text()).toContain('Bad login information');
  });

  it('given a refresh token, when it is used twice, then the second use fails and revokes the grant', async () => {
    const owner = server.credentials?.owner;
    const tokens = await signIn(server, owner?.email ?? '', owner?.password ?? '');
    const client = await portalClient(server);
    const first = await oidc.refreshTokenGrant(client, tokens.refresh_token ?? '');
    expect(first.refresh_token).toBeTruthy();
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token ?? '')).rejects.toThrow();
    // Reuse of a consumed token revoked the whole grant: the rotated token is dead too.
    await expect(oidc.refreshTokenGrant(client, first.refresh_token ?? '')).rejects.toThrow();
  });

  it('given the CLI, when the device flow is approved on the verification page, then the CLI gets tokens', async () => {
    const owner = server.credentials?.owner;
    const { tokens, userCode, pages } = await cliSignIn(server, owner?.email ?? '', owner?.password ?? '');
    expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(pages.input).toContain('<label for="user_code">Code</label>');
    expect(pages.confirm).toContain(userCode);
    expect(pages.login).toContain('Sign in to the Siteseer CLI.');
    expect(pages.done).toContain('is signed in');
    expect(decodeJwt(tokens.access_token).email).toBe(owner?.email);
    expect((await api(server, tokens.access_token, 'GET', 'accounts')).status).toBe(200);
  });

  it('given a token for another audience or none at all, when calling the API, then 401', async () => {
    expect((await api(server, undefined, 'GET', 'accounts')).status).toBe(401);
    expect((await api(server, 'not-a-jwt', 'GET', 'accounts')).status).toBe(401);
    // An ID token is signed by the same issuer but its audience is the portal client, not the API.
    const owner = server.credentials?.owner;
    const tokens = await signIn(server, owner?.email ?? '', owner?.password ?? '');
    const refused = await api(server, tokens.id_token, 'GET', 'accounts');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it('given five failed sign-ins for one login from one address, when it is tried again from there, then 429 until the window ends', async () => {
    // Not a seeded login: a fresh address whose count starts at zero.
    const email = 'throttle@siteseer.test';
    for (let i = 0; i < 5; i++) expect((await attemptLogin(email, 'wrong')).posted.status).toBe(401);
    const { posted } = await attemptLogin(email, 'wrong');
    expect(posted.status).toBe(429);
    expect(posted.headers.get('retry-after')).toBe('900');
    expect(await posted.text()).toContain('Too many failed sign-ins');
  });
});

describe('server endpoints', () => {
  it('serves /healthz, /config.json and /api/openapi.json', async () => {
    expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: 'ok' });
    const config = (await (await fetch(`${server.base}/config.json`)).json()) as Record<string, string>;
    expect(config.issuer).toBe(`${server.base}/oidc`);
    expect(config.forgotPasswordUrl).toBe(`${server.base}/auth/forgot-password`);
    // The user menu's knowledge base is the portal's documentation unless one is configured, and
    // there is no training link until one is (SITESEER_TRAINING_URL).
    expect(config.knowledgeBaseUrl).toBe(`${server.base}/documentation`);
    expect(config).not.toHaveProperty('trainingUrl');
    const openapi = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toContain('/api/account/{id}/users');
  });

  it('answers unknown paths with a problem document', async () => {
    const response = await fetch(`${server.base}/api/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
