import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { portalRoutes } from './portal.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(dist: string) {
  const app = Fastify();
  app.setNotFoundHandler(await portalRoutes(app, dist));
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const html = { accept: 'text/html' };

describe('the portal files', () => {
  it('given a build made while the server runs, then its index and new assets are served at once', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    made.push(dist);
    const app = await serve(dist);
    // Not built yet: the client routes and assets are problem+json 404s, the API answers.
    const before = await app.inject({ url: '/engine/keyword', headers: html });
    expect(before.statusCode).toBe(404);
    expect(before.headers['content-type']).toContain('application/problem+json');
    expect((await app.inject({ url: '/api/ping' })).json()).toEqual({ ok: true });

    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Siteseer</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'main-3f2a.js'), 'console.log(1)');
    const route = await app.inject({ url: '/engine/keyword', headers: html });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Siteseer</title>');
    // The root and directories are client-side routes too, not directory listings (nor 403s).
    for (const url of ['/', '/assets', '/assets/']) {
      const page = await app.inject({ url, headers: html });
      expect([url, page.statusCode, page.body]).toEqual([url, 200, expect.stringContaining('<title>')]);
    }
    expect((await app.inject({ url: '/assets/' })).statusCode).toBe(404);
    const asset = await app.inject({ url: '/assets/main-3f2a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    // A missing asset, an unknown API path and a server path asking for HTML stay 404s.
    expect((await app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/api/nothing', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect((await app.inject({ url: '/../../etc/passwd' })).statusCode).not.toBe(200);
    await app.close();
  });
});
