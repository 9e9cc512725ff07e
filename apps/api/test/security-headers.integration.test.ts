import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser, formAction } from './browser.ts';
import {
  ingestEngine,
  portalClient,
  requireBuiltPortalAndWidget,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

let server: TestServer;
let clientId: string;

beforeAll(async () => {
  requireBuiltPortalAndWidget();
  server = await startTestServer();
  const owner = server.credentials?.owner;
  const { access_token: token } = await signIn(server, owner?.email ?? '', owner?.password ?? '');
  ({ clientId } = await ingestEngine(server, token, 'Headers catalogue', toCsv(products(5))));
});
afterAll(async () => {
  await server?.close();
});

/** The Content-Security-Policy as directive → sources. */
function csp(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  if (!header) throw new Error(`No Content-Security-Policy on ${response.url}`);
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** The inline scripts and styles of a page that its policy would refuse (by hash or nonce). */
function refusedInline(html: string, policy: Map<string, string[]>): string[] {
  const refused: string[] = [];
  for (const [, tag, attributes, body] of html.matchAll(/<(script|style)([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (!tag || /\ssrc=/.test(attributes ?? '')) continue;
    const sources = policy.get(`${tag}-src`) ?? policy.get('default-src') ?? [];
    const hash = `'sha256-${createHash('sha256')
      .update(body ?? '')
      .digest('base64')}'`;
    const nonce = /\snonce="([^"]+)"/.exec(attributes ?? '')?.[1];
    if (!sources.includes(hash) && !(nonce && sources.includes(`'nonce-${nonce}'`)))
      refused.push(`${tag}: ${body}`);
  }
  return refused;
}

function expectCommonHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

function expectUnframeable(response: Response): void {
  expect(csp(response).get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

const html = { accept: 'text/html,application/xhtml+xml' };

describe('security headers by kind of response', () => {
  it('given a portal route, then its page may run only its own files, and no other site may frame it', async () => {
    const response = await fetch(`${server.base}/engine/e1/install`, { headers: html });
    const page = await response.text();
    expect(page).toContain('<div id="root">');
    const policy = csp(response);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(refusedInline(page, policy)).toEqual([]);
    expectUnframeable(response);
    expectCommonHeaders(response);
  });

  it('given the sign-in, forgot-password, device code and logout pages, then their inline style and script are allowed by hash and nothing else inline', async () => {
    const client = await portalClient(server);
    const authUrl = oidc.buildAuthorizationUrl(client, {
      redirect_uri: `${server.base}/auth/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new CookieBrowser();
    const signInPage = (await browser.follow(authUrl, server.base)).response;
    const forgot = await fetch(`${server.base}/auth/forgot-password`, { headers: html });
    const logout = await fetch(
      `${server.base}/oidc/session/end?client_id=${server.config.identity.portalClientId}`,
      { headers: html },
    );
    const device = await fetch(`${server.base}/oidc/device`, { headers: html });
    for (const [response, inline] of [
      [signInPage, '<style>'],
      [forgot, '<style>'],
      [device, 'name="user_code"'],
      [logout, '<script>'],
    ] as const) {
      const page = await response.text();
      expect(page).toContain(inline);
      const policy = csp(response);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')?.join(' ')).not.toMatch(/unsafe|'self'/);
      expect(policy.get('style-src')?.join(' ')).not.toMatch(/unsafe|'self'/);
      expect(refusedInline(page, policy)).toEqual([]);
      expectUnframeable(response);
      expectCommonHeaders(response);
    }
  });

  it("given the provider's own form_post answer, then the hash of its script is added to the policy", async () => {
    const owner = server.credentials?.owner;
    const client = await portalClient(server);
    const redirectUri = `${server.base}/auth/callback`;
    const authUrl = (mode: Record<string, string>) =>
      oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        ...mode,
      });
    const browser = new CookieBrowser();
    const login = await browser.follow(authUrl({}), server.base);
    const action = formAction(await login.response.text()) ?? '';
    const posted = await browser.post(new URL(action, server.base), {
      email: owner?.email ?? '',
      password: owner?.password ?? '',
    });
    await browser.follow(posted.headers.get('location') ?? '', server.base, (url) =>
      url.href.startsWith(redirectUri),
    );
    const formPost = (await browser.follow(authUrl({ response_mode: 'form_post' }), server.base)).response;
    const page = await formPost.text();
    expect(page).toContain(`action="${redirectUri}"`);
    expect(page).toContain('<script>');
    expect(refusedInline(page, csp(formPost))).toEqual([]);
    expectUnframeable(formPost);
  });

  it('given the preview page, then its widget tag and styles carry a nonce of this answer only, and only our own pages may frame it', async () => {
    const url = `${server.base}/api/parametric/preview?clientId=${clientId}`;
    const first = await fetch(url, { headers: html });
    const page = await first.text();
    const policy = csp(first);
    const nonce = /<script src="[^"]+siteseer-widget\.js"[^>]* nonce="([^"]+)"/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy.get('script-src')).toEqual([`'nonce-${nonce}'`]);
    expect(policy.get('style-src')).toEqual([`'nonce-${nonce}'`]);
    expect(policy.get('connect-src')).toEqual([server.base]);
    expect(refusedInline(page, policy)).toEqual([]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(first.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expectCommonHeaders(first);
    const second = await fetch(url, { headers: html });
    expect(csp(second).get('script-src')).not.toEqual([`'nonce-${nonce}'`]);
  });

  it("given the widget script, then customers' pages may load it (cross-origin resource policy) and it is never sniffed", async () => {
    const response = await fetch(`${server.base}/widget/siteseer-widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(csp(response).get('default-src')).toEqual(["'none'"]);
    expectCommonHeaders(response);
    await response.arrayBuffer();
  });

  it('given the API and the public search runtime, then their JSON loads nothing; the search runtime stays loadable from other origins', async () => {
    const portalApi = await fetch(`${server.base}/api/openapi.json`);
    expect(portalApi.headers.get('content-type')).toContain('application/json');
    expect(csp(portalApi).get('default-src')).toEqual(["'none'"]);
    expectUnframeable(portalApi);
    expect(portalApi.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expectCommonHeaders(portalApi);
    // Read to the end: an answer left unread holds its connection open (and the server's close).
    await portalApi.arrayBuffer();

    const search = await fetch(`${server.base}/search/${clientId}/config`, {
      headers: { origin: 'https://shop.example.test' },
    });
    expect(search.status).toBe(200);
    expect(search.headers.get('access-control-allow-origin')).toBe('*');
    expect(search.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(csp(search).get('default-src')).toEqual(["'none'"]);
    expectCommonHeaders(search);
  });
});

describe('Strict-Transport-Security', () => {
  it('given an https public URL (a TLS proxy in front), then every answer tells browsers to keep to https', async () => {
    const behindTls = await startTestServer({ publicUrl: (port) => `https://localhost:${port}` });
    try {
      for (const path of ['/healthz', '/auth/forgot-password', '/login']) {
        const response = await fetch(`${behindTls.base}${path}`, { headers: html });
        expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
      }
    } finally {
      await behindTls.close();
    }
  });
});
