import { setTimeout as sleep } from 'node:timers/promises';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrantCheck, GRANT_CHECK_CACHE_MS } from '../src/auth/grant-check.ts';
import { createOidcAdapter } from '../src/identity/oidc-adapter.ts';
import { CookieBrowser, formAction, hiddenInput } from './browser.ts';
import { cliClient, cliSignIn } from './cli-sign-in.ts';
import { api, portalClient, startTestServer, type TestServer } from './harness.ts';
import { portalSignIn } from './portal-sign-in.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function owner(): { email: string; password: string } {
  const login = server.credentials?.owner;
  if (!login) throw new Error('The test server seeded no demo owner');
  return login;
}

async function status(token: string): Promise<number> {
  return (await api(server, token, 'GET', 'profile/me')).status;
}

/**
 * Calls the API with `token` until it answers 401, failing when that takes longer than the grant
 * cache of the process allows (plus a margin for the calls themselves). Answers the 401's detail.
 */
async function refusedWithinCacheWindow(token: string): Promise<string> {
  const deadline = Date.now() + GRANT_CHECK_CACHE_MS + 1_500;
  for (;;) {
    const answer = await api(server, token, 'GET', 'profile/me');
    if (answer.status === 401) return String(answer.body?.detail);
    expect(answer.status).toBe(200);
    if (Date.now() > deadline)
      throw new Error(`Still ${answer.status} ${GRANT_CHECK_CACHE_MS + 1_500} ms after`);
    await sleep(100);
  }
}

/** A portal sign-in in a browser of its own, which keeps the provider's session cookie. */
async function portalSession() {
  const browser = new CookieBrowser();
  const tokens = await portalSignIn(
    await portalClient(server),
    server.base,
    owner().email,
    owner().password,
    browser,
  );
  return { browser, tokens };
}

describe('ending a sign-in ends API access at once', () => {
  it('given two portal sessions and a CLI, when one portal session logs out, then its access token is refused, its browser must sign in again, and the others still work', async () => {
    const leaving = await portalSession();
    const staying = await portalSession();
    // Approved in the leaving browser, so its sign-in skipped the login page.
    const cli = await cliSignIn(server, owner().email, owner().password, leaving.browser);
    expect(cli.pages.login).not.toContain('name="password"');
    expect(await status(leaving.tokens.access_token)).toBe(200);

    // The portal's logout: the end-session page, whose form the page submits by itself.
    const client = await portalClient(server);
    const endSession = oidc.buildEndSessionUrl(client, {
      id_token_hint: leaving.tokens.id_token ?? '',
      post_logout_redirect_uri: `${server.base}/login`,
    });
    const page = await (await leaving.browser.follow(endSession, server.base)).response.text();
    const confirmed = await leaving.browser.post(new URL(formAction(page) ?? '', server.base), {
      xsrf: hiddenInput(page, 'xsrf') ?? '',
      logout: hiddenInput(page, 'logout') ?? '',
    });
    expect(confirmed.headers.get('location')).toBe(`${server.base}/login`);

    expect(await refusedWithinCacheWindow(leaving.tokens.access_token)).toBe(
      'This sign-in has ended (signed out or revoked). Sign in again.',
    );
    expect(await status(staying.tokens.access_token)).toBe(200);
    expect(await status(cli.tokens.access_token)).toBe(200);

    const again = oidc.buildAuthorizationUrl(client, {
      redirect_uri: `${server.base}/auth/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const signInAgain = await leaving.browser.follow(again, server.base);
    expect(signInAgain.url.pathname).toMatch(/^\/interaction\//);
    expect(await signInAgain.response.text()).toContain('name="password"');
  });

  it('given two portal sessions, when one revokes its refresh token, then its access token is refused and the other still works', async () => {
    const revoked = await portalSession();
    const other = await portalSession();
    expect(await status(revoked.tokens.access_token)).toBe(200);

    await oidc.tokenRevocation(await portalClient(server), revoked.tokens.refresh_token ?? '', {
      token_type_hint: 'refresh_token',
    });

    await refusedWithinCacheWindow(revoked.tokens.access_token);
    expect(await status(other.tokens.access_token)).toBe(200);
  });

  it('given the CLI and the portal signed in, when the CLI logs out (revokes its refresh token), then only the CLI token is refused', async () => {
    const cli = await cliSignIn(server, owner().email, owner().password);
    const portal = await portalSession();
    expect(await status(cli.tokens.access_token)).toBe(200);

    await oidc.tokenRevocation(await cliClient(server), cli.tokens.refresh_token ?? '', {
      token_type_hint: 'refresh_token',
    });

    await refusedWithinCacheWindow(cli.tokens.access_token);
    expect(await status(portal.tokens.access_token)).toBe(200);
    await expect(
      oidc.refreshTokenGrant(await cliClient(server), cli.tokens.refresh_token ?? ''),
    ).rejects.toThrow();
  });
});

describe('the grant check of one process', () => {
  it('given a grant found once, when it is deleted, then the process trusts the old answer for the cache window only', async () => {
    const grants = new (createOidcAdapter(server.store))('Grant');
    await grants.upsert('grant-check-test', { kind: 'Grant', jti: 'grant-check-test', accountId: 'a' }, 60);
    let now = 1_000_000;
    const grantExists = createGrantCheck(server.store, { cacheMs: 2_000, now: () => now });
    expect(await grantExists('grant-check-test')).toBe(true);

    await grants.destroy('grant-check-test');
    now += 1_999;
    expect(await grantExists('grant-check-test')).toBe(true);
    now += 1;
    expect(await grantExists('grant-check-test')).toBe(false);
    expect(await grantExists('never-issued')).toBe(false);
  });
});
