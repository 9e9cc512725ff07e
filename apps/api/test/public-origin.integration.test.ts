import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// The server listens on 127.0.0.1; its public URL names it `localhost`, as `pnpm start` does.
let server: TestServer;
let port: number;
let behindTls: TestServer;

beforeAll(async () => {
  [server, behindTls] = await Promise.all([
    startTestServer({ publicUrl: (p) => `http://localhost:${p}` }),
    startTestServer({ publicUrl: () => 'https://search.example.test' }),
  ]);
  port = server.config.port;
});
afterAll(async () => {
  await Promise.all([server?.close(), behindTls?.close()]);
});

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** One request to `to` (no redirect followed), with the Host header a browser would send. */
function send(
  to: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: to.config.port, method, path, headers },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? 'email=a%40b.test' : undefined);
  });
}

describe('pages opened on another origin than the public URL', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/engine/e1/install?tab=2&x=%C3%A9'],
    ['GET', '/auth/callback?code=c&state=s'],
    ['HEAD', '/login'],
    ['GET', '/interaction/some-uid'],
    ['GET', '/oidc/auth?client_id=siteseer-portal&response_type=code'],
    ['GET', '/auth/forgot-password'],
    ['GET', '/auth/set-password?token=t'],
  ])(
    'given %s %s from a browser on 127.0.0.1, then it is sent to the same path on the public URL',
    async (method, path) => {
      const answer = await send(server, method, path, { host: `127.0.0.1:${port}`, accept: HTML });
      expect(answer).toEqual({ status: 307, location: `http://localhost:${port}${path}` });
    },
  );

  it.each([
    ['GET', '/api/profile/me', HTML, 401],
    ['GET', '/api/parametric/preview?clientId=none', HTML, 404],
    ['GET', '/widget/siteseer-unknown.js', HTML, 404],
    ['GET', '/search/none/config', 'application/json', 404],
    ['GET', '/healthz', HTML, 200],
    ['GET', '/config.json', 'application/json', 200],
    ['GET', '/oidc/.well-known/openid-configuration', 'application/json', 200],
    ['GET', '/login', 'application/json', 404],
    ['POST', '/auth/forgot-password', HTML, 200],
  ])(
    'given %s %s (accept %s) on 127.0.0.1, then it is answered there (%i)',
    async (method, path, accept, status) => {
      const headers: Record<string, string> = { host: `127.0.0.1:${port}`, accept };
      if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
      const answer = await send(server, method, path, headers);
      expect(answer).toEqual({ status, location: undefined });
    },
  );

  it('given the public host itself, then pages are served, not redirected', async () => {
    for (const path of ['/auth/forgot-password', '/oidc/auth?client_id=siteseer-portal']) {
      const answer = await send(server, 'GET', path, { host: `LOCALHOST:${port}`, accept: HTML });
      expect(answer.status).not.toBe(307);
    }
  });

  it('given a TLS proxy in front, then the forwarded host decides, and a proxy that forwards none is not redirected (no loop)', async () => {
    const forwarded = await send(behindTls, 'GET', '/auth/forgot-password?x=1', {
      host: `127.0.0.1:${behindTls.config.port}`,
      'x-forwarded-host': 'www.search.example.test',
      'x-forwarded-proto': 'https',
      accept: HTML,
    });
    expect(forwarded).toEqual({
      status: 307,
      location: 'https://search.example.test/auth/forgot-password?x=1',
    });
    const rightHost = await send(behindTls, 'GET', '/auth/forgot-password', {
      host: `127.0.0.1:${behindTls.config.port}`,
      'x-forwarded-host': 'search.example.test',
      accept: HTML,
    });
    expect(rightHost).toEqual({ status: 200, location: undefined });
    const upstreamHost = await send(behindTls, 'GET', '/auth/forgot-password', {
      host: `127.0.0.1:${behindTls.config.port}`,
      accept: HTML,
    });
    expect(upstreamHost).toEqual({ status: 200, location: undefined });
  });
});
