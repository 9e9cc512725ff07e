import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Actor, createEngine, keywordDraft, products, toCsv } from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { type Passed, startRecordingProxy } from './recording-proxy.ts';
import { json, runCli, tempConfigDir } from './run-cli.ts';

// `siteseer search` as a script runs it again and again (issue 39): the look-up of ENGINE is kept
// in the config directory, so a repeated search sends the public search alone; a kept look-up that
// no longer answers is looked up again; and the run loads no module the search does not use.
// The CLI talks to the real API through a proxy on 127.0.0.1 that records every request.

const suite = cliSuite({ env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
const HOOK = fileURLToPath(new URL('./loaded-modules-hook.ts', import.meta.url));

let site: Server;
let origin: string;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let keywordClient: string;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const PAGES: Record<string, string> = {
  '/': page('Moraine notes', '<p>Notes.</p><a href="/glacier">Ice</a>'),
  '/glacier': page('Glacier guide', '<p>A glacier crossing needs a rope and a guide.</p>'),
};

beforeAll(async () => {
  site = createServer((req, res) => {
    const html = PAGES[req.url ?? ''];
    if (html === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  proxy = await startRecordingProxy(suite.tenants.server.base);

  // A keyword engine of the site, crawled and published by the API's crawl loop.
  const created = await suite.as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    'Moraine notes',
    '--url',
    `${origin}/`,
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
  keywordClient = json(created).clientId;
  const watched = await suite.as(suite.tenants.ownerA, [
    'crawl',
    'watch',
    'Moraine notes',
    '--interval',
    '0.2',
  ]);
  expect(watched.code, watched.stderr).toBe(0);
});
afterAll(async () => {
  await proxy?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** The CLI as `who`, through the proxy, with a config dir of its own (where look-ups are kept). */
function viaProxy(who: Actor, configDir: string, args: string[], env: Record<string, string> = {}) {
  return runCli(args, {
    configDir,
    cwd: suite.work,
    env: { SITESEER_SERVER: proxy.base, SITESEER_TOKEN: who.token, ...env },
  });
}

/** A request's path without its query. */
const pathOf = (p: Passed) => new URL(p.path, 'http://proxy').pathname;

/** The portal API calls and the public search calls among the requests a run sent. */
const portalCalls = (passed: Passed[]) => passed.filter((p) => p.path.startsWith('/api/'));
const searchCalls = (passed: Passed[]) => passed.filter((p) => p.path.startsWith('/search/'));

async function createParametric(name: string, rows: number): Promise<string> {
  const file = join(suite.work, `${name.replaceAll(' ', '-')}-${rows}.csv`);
  await writeFile(file, toCsv(products(rows)));
  const created = await suite.as(suite.tenants.ownerA, [
    'engines',
    'create',
    'parametric',
    '--name',
    name,
    '--file',
    file,
    '--account',
    suite.tenants.accountA,
    '--publish',
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
  return json(created).clientId;
}

describe('siteseer search keeps the look-up of ENGINE', () => {
  it('Given a keyword engine searched once, when the search is repeated, then it sends the public search alone', async () => {
    const configDir = await tempConfigDir();
    proxy.take();
    const first = await viaProxy(suite.tenants.ownerA, configDir, [
      'search',
      'Moraine notes',
      'glacier',
      '--json',
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(json(first).hits[0].url).toBe(`${origin}/glacier`);
    const looked = proxy.take();
    expect(portalCalls(looked).map((p) => pathOf(p))).toEqual(['/api/searchengines', '/api/clients']);
    expect(searchCalls(looked).map((p) => pathOf(p))).toEqual([`/search/${keywordClient}/keyword`]);

    // The look-up is kept next to the credentials, readable by its owner only, without the token.
    const file = join(configDir, 'engine-lookups.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).not.toContain(suite.tenants.ownerA.token);

    const second = await viaProxy(suite.tenants.ownerA, configDir, [
      'search',
      'Moraine notes',
      'glacier',
      '--json',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(proxy.take().map((p) => `${p.method} ${pathOf(p)} ${p.status}`)).toEqual([
      `GET /search/${keywordClient}/keyword 200`,
    ]);
  });

  it('Given a look-up kept by one person, when another searches with the same config dir, then they look the engine up themselves', async () => {
    const configDir = await tempConfigDir();
    expect(
      (await viaProxy(suite.tenants.ownerA, configDir, ['search', 'Moraine notes', 'glacier', '--json']))
        .code,
    ).toBe(0);
    proxy.take();
    const admin = await viaProxy(suite.tenants.adminA, configDir, [
      'search',
      'Moraine notes',
      'glacier',
      '--json',
    ]);
    expect(admin.code, admin.stderr).toBe(0);
    expect(portalCalls(proxy.take())).toHaveLength(2);
  });

  it('Given a kept look-up of a deleted engine whose name a new engine took, then the search looks it up again (404) and answers from the new one', async () => {
    const configDir = await tempConfigDir();
    const oldClient = await createParametric('Moraine parts', 3);
    const before = await viaProxy(suite.tenants.ownerA, configDir, ['search', 'Moraine parts', '', '--json']);
    expect(json(before).total).toBe(3);

    const deleted = await suite.as(suite.tenants.ownerA, [
      'engines',
      'delete',
      'Moraine parts',
      '--confirm',
      'Moraine parts',
    ]);
    expect(deleted.code, deleted.stderr).toBe(0);
    const newClient = await createParametric('Moraine parts', 5);
    proxy.take();

    const after = await viaProxy(suite.tenants.ownerA, configDir, ['search', 'Moraine parts', '', '--json']);
    expect(after.code, after.stderr).toBe(0);
    expect(json(after).total).toBe(5);
    const passed = proxy.take();
    // The kept client answered 404 (configuration and query, sent together), once each; then the
    // engine was looked up again and the new client searched.
    const byClient = (client: string) =>
      searchCalls(passed)
        .filter((p) => p.path.startsWith(`/search/${client}/`))
        .map((p) => `${p.method} ${pathOf(p).replace(client, 'C')} ${p.status}`)
        .sort();
    expect(byClient(oldClient)).toEqual(['GET /search/C/config 404', 'POST /search/C/query 404']);
    expect(portalCalls(passed)).toHaveLength(2);
    expect(byClient(newClient)).toEqual(['GET /search/C/config 200', 'POST /search/C/query 200']);

    // The new look-up is kept: the next search goes to the new client straight away.
    expect(
      (await viaProxy(suite.tenants.ownerA, configDir, ['search', 'Moraine parts', 'x', '--json'])).code,
    ).toBe(0);
    expect(proxy.take().every((p) => p.path.startsWith(`/search/${newClient}/`))).toBe(true);
  });

  it('Given an engine with nothing published, then exit 1 as before and nothing is kept', async () => {
    await createEngine(
      suite.tenants.server,
      suite.tenants.ownerA,
      keywordDraft(suite.tenants.accountA, 'Bare moraine'),
    );
    const configDir = await tempConfigDir();
    const result = await viaProxy(suite.tenants.ownerA, configDir, ['search', 'Bare moraine', 'x']);
    expect([result.code, result.stderr]).toEqual([
      1,
      'error: \'Bare moraine\' has nothing published to search yet. Search answers once a crawl is published: follow it with `siteseer crawl watch "Bare moraine"`.\n',
    ]);
    await expect(stat(join(configDir, 'engine-lookups.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('siteseer search loads what the search uses', () => {
  /** The modules a run loaded (file URLs, workspace paths made relative), via a preloaded hook. */
  async function modulesOf(configDir: string, args: string[]): Promise<string[]> {
    const list = join(configDir, 'modules.txt');
    await rm(list, { force: true });
    const result = await viaProxy(suite.tenants.ownerA, configDir, args, {
      NODE_OPTIONS: `--import=${HOOK}`,
      LOADED_MODULES_FILE: list,
    });
    expect(result.code, result.stderr).toBe(0);
    return (await readFile(list, 'utf8')).split('\n').filter(Boolean);
  }

  /** Modules of a package (by its node_modules path) or of a workspace file. */
  const of = (modules: string[], part: string) => modules.filter((url) => url.includes(part));

  it('Given a kept look-up, when a script searches, then neither Ink, React, openid-client, the keyring nor core’s portal client is loaded', async () => {
    const configDir = await tempConfigDir();
    const args = ['search', 'Moraine notes', 'glacier', '--json'];
    const lookingUp = await modulesOf(configDir, args);
    // The first search looks the engine up: core's index and its portal client load then, which
    // also shows that the hook sees what a run loads.
    expect(of(lookingUp, '/packages/core/src/api/api-client.ts')).toHaveLength(1);

    const kept = await modulesOf(configDir, args);
    for (const part of [
      '/node_modules/ink/',
      '/node_modules/react/',
      '/node_modules/openid-client/',
      '/node_modules/@napi-rs/keyring',
      '/node_modules/cli-table3/',
      '/packages/core/src/index.ts',
      '/packages/core/src/api/api-client.ts',
      '/apps/cli/src/commands/engines/resolve-engine.ts',
    ]) {
      expect(of(kept, part), part).toEqual([]);
    }
    // What it does load: the public search client of core, and zod for the answer's validation.
    expect(of(kept, '/packages/core/src/api/public-search-client.ts')).toHaveLength(1);
    expect(of(kept, '/node_modules/zod/').length).toBeGreaterThan(0);
  });
});
