import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations, type Browser, launchBrowser, signInThroughPortal } from './chromium.ts';
import { type ApiSession, apiSession } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

/** A site served on 127.0.0.1 for the crawler. */
export interface Site {
  origin: string;
  close(): Promise<void>;
}

/** A page of a served site: its body text alone (titled by its path), or its title and body text. */
export type SitePage = string | { title: string; body: string };

/**
 * A small site of real HTML on 127.0.0.1: a home page linking its pages (by title), each page a
 * heading and a paragraph. Text is the test's own, put in as HTML unescaped.
 */
export async function serveSite(title: string, pages: Record<string, SitePage>): Promise<Site> {
  const entries = Object.entries(pages).map(([path, page]) =>
    typeof page === 'string'
      ? { path, title: path.slice(1), body: page, link: path }
      : { path, title: page.title, body: page.body, link: page.title },
  );
  const links = entries.map((page) => `<a href="${page.path}">${page.link}</a>`).join(' ');
  const html = (heading: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${heading}</title></head><body><main><h1>${heading}</h1>${body}</main></body></html>`;
  const routes: Record<string, string> = { '/': html(title, `<nav>${links}</nav>`) };
  for (const page of entries) routes[page.path] = html(page.title, `<p>${page.body}</p>`);
  const server: Server = createServer((req, res) => {
    const page = routes[req.url ?? '/'];
    if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** No WCAG 2 A/AA violation in the light and dark themes; leaves the page in the light one. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${what}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The keyword wizard's step tab of that name (its number may precede the name). */
export const wizardStep = (page: Page, name: string) =>
  page.getByRole('tab', { name: new RegExp(`^\\d*\\s*${name}$`) });

/** The wizard's step region comes first; a step may hold a region of the same name (Tabs). */
export const wizardRegion = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).first();

/** The crawled URLs of the engine with their status codes, from the crawl report call. */
export async function crawled(session: ApiSession, engineId: string): Promise<Record<string, number>> {
  const report = await session.call('POST', 'datasource/crawler/report', {
    accountId: session.accountId,
    engineId,
    fromIndex: 0,
    resultSize: 100,
    searchTerm: '',
  });
  if (report.status !== 200) throw new Error(`report: ${JSON.stringify(report.body)}`);
  const hits = report.body.hits.hits as { url: string; status: number }[];
  return Object.fromEntries(hits.map((hit) => [hit.url, hit.status]));
}

/** The id of the account's keyword engine of that name. */
export async function keywordEngineId(session: ApiSession, name: string): Promise<string> {
  const engines = await session.call('GET', 'searchengines?type=kw');
  const id = (engines.body as { id: string; searchEngineName: string }[]).find(
    (engine) => engine.searchEngineName === name,
  )?.id;
  if (!id) throw new Error(`No keyword engine '${name}': ${JSON.stringify(engines.body)}`);
  return id;
}

/** A portal whose crawl loop runs and may crawl 127.0.0.1, with the seeded owner signed in. */
export interface CrawlingPortal {
  portal: RunningPortal;
  browser: Browser;
  owner: Page;
  ownerApi: ApiSession;
  close(): Promise<void>;
}

export async function startCrawlingPortal(): Promise<CrawlingPortal> {
  const portal = await startPortal({
    env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
    crawlTiming: { recrawlCheckMs: 100, pageTimeoutMs: 2000 },
  });
  const seeded = portal.api.credentials?.owner;
  if (!seeded) throw new Error('The test server did not seed its logins');
  const ownerApi = await apiSession(portal.base, portal.config, seeded.email, seeded.password);
  const browser = await launchBrowser();
  const owner = await browser.context.newPage();
  await signInThroughPortal(owner, portal.base, seeded.email, seeded.password);
  return {
    portal,
    browser,
    owner,
    ownerApi,
    close: async () => {
      await browser.close();
      await portal.close();
    },
  };
}
