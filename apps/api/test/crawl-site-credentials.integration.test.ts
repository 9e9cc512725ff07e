import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineCredentials } from '../src/crawler/credentials/index.ts';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { SecretBox } from '../src/secrets/index.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, htmlPage, search, until } from './keyword-fixture.ts';

// Sites behind a login (issue 38): each start site's sign-in (Basic, a header, cookies) is sent to
// that site's origin only, never to another site of the engine nor after a redirect elsewhere, and
// no answer of the API carries it.

const BASIC = { user: 'alice', password: 'pw-basic-7f3a91' };
const TOKEN = 'tok-header-52c6e0';
const COOKIE = { name: 'session', value: 'ck-cookie-a81d44' };
const SECRETS = [BASIC.password, TOKEN, COOKIE.value];
const BASIC_TOKEN = Buffer.from(`${BASIC.user}:${BASIC.password}`).toString('base64');

/** A site that answers its pages only to requests that `signedIn`, 401 otherwise; it keeps every request's headers. */
function guardedSite(word: string, signedIn: (headers: IncomingHttpHeaders) => boolean, extra = '') {
  const seen: IncomingHttpHeaders[] = [];
  const page = (title: string, body: string) => {
    const serve = htmlPage(title, body);
    return (req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers);
      if (!signedIn(req.headers)) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="staff"', 'content-type': 'text/plain' });
        res.end('sign in first');
        return;
      }
      serve(req, res);
    };
  };
  const routes = {
    '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
    '/': page(`${word} home`, `<p>Staff pages.</p><a href="/private">Private</a>${extra}`),
    '/private': page(`${word} handbook`, `<p>The ${word} handbook is for staff only.</p>`),
  };
  return { routes, seen };
}

const basic = guardedSite(
  'quokka',
  (h) => h.authorization === `Basic ${BASIC_TOKEN}`,
  '<a href="/away">Away</a>',
);
const header = guardedSite('axolotl', (h) => h['x-staff-token'] === TOKEN);
const cookie = guardedSite('capybara', (h) => (h.cookie ?? '').includes(`${COOKIE.name}=${COOKIE.value}`));

let t: Tenants;
let basicSite: FixtureSite;
let headerSite: FixtureSite;
let cookieSite: FixtureSite;
/** Another origin the Basic site redirects to: it must never see a sign-in. */
let elsewhere: FixtureSite;
const elsewhereSeen: IncomingHttpHeaders[] = [];

describe('a crawl of sites behind a login', () => {
  beforeAll(async () => {
    elsewhere = await startFixtureSite({
      '/landing': (req, res) => {
        elsewhereSeen.push(req.headers);
        htmlPage('Landing', '<p>Elsewhere.</p>')(req, res);
      },
    });
    basicSite = await startFixtureSite({
      ...basic.routes,
      '/away': answer(302, '', { location: `${elsewhere.origin}/landing` }),
    });
    headerSite = await startFixtureSite(header.routes);
    cookieSite = await startFixtureSite(cookie.routes);
    // PostgreSQL deployments must set the key; the embedded store's would do without.
    t = await startWithTenants({
      ...CRAWLING,
      env: { ...CRAWLING.env, SITESEER_SECRETS_KEY: randomBytes(32).toString('base64') },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await Promise.all([basicSite, headerSite, cookieSite, elsewhere].map((site) => site?.close()));
  });

  it("given a site behind a login that renders JavaScript, then the page's own requests sign in too", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const staffOnly =
      (serve: (req: IncomingMessage, res: ServerResponse) => void) =>
      (req: IncomingMessage, res: ServerResponse) => {
        seen.push(req.headers);
        if (req.headers['x-staff-token'] === TOKEN) serve(req, res);
        else res.writeHead(401, { 'content-type': 'text/plain' }).end('sign in first');
      };
    const app = await startFixtureSite({
      '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
      '/': staffOnly(
        answer(
          200,
          '<!doctype html><html lang="en"><head><title>Staff app</title></head><body><main id="app">Loading…</main><script src="/app.js"></script></body></html>',
          { 'content-type': 'text/html; charset=utf-8' },
        ),
      ),
      '/app.js': staffOnly(
        answer(
          200,
          "fetch('/api/animal.json').then((r) => r.json()).then((a) => { document.getElementById('app').textContent = 'The staff animal is the ' + a.name + '.'; });",
          { 'content-type': 'text/javascript' },
        ),
      ),
      '/api/animal.json': staffOnly(
        answer(200, JSON.stringify({ name: 'numbat' }), { 'content-type': 'application/json' }),
      ),
    });
    try {
      const site = `${app.origin}/`;
      const engine = await createEngine(
        t.server,
        t.ownerA,
        keywordDraft(t.accountA, 'Staff app', { urls: [site] }),
      );
      const set = await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler/credentials', {
        accountId: t.accountA,
        engineId: engine.documentId,
        site,
        signIn: { kind: 'header', name: 'X-Staff-Token', value: TOKEN },
      });
      expect(set.status).toBe(200);
      await crawl(engine.documentId, [site], 'published', { renderJavaScript: true });
      // The word is in the answer the script fetched: read only when the browser's request signed in.
      const found = await search(t.server, engine.clientId, { q: 'numbat' });
      expect(found.body.hits.map((hit: { title: string }) => hit.title)).toEqual(['Staff app']);
      expect(seen.map((headers) => headers['x-staff-token'])).toEqual(seen.map(() => TOKEN));
      expect(seen.length).toBeGreaterThanOrEqual(3);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('given each site its sign-in, then every site is crawled signed in, each sign-in only to its own site', async () => {
    const sites = [basicSite, headerSite, cookieSite].map((site) => `${site.origin}/`);
    const engine = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Staff sites', { urls: sites }),
    );
    const engineId = engine.documentId;
    const signIns = [
      { site: sites[0], signIn: { kind: 'basic', ...BASIC } },
      { site: sites[1], signIn: { kind: 'header', name: 'X-Staff-Token', value: TOKEN } },
      { site: sites[2], signIn: { kind: 'cookie', cookies: [COOKIE, { name: 'theme', value: 'dark' }] } },
    ];
    const answers: unknown[] = [];
    for (const { site, signIn } of signIns) {
      const set = await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler/credentials', {
        accountId: t.accountA,
        engineId,
        site,
        signIn,
      });
      expect(set.status).toBe(200);
      answers.push(set.body);
    }
    expect(answers).toEqual([
      expect.objectContaining({ site: sites[0], kind: 'basic', set: true, label: 'alice' }),
      expect.objectContaining({ site: sites[1], kind: 'header', set: true, label: 'X-Staff-Token' }),
      expect.objectContaining({ site: sites[2], kind: 'cookie', set: true, label: 'session, theme' }),
    ]);

    const report = await crawl(engineId, sites);
    for (const q of ['quokka', 'axolotl', 'capybara']) {
      const found = await search(t.server, engine.clientId, { q });
      expect(found.body.hits.map((hit: { title: string }) => hit.title).sort(), q).toEqual([
        `${q} handbook`,
        `${q} home`,
      ]);
    }
    expect(rowsOf(report)[`${basicSite.origin}/private`]).toEqual([CRAWL_STATUS.SUCCESS, undefined]);

    // Each site saw its own sign-in on every request, and never another site's.
    expect(basic.seen.length).toBeGreaterThan(0);
    for (const headers of basic.seen) {
      expect(headers.authorization).toBe(`Basic ${BASIC_TOKEN}`);
      expect([headers['x-staff-token'], headers.cookie]).toEqual([undefined, undefined]);
    }
    for (const headers of header.seen) {
      expect(headers['x-staff-token']).toBe(TOKEN);
      expect([headers.authorization, headers.cookie]).toEqual([undefined, undefined]);
    }
    for (const headers of cookie.seen) {
      expect(headers.cookie).toBe(`${COOKIE.name}=${COOKIE.value}; theme=dark`);
      expect([headers.authorization, headers['x-staff-token']]).toEqual([undefined, undefined]);
    }
    // The redirect to another origin was followed without the sign-in.
    expect(elsewhereSeen.length).toBeGreaterThan(0);
    for (const headers of elsewhereSeen) {
      expect([headers.authorization, headers.cookie, headers['x-staff-token']]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }

    // No answer carries a secret: the list, the engine's settings, the report, the inspector.
    const listed = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `datasource/crawler/credentials?accountId=${t.accountA}&engineId=${engineId}`,
    );
    expect(
      listed.body.credentials.map((c: { site: string; kind: string; set: boolean }) => [
        c.site,
        c.kind,
        c.set,
      ]),
    ).toEqual(
      [
        [sites[0], 'basic', true],
        [sites[1], 'header', true],
        [sites[2], 'cookie', true],
      ].sort(),
    );
    const settings = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engineId}?accountId=${t.accountA}`,
    );
    const inspected = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/inspect', {
      accountId: t.accountA,
      engineId,
      url: `${basicSite.origin}/private`,
    });
    expect(inspected.body).toMatchObject({ status: 200, title: 'quokka handbook', indexable: true });
    for (const body of [...answers, listed.body, settings.body, report, inspected.body]) {
      const text = JSON.stringify(body);
      for (const secret of [...SECRETS, BASIC_TOKEN]) expect(text).not.toContain(secret);
    }

    // At rest the sign-ins are sealed, not plaintext; another key cannot open them, and says so.
    const { rows } = await t.server.store.query<{ sealed: string }>(
      'SELECT sealed FROM crawl_site_credentials WHERE engine_id = $1',
      [engineId],
    );
    expect(rows).toHaveLength(3);
    for (const { sealed } of rows) {
      expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      for (const secret of [...SECRETS, BASIC.user]) expect(sealed).not.toContain(secret);
    }
    const wrongKey = await loadEngineCredentials(
      t.server.store,
      new SecretBox(randomBytes(32)),
      t.accountA,
      engineId,
    );
    expect(wrongKey.forSite(sites[0] as string)).toEqual({
      error: expect.stringMatching(/^The sign-in for this site cannot be used\. .*sealed with another key/),
    });
  });

  it('given no sign-in, then the site answers 401 and the report says so; its pages are not found', async () => {
    const site = `${basicSite.origin}/`;
    const engine = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Signed out', { urls: [site] }),
    );
    const report = await crawl(engine.documentId, [site], 'failed');
    const home = report.hits.hits.find((hit) => hit.url === site);
    expect(home?.status).not.toBe(CRAWL_STATUS.SUCCESS);
    expect(JSON.stringify(home)).toContain('401');
  });

  it('given a sign-in removed, then the list no longer has it and the crawl is signed out', async () => {
    const site = `${headerSite.origin}/`;
    const engine = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Removed', { urls: [site] }),
    );
    const body = { accountId: t.accountA, engineId: engine.documentId, site };
    const set = await api(t.server, t.ownerA.token, 'PUT', 'datasource/crawler/credentials', {
      ...body,
      signIn: { kind: 'header', name: 'X-Staff-Token', value: TOKEN },
    });
    expect(set.status).toBe(200);
    const removed = await api(t.server, t.ownerA.token, 'DELETE', 'datasource/crawler/credentials', body);
    expect(removed.body).toEqual({ site, removed: true });
    const listed = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `datasource/crawler/credentials?accountId=${t.accountA}&engineId=${engine.documentId}`,
    );
    expect(listed.body).toEqual({ credentials: [] });
  });

  it('given a site that is not the engine’s, a reserved header or a member who may not edit, then it is refused', async () => {
    const site = `${basicSite.origin}/`;
    const engine = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Refusals', { urls: [site] }),
    );
    const put = (token: string, extra: object) =>
      api(t.server, token, 'PUT', 'datasource/crawler/credentials', {
        accountId: t.accountA,
        engineId: engine.documentId,
        site,
        signIn: { kind: 'basic', ...BASIC },
        ...extra,
      });
    const elsewhereSite = await put(t.ownerA.token, { site: `${elsewhere.origin}/` });
    expect(elsewhereSite.status).toBe(400);
    expect(elsewhereSite.body.detail).toContain("is not one of this engine's sites");
    const reserved = await put(t.ownerA.token, { signIn: { kind: 'header', name: 'Host', value: 'x' } });
    expect(reserved.status).toBe(400);
    const userOfA = await put(t.userA.token, {});
    expect(userOfA.status).toBe(403);
    for (const refused of [elsewhereSite, reserved, userOfA]) {
      expect(JSON.stringify(refused.body)).not.toContain(BASIC.password);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL server without SITESEER_SECRETS_KEY', () => {
  let keyless: Tenants;
  beforeAll(async () => {
    keyless = await startWithTenants();
  }, 60_000);
  afterAll(async () => {
    await keyless?.server.close();
  });

  it('given a sign-in to save, then it is refused (409) saying how to set the key, and nothing is stored', async () => {
    const site = 'https://staff.example/';
    const engine = await createEngine(
      keyless.server,
      keyless.ownerA,
      keywordDraft(keyless.accountA, 'Keyless', { urls: [site] }),
    );
    const refused = await api(keyless.server, keyless.ownerA.token, 'PUT', 'datasource/crawler/credentials', {
      accountId: keyless.accountA,
      engineId: engine.documentId,
      site,
      signIn: { kind: 'basic', ...BASIC },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/has no secrets key.*set SITESEER_SECRETS_KEY to 32 random bytes/);
    const { rows } = await keyless.server.store.query('SELECT site FROM crawl_site_credentials');
    expect(rows).toEqual([]);
  });
});

/** The report's rows by URL: status and reason. */
function rowsOf(report: CrawlReportResponse): Record<string, [number, string | undefined]> {
  return Object.fromEntries(report.hits.hits.map((hit) => [hit.url, [hit.status, hit.reason]]));
}

/** Starts the engine's crawler on `sites` and waits for the run to end (published, or failed). */
async function crawl(
  engineId: string,
  sites: string[],
  end: 'published' | 'failed' = 'published',
  settings: { renderJavaScript?: boolean } = {},
) {
  const started = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId,
    urls: sites,
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
    ...settings,
  });
  expect(started.status).toBe(200);
  return until(
    `the crawl to be ${end}`,
    async () => {
      const answered = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
        accountId: t.accountA,
        engineId,
        resultSize: 100,
      });
      const body = answered.body as CrawlReportResponse;
      if (end === 'failed') return body.state === 'failed' ? body : undefined;
      return body.state === 'finished' && body.publication?.publishedRunId ? body : undefined;
    },
    60_000,
  );
}
