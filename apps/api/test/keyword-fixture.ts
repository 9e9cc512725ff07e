import {
  answer,
  type FixtureSite,
  type Route,
  startFixtureSite,
} from '../src/crawler/rules/fixture-site.test-kit.ts';
import { type Actor, createEngine, keywordDraft, type Tenants } from './actors.ts';
import { api, type TestServer } from './harness.ts';

// Keyword engines made the way customers make them: a site served on 127.0.0.1, crawled by the
// API's own crawl loop, published, then searched through the public calls.

/** The server settings a crawling test server needs (the crawl loop on, loopback allowed). */
export const CRAWLING = {
  env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
  crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 2000 },
};

/** An HTML page of the fixture sites: a title, a category (custom tag) and a body. */
export function htmlPage(title: string, body: string, category = ''): Route {
  const meta = category ? `<meta name="category" content="${category}">` : '';
  return answer(
    200,
    `<!doctype html><html lang="en"><head><title>${title}</title>${meta}</head><body><main>${body}</main></body></html>`,
    { 'content-type': 'text/html; charset=utf-8' },
  );
}

/** A site: a home page linking every other path, and those pages. */
export function siteOf(pages: Record<string, Route>): Record<string, Route> {
  const links = Object.keys(pages)
    .map((path) => `<a href="${path}">${path}</a>`)
    .join(' ');
  return { '/': htmlPage('Home', `<p>Welcome.</p><nav>${links}</nav>`), ...pages };
}

/**
 * The electronics shop site most keyword tests search: products (tag 'product'), documentation
 * (tag 'documentation', under /docs/), a blog and a support page; each page is written for the
 * behaviour its test checks.
 */
export const SHOP_PAGES: Record<string, Route> = {
  '/products/resistor-100': htmlPage(
    'Resistor 100 Ω',
    '<p>A carbon film resistor rated 100 Ω. This resistor suits general circuits.</p>',
    'product',
  ),
  '/products/capacitor': htmlPage(
    'Ceramic capacitor',
    '<p>A ceramic capacitor for decoupling power rails.</p>',
    'product',
  ),
  '/docs/resistor-guide': htmlPage(
    'Choosing a resistor',
    '<p>Divide the voltage drop by the current of the LED.</p>',
    'documentation',
  ),
  '/docs/soldering': htmlPage(
    'Soldering basics',
    '<p>Heat the joint with the iron, then feed the solder wire.</p>',
    'documentation',
  ),
  '/blog/bench-notes': htmlPage('Notes from the bench', '<p>She runs the tests every morning.</p>'),
  '/blog/escaping': htmlPage(
    'Escaping markup',
    '<p>Never paste &lt;script&gt;alert(1)&lt;/script&gt; into a template.</p>',
  ),
  '/blog/quick-fox': htmlPage('Typing practice', '<p>The quick brown fox jumps over the lazy dog.</p>'),
  '/blog/colours': htmlPage('Colour names', '<p>A fox can be red, grey or brown.</p>'),
  '/support/contact': htmlPage('Contact us', '<p>Our helpdesk answers questions about orders.</p>'),
};

export interface CrawledEngine {
  engineId: string;
  clientId: string;
  name: string;
  site: FixtureSite;
  /** The pages the site serves (without its home page). */
  pages: Record<string, Route>;
  /** What the site answers, read on every request: `addPages` changes it. */
  routes: Record<string, Route>;
}

/** The site gains pages (linked from its home page): the next crawl finds them. */
export function addPages(engine: CrawledEngine, pages: Record<string, Route>): void {
  Object.assign(engine.pages, pages);
  Object.assign(engine.routes, siteOf(engine.pages));
}

/** Polls until `ready` answers something, for at most `ms`. */
export async function until<T>(what: string, ready: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The engine's crawler row: its state and the run published. */
export async function crawlerState(server: TestServer, accountId: string, engineId: string) {
  const { rows } = await server.store.query<{
    state: string;
    run_id: string;
    published_run_id: string | null;
    run_finished_at: Date | null;
  }>(
    `SELECT state, run_id::text, published_run_id::text, run_finished_at FROM crawlers
     WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  return rows[0];
}

/** Starts a crawl of the engine's site (a new run) and waits until it is published. */
export async function crawlAndPublish(
  server: TestServer,
  token: string,
  accountId: string,
  engine: { engineId: string; site: FixtureSite },
): Promise<void> {
  const before = await crawlerState(server, accountId, engine.engineId);
  const started = await api(server, token, 'POST', 'datasource/crawler', {
    accountId,
    engineId: engine.engineId,
    urls: [`${engine.site.origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    customTagsSelector: 'meta[name=category]',
    customTagsAttributeName: 'content',
    recreate: true,
  });
  if (started.status !== 200) throw new Error(`Starting the crawl failed: ${JSON.stringify(started.body)}`);
  await until('the crawl to be published', async () => {
    const state = await crawlerState(server, accountId, engine.engineId);
    if (state?.state === 'failed') throw new Error('The crawl failed');
    const published = state?.published_run_id;
    return state?.state === 'finished' && published !== null && published !== before?.published_run_id
      ? true
      : undefined;
  });
}

/** A keyword engine of account A made from `pages`, crawled and published. */
export async function crawledEngine(
  t: Tenants,
  name: string,
  pages: Record<string, Route>,
  who: Actor = t.ownerA,
  accountId: string = t.accountA,
): Promise<CrawledEngine> {
  const served = { ...pages };
  const routes = siteOf(served);
  const site = await startFixtureSite(routes);
  const created = await createEngine(
    t.server,
    who,
    keywordDraft(accountId, name, { urls: [`${site.origin}/`] }),
  );
  const engine = {
    engineId: created.documentId,
    clientId: created.clientId,
    name,
    site,
    pages: served,
    routes,
  };
  await crawlAndPublish(t.server, who.token, accountId, engine);
  return engine;
}

/** A public keyword search; the answer's status, body and headers. */
export async function search(
  server: TestServer,
  clientId: string,
  params: Record<string, string | number | boolean> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await fetch(`${server.base}/search/${clientId}/keyword?${query}`, { headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The paths of a search's hits, in rank order (URLs relative to the site). */
export function pathsOf(body: { hits: { url: string }[] }, site: FixtureSite): string[] {
  return body.hits.map((hit) => hit.url.replace(site.origin, ''));
}

/** Replaces the client's keyword settings (`PUT client/{id}/settings`), defaults for what is left out. */
export async function setClientSettings(
  server: TestServer,
  token: string,
  clientId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const saved = await api(server, token, 'PUT', `client/${clientId}/settings`, { type: 'kw', settings });
  if (saved.status !== 200) throw new Error(`Saving client settings failed: ${JSON.stringify(saved.body)}`);
}

/** Replaces the engine's wizard settings (`PUT searchengines/{id}`): synonyms, character mapping... */
export async function setEngineSettings(
  server: TestServer,
  token: string,
  accountId: string,
  engine: CrawledEngine,
  settings: Record<string, unknown>,
): Promise<void> {
  const saved = await api(
    server,
    token,
    'PUT',
    `searchengines/${engine.engineId}`,
    keywordDraft(accountId, engine.name, {
      id: engine.engineId,
      urls: [`${engine.site.origin}/`],
      ...settings,
    }),
  );
  if (saved.status !== 200) throw new Error(`Saving engine settings failed: ${JSON.stringify(saved.body)}`);
}
