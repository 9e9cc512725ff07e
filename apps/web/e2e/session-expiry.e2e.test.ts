import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  chromiumAvailable,
  launchBrowser,
  recordNavigations,
  signInThroughPortal,
  submitProviderLogin,
} from './chromium.ts';
import { seedEngines } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 5: an expired session goes to login and, once signed in, returns to the page it was on.
const TOKENS_KEY = 'siteseer.tokens';
const PENDING_LOGIN_KEY = 'siteseer.login';

let portal: RunningPortal;
let browser: Browser;
let page: Page;
let credentials: { email: string; password: string };
let deepPath: string;

/** The stored session tokens of the page's origin (apps/web/src/session/token-store.ts). */
async function storedTokens(p: Page): Promise<{ refreshToken?: string; expiresAt: number } | null> {
  return p.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  }, TOKENS_KEY);
}

/** Rewrites the stored tokens: the access token expired a minute ago, the refresh token as given. */
async function expireTokens(p: Page, refreshToken?: string): Promise<void> {
  await p.evaluate(
    ({ key, refreshToken }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (!tokens) throw new Error('No tokens are stored');
      tokens.expiresAt = Date.now() - 60_000;
      if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
      localStorage.setItem(key, JSON.stringify(tokens));
    },
    { key: TOKENS_KEY, refreshToken },
  );
}

/** The provider's revocation of a refresh token, as the portal client (public, no secret). */
async function revokeRefreshToken(token: string): Promise<number> {
  const discovery = await fetch(`${portal.config.identity.issuer}/.well-known/openid-configuration`);
  const { revocation_endpoint: endpoint } = (await discovery.json()) as { revocation_endpoint: string };
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token,
      token_type_hint: 'refresh_token',
      client_id: portal.config.identity.portalClientId,
    }),
  });
  return response.status;
}

/** The paths of the URLs, a path repeated at once (a same-document history update) counted once. */
function pathsVisited(urls: readonly string[]): string[] {
  const paths = urls.map((url) => new URL(url).pathname);
  return paths.filter((path, index) => path !== paths[index - 1]);
}

/** The login address the portal must send the deep page to. */
const loginUrl = () => `${portal.base}/login?redirect=${encodeURIComponent(deepPath)}`;

async function openDeepPage(): Promise<void> {
  await page.goto(`${portal.base}${deepPath}`);
  await page.getByRole('heading', { name: 'Install Search: Docs Search Engine' }).waitFor();
}

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const owner = portal.api.credentials?.owner;
  if (!owner) throw new Error('The test server did not seed its logins');
  credentials = owner;
  const { docs } = await seedEngines(portal.base, portal.config, owner.email, owner.password);
  deepPath = `/engine/${encodeURIComponent(docs)}/install/`;
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await signInThroughPortal(page, portal.base, owner.email, owner.password);
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('an expired session in Chromium', () => {
  it('Given a deep page whose tokens expired and cannot be refreshed, when it is reloaded, then it goes to login with the page as redirect, and signing in returns to it', async () => {
    await openDeepPage();
    await expireTokens(page, 'not-a-refresh-token-the-provider-issued');
    // The provider's own session has ended too, so its sign-in page asks for the password.
    await browser.context.clearCookies();
    const navigations = recordNavigations(page);

    await page.reload();
    await page.getByLabel('Email').waitFor();
    expect(navigations.slice(0, 2)).toEqual([`${portal.base}${deepPath}`, loginUrl()]);
    // The provider's page is on the portal's origin: the sign-in in progress remembers the deep page.
    const pending = await page.evaluate((key) => sessionStorage.getItem(key), PENDING_LOGIN_KEY);
    expect(JSON.parse(pending ?? '{}').redirect).toBe(deepPath);
    expect(await storedTokens(page)).toBeNull();

    await submitProviderLogin(page, credentials.email, credentials.password);
    await page.waitForURL(`${portal.base}${deepPath}`);
    await page.getByRole('heading', { name: 'Install Search: Docs Search Engine' }).waitFor();
    const renewed = await storedTokens(page);
    expect(renewed?.expiresAt).toBeGreaterThan(Date.now());
  });

  it("Given a deep page whose grant was revoked through the provider, when its expired token is refreshed on reload, then it goes to login, and the provider's live session signs it in again and returns to the page", async () => {
    await openDeepPage();
    const refreshToken = (await storedTokens(page))?.refreshToken;
    if (!refreshToken) throw new Error('The portal stored no refresh token');
    expect(await revokeRefreshToken(refreshToken)).toBe(200);
    await expireTokens(page);
    const navigations = recordNavigations(page);

    await page.reload();
    // The provider's session (a cookie of its own, 14 days) still stands: no password is asked.
    await expect
      .poll(() => pathsVisited(navigations), { timeout: 15_000 })
      .toEqual([deepPath, '/login', '/auth/callback', deepPath]);
    expect(navigations[1]).toBe(loginUrl());
    await page.getByRole('heading', { name: 'Install Search: Docs Search Engine' }).waitFor();
    const renewed = await storedTokens(page);
    expect(renewed?.refreshToken).toBeTruthy();
    expect(renewed?.refreshToken).not.toBe(refreshToken);
    expect(renewed?.expiresAt).toBeGreaterThan(Date.now());
  });
});
