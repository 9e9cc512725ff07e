import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRAWL_STATUS, type CrawlReportResponse } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING } from '../src/crawler/render/index.ts';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';
import { CRAWLING, search, until } from './keyword-fixture.ts';

// JavaScript-rendered pages (issue 38): an engine that renders JavaScript reads its pages after
// their scripts ran, in Chromium, whose every request goes through the crawler's address policy.

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JS = { 'content-type': 'text/javascript' };

/** A page whose text is all written by its script, from an API answer of the site. */
const appShell = (title: string, script: string) =>
  answer(
    200,
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main id="app">Loading…</main><script src="${script}"></script></body></html>`,
    HTML,
  );

/** A server on 127.0.0.2, another loopback address than the site's, which the crawler may not reach. */
let internal: { origin: string; hits: string[]; close(): Promise<void> };
let site: FixtureSite;
/** Pages of the slow part of the site loading /slow.js at once, and the most there ever were. */
const slow = { now: 0, most: 0 };

function routes(): Record<string, (req: IncomingMessage, res: ServerResponse) => void> {
  const pages: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
    '/': answer(
      200,
      '<!doctype html><html lang="en"><head><title>Animal shop</title></head><body><main><p>Welcome.</p>' +
        '<a href="/app">App</a> <a href="/prying">Prying</a></main></body></html>',
      HTML,
    ),
    '/app': appShell('Animal app', '/app.js'),
    '/app.js': answer(
      200,
      "fetch('/api/animal.json').then((r) => r.json()).then((a) => { document.getElementById('app').textContent = 'Our ' + a.name + ' eats leaves.'; });",
      JS,
    ),
    '/api/animal.json': answer(200, JSON.stringify({ name: 'quokka' }), {
      'content-type': 'application/json',
    }),
    '/prying': appShell('Prying page', '/prying.js'),
    '/hanging': appShell('Hanging page', '/never.js'),
    // Answered never: the page's load event never comes.
    '/never.js': () => undefined,
  };
  for (let n = 0; n < 6; n += 1) pages[`/slow/${n}`] = appShell(`Slow ${n}`, `/slow.js?page=${n}`);
  return pages;
}

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

let t: Tenants;

// Chromium's start and each page's render take seconds on a busy machine.
describe('a crawl that renders JavaScript', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    internal = await startInternal();
    const pages = routes();
    pages['/prying.js'] = answer(
      200,
      `fetch('${internal.origin}/secret').then((r) => r.text()).then((text) => { document.getElementById('app').textContent = text; }, () => { document.getElementById('app').textContent = 'Nothing to see.'; });`,
      JS,
    );
    for (let n = 0; n < 6; n += 1) {
      pages[`/slow.js?page=${n}`] = (_req, res) => {
        slow.now += 1;
        slow.most = Math.max(slow.most, slow.now);
        setTimeout(() => {
          slow.now -= 1;
          res
            .writeHead(200, JS)
            .end(`document.getElementById('app').textContent = 'Slow page ${n} is kangaroo ${n}.';`);
        }, 400);
      };
    }
    site = await startFixtureSite(pages);
    t = await startWithTenants({
      ...CRAWLING,
      env: { ...CRAWLING.env, SITESEER_RENDER_PAGES: '2', SITESEER_RENDER_TIMEOUT_SECONDS: '10' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
    await internal?.close();
  });

  it('given a page whose text its script writes, then a word of it is found with rendering on only', async () => {
    const plain = await crawledEngine('Plain animals', ['/', '/app'], false);
    expect((await search(t.server, plain.clientId, { q: 'quokka' })).body.hits).toEqual([]);

    const rendered = await crawledEngine('Rendered animals', ['/', '/app'], true);
    const found = await search(t.server, rendered.clientId, { q: 'quokka' });
    expect(found.body.hits).toEqual([
      expect.objectContaining({ url: `${site.origin}/app`, title: 'Animal app', type: 'html' }),
    ]);
  });

  it('given a rendered page that fetches a private address, then the request is refused and the report says so', async () => {
    // The address answers: what keeps the page from it is the crawler's policy, not the network.
    expect(await (await fetch(`${internal.origin}/probe`)).text()).toBe('secret wallaby');
    internal.hits.length = 0;

    const engine = await crawledEngine('Prying animals', ['/prying'], true);
    expect(internal.hits).toEqual([]);
    expect(rowsOf(engine.report)[`${site.origin}/prying`]).toEqual([
      CRAWL_STATUS.SUCCESS,
      `The page tried to load a private address (${internal.origin}/secret), which was refused.`,
    ]);
    expect((await search(t.server, engine.clientId, { q: 'wallaby' })).body.hits).toEqual([]);
    expect((await search(t.server, engine.clientId, { q: 'nothing' })).body.hits).toHaveLength(1);
  });

  it('given a page that does not load within the render timeout, then it is recorded Timeout with the reason', async () => {
    const engine = await crawledEngine('Hanging animals', ['/hanging'], true, { unpublished: true });
    expect(rowsOf(engine.report)[`${site.origin}/hanging`]).toEqual([
      CRAWL_STATUS.TIMEOUT,
      'The page did not finish loading in the browser within 10 s, so it was not read.',
    ]);
  });

  it('given more pages than the pool renders at once, then at most that many load at once', async () => {
    slow.most = 0;
    const urls = Array.from({ length: 6 }, (_, n) => `/slow/${n}`);
    const engine = await crawledEngine('Slow animals', urls, true);
    expect(slow.most).toBe(2);
    const found = await search(t.server, engine.clientId, { q: 'kangaroo' });
    expect(found.body.hits).toHaveLength(6);
  });

  it('given this server, then the capabilities say pages can be rendered', async () => {
    const answered = await api(t.server, t.ownerA.token, 'GET', 'datasource/crawler/capabilities');
    expect(answered.body).toEqual({ renderJavaScript: { available: true, reason: null } });
  });
});

describe('a server without Chromium', () => {
  let bare: Tenants;
  beforeAll(async () => {
    bare = await startWithTenants({ env: { SITESEER_CHROMIUM_PATH: '/nonexistent/chromium' } });
  }, 60_000);
  afterAll(async () => {
    await bare?.server.close();
  });

  it('given rendering turned on, then the save is refused with the reason, which the capabilities give too', async () => {
    const created = await createEngine(
      bare.server,
      bare.ownerA,
      keywordDraft(bare.accountA, 'No browser', { urls: ['https://example.com/'] }),
    );
    const saved = await api(bare.server, bare.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: bare.accountA,
      engineId: created.documentId,
      urls: ['https://example.com/'],
      renderJavaScript: true,
      recreate: true,
    });
    expect(saved.status).toBe(400);
    expect(saved.body.detail).toBe(CHROMIUM_MISSING);
    const capabilities = await api(bare.server, bare.ownerA.token, 'GET', 'datasource/crawler/capabilities');
    expect(capabilities.body).toEqual({ renderJavaScript: { available: false, reason: CHROMIUM_MISSING } });
    const off = await api(bare.server, bare.ownerA.token, 'POST', 'datasource/crawler', {
      accountId: bare.accountA,
      engineId: created.documentId,
      urls: ['https://example.com/'],
      renderJavaScript: false,
      recreate: true,
    });
    expect(off.status).toBe(200);
  });
});

/** The report's rows by URL: status and reason. */
function rowsOf(report: CrawlReportResponse): Record<string, [number, string | undefined]> {
  return Object.fromEntries(report.hits.hits.map((hit) => [hit.url, [hit.status, hit.reason]]));
}

/**
 * An engine of the site's `paths`, rendering JavaScript or not, crawled to the end and published
 * (`unpublished`: to the end only).
 */
async function crawledEngine(
  name: string,
  paths: string[],
  renderJavaScript: boolean,
  options: { unpublished?: boolean } = {},
) {
  const urls = paths.map((path) => `${site.origin}${path}`);
  const created = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, name, { urls }));
  const started = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId: created.documentId,
    urls,
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    renderJavaScript,
    recreate: true,
  });
  expect(started.status).toBe(200);
  const report = await until(
    'the crawl to finish',
    async () => {
      const body = await reportOf(created.documentId);
      // A crawl none of whose pages was read fails: it is over all the same.
      const done = options.unpublished
        ? body.state !== 'crawling'
        : body.state === 'finished' && body.publication?.publishedRunId;
      return done ? body : undefined;
    },
    100_000,
  );
  return { engineId: created.documentId, clientId: created.clientId, report };
}

async function reportOf(engineId: string): Promise<CrawlReportResponse> {
  const answered = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId,
    resultSize: 100,
  });
  return answered.body;
}
