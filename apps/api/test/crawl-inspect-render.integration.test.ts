import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING } from '../src/crawler/render/index.ts';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// The URL inspector of an engine that renders JavaScript (issue 38): the page is rendered in
// Chromium as the crawl renders it (the crawler's fetch for each of its requests, the site's
// sign-in, the refused addresses said in the crawl report's words), and nothing is stored. No
// crawl runs here (the servers have no crawl loop): each inspection fetches the site itself.

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JS = { 'content-type': 'text/javascript' };
const TOKEN = 'tok-staff-9d41b7';

/** A single-page app's shell: its title says it is loading, its script writes the rest. */
const appShell = (script: string) =>
  answer(
    200,
    `<!doctype html><html lang="en"><head><title>Loading the app</title></head><body><main id="app">Loading…</main><script src="${script}"></script></body></html>`,
    HTML,
  );

/** A server on 127.0.0.2, another loopback address than the site's, which the crawler may not reach. */
async function startInternal() {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    res
      .writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
      .end('secret wallaby');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.2:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let internal: Awaited<ReturnType<typeof startInternal>>;
let site: FixtureSite;
/** A site behind a login: every request without the staff token is answered 401. */
let staff: FixtureSite;
const staffSeen: IncomingHttpHeaders[] = [];

function siteRoutes() {
  return {
    '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
    '/app': appShell('/app.js'),
    '/app.js': answer(
      200,
      "fetch('/api/animal.json').then((r) => r.json()).then((a) => { document.title = a.name + ' care'; document.getElementById('app').textContent = 'Our ' + a.name + ' eats leaves.'; });",
      JS,
    ),
    '/api/animal.json': answer(200, JSON.stringify({ name: 'quokka' }), {
      'content-type': 'application/json',
    }),
    '/prying': appShell('/prying.js'),
    '/prying.js': answer(
      200,
      `fetch('${internal.origin}/secret').then((r) => r.text()).then((text) => { document.getElementById('app').textContent = text; }, () => { document.getElementById('app').textContent = 'Nothing to see.'; });`,
      JS,
    ),
    '/hanging': appShell('/never.js'),
    // Answered never: the page's load event never comes.
    '/never.js': () => undefined,
  };
}

function staffRoutes() {
  const staffOnly =
    (serve: (req: IncomingMessage, res: ServerResponse) => void) =>
    (req: IncomingMessage, res: ServerResponse) => {
      staffSeen.push(req.headers);
      if (req.headers['x-staff-token'] === TOKEN) serve(req, res);
      else res.writeHead(401, { 'content-type': 'text/plain' }).end('sign in first');
    };
  return {
    '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
    '/': staffOnly(appShell('/staff.js')),
    '/staff.js': staffOnly(
      answer(
        200,
        "fetch('/api/animal.json').then((r) => r.json()).then((a) => { document.getElementById('app').textContent = 'The staff animal is the ' + a.name + '.'; });",
        JS,
      ),
    ),
    '/api/animal.json': staffOnly(
      answer(200, JSON.stringify({ name: 'numbat' }), { 'content-type': 'application/json' }),
    ),
  };
}

/** An engine of `sites` whose crawler is saved (rendering JavaScript or not) and not crawled. */
async function engineOf(server: Tenants, name: string, sites: string[], renderJavaScript: boolean) {
  const created = await createEngine(
    server.server,
    server.ownerA,
    keywordDraft(server.accountA, name, { urls: sites }),
  );
  const saved = await api(server.server, server.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: server.accountA,
    engineId: created.documentId,
    urls: sites,
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    renderJavaScript,
    recreate: true,
  });
  expect(saved.status).toBe(200);
  return created.documentId;
}

/** Every row of the crawl's tables, in order: what an inspection must leave as it was. */
async function crawlTables(server: Tenants) {
  const read = async (sql: string) => (await server.server.store.query(sql)).rows;
  return {
    crawlers: await read('SELECT * FROM crawlers ORDER BY account_id, engine_id'),
    urls: await read('SELECT * FROM crawl_urls ORDER BY account_id, engine_id, id'),
    pages: await read('SELECT account_id, engine_id, run_id, url_key FROM crawl_pages ORDER BY 1, 2, 3, 4'),
  };
}

let t: Tenants;
let plain: string;
let rendered: string;

const inspect = (engineId: string, url: string, on: Tenants = t) =>
  api(on.server, on.ownerA.token, 'POST', 'datasource/crawler/inspect', {
    accountId: on.accountA,
    engineId,
    url,
  });

beforeAll(async () => {
  internal = await startInternal();
  site = await startFixtureSite(siteRoutes());
  staff = await startFixtureSite(staffRoutes());
});
afterAll(async () => {
  await Promise.all([site?.close(), staff?.close(), internal?.close()]);
});

// Chromium's start and each page's render take seconds on a busy machine.
describe('the URL inspector of an engine that renders JavaScript', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await startWithTenants({
      env: {
        SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
        SITESEER_RENDER_TIMEOUT_SECONDS: '3',
        SITESEER_SECRETS_KEY: randomBytes(32).toString('base64'),
      },
    });
    plain = await engineOf(t, 'Plain animals', [`${site.origin}/`], false);
    rendered = await engineOf(t, 'Rendered animals', [`${site.origin}/`], true);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
  });

  it('given a page whose script writes its title and text, then they are in the inspection with rendering on only', async () => {
    const asFetched = await inspect(plain, `${site.origin}/app`);
    expect(asFetched.status).toBe(200);
    expect(asFetched.body).toMatchObject({
      rendering: 'off',
      title: 'Loading the app',
      excerpt: 'Loading…',
      reasons: [],
      notes: [],
    });

    const asRendered = await inspect(rendered, `${site.origin}/app`);
    expect(asRendered.status).toBe(200);
    expect(asRendered.body).toMatchObject({
      indexable: true,
      rendering: 'rendered',
      status: 200,
      title: 'quokka care',
      excerpt: 'Our quokka eats leaves.',
      wordCount: 4,
      reasons: [],
      notes: [],
    });
  });

  it('given a rendered page that fetches a private address, then the request is refused and said as the crawl report says it', async () => {
    // The address answers: what keeps the page from it is the crawler's policy, not the network.
    expect(await (await fetch(`${internal.origin}/probe`)).text()).toBe('secret wallaby');
    internal.hits.length = 0;

    const { body } = await inspect(rendered, `${site.origin}/prying`);
    expect(body).toMatchObject({
      indexable: true,
      rendering: 'rendered',
      excerpt: 'Nothing to see.',
      reasons: [],
      notes: [`The page tried to load a private address (${internal.origin}/secret), which was refused.`],
    });
    expect(internal.hits).toEqual([]);
  });

  it('given a page that does not load within the render timeout, then that is the reason and nothing is read', async () => {
    const { body } = await inspect(rendered, `${site.origin}/hanging`);
    expect(body).toMatchObject({
      indexable: false,
      rendering: 'timeout',
      status: 200,
      title: null,
      wordCount: null,
      reasons: ['The page did not finish loading in the browser within 3 s, so it was not read.'],
    });
  });

  it("given a site behind a login, then the rendered page's own requests sign in to it as the crawl's do", async () => {
    const sites = [`${staff.origin}/`];
    const engineId = await engineOf(t, 'Staff animals', sites, true);
    const set = await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler/credentials', {
      accountId: t.accountA,
      engineId,
      site: sites[0],
      signIn: { kind: 'header', name: 'X-Staff-Token', value: TOKEN },
    });
    expect(set.status).toBe(200);
    staffSeen.length = 0;

    const { body } = await inspect(engineId, `${staff.origin}/`);
    // The word is in the answer the script fetched: read only when the browser's request signed in.
    expect(body).toMatchObject({
      indexable: true,
      rendering: 'rendered',
      excerpt: 'The staff animal is the numbat.',
    });
    expect(staffSeen.map((headers) => headers['x-staff-token'])).toEqual(staffSeen.map(() => TOKEN));
    expect(staffSeen).toHaveLength(3);
    expect(JSON.stringify(body)).not.toContain(TOKEN);
  });

  it('given rendered inspections, then nothing of the crawl is written', async () => {
    const before = await crawlTables(t);
    for (const path of ['/app', '/prying', '/nowhere']) await inspect(rendered, `${site.origin}${path}`);
    expect(await crawlTables(t)).toEqual(before);
  });
});

describe('the URL inspector on a server without Chromium', () => {
  let bare: Tenants;
  beforeAll(async () => {
    bare = await startWithTenants({
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1', SITESEER_CHROMIUM_PATH: '/nonexistent/chromium' },
    });
  }, 60_000);
  afterAll(async () => {
    await bare?.server.close();
  });

  it('given an engine that renders JavaScript, then the page is read as fetched and the missing Chromium is the reason', async () => {
    const engineId = await engineOf(bare, 'Moved animals', [`${site.origin}/`], false);
    // Rendering was turned on where Chromium was (the setting stays on when the server moves).
    await bare.server.store.query('UPDATE crawlers SET render_javascript = true WHERE engine_id = $1', [
      engineId,
    ]);

    const { status, body } = await inspect(engineId, `${site.origin}/app`, bare);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      indexable: false,
      rendering: 'unavailable',
      title: 'Loading the app',
      excerpt: 'Loading…',
      reasons: [`It was read without rendering: ${CHROMIUM_MISSING}`],
    });
  });
});
