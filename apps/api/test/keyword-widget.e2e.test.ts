import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DIST } from '../src/routes/widget.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  htmlPage,
  setClientSettings,
} from './keyword-fixture.ts';

// The widget's keyword mode in Chromium, as a customer's visitor meets it: the install snippet on a
// page of another origin, a real API with a crawled and published keyword engine, the keyboard.

/**
 * 14 documentation pages and 4 blog posts about soldering: 'solder' fills two pages of 10. (The
 * paths leave the word out: the site's home page lists them, and must not match.)
 */
const PAGES = Object.fromEntries([
  ...Array.from({ length: 14 }, (_, i) => [
    `/docs/page-${i + 1}`,
    htmlPage(`Solder guide ${i + 1}`, `<p>Step ${i + 1}: heat the joint, then feed the solder wire.</p>`),
  ]),
  ...Array.from({ length: 4 }, (_, i) => [
    `/blog/post-${i + 1}`,
    htmlPage(`Solder stories ${i + 1}`, `<p>Week ${i + 1} at the bench: solder fumes and coffee.</p>`),
  ]),
]);
const TABS = [
  { tabName: 'docs', tabIcon: 'documentation', tabCategory: '*/docs/*' },
  { tabName: 'blog', tabIcon: 'blog', tabCategory: '*/blog/*' },
];

let t: Tenants;
let engine: CrawledEngine;
let browser: Browser;
const sites: Server[] = [];

const browserTests = chromiumAvailable();

/** The install page's keyword script (apps/web routes/install/keyword-snippet.ts), for this API. */
function keywordScript(clientId: string, redirectPage?: string): string {
  const base = t.server.config.publicUrl;
  const redirect = redirectPage ? ` data-siteseer-redirect-page="${redirectPage}"` : '';
  return (
    `<script src="${base}/widget/siteseer-widget.js" defer data-siteseer-client="${clientId}" ` +
    `data-siteseer-api="${base}" data-siteseer-input="#siteseer-search-input" ` +
    'data-siteseer-results-per-page="10" data-siteseer-placeholder="Search the guides" ' +
    'data-siteseer-no-results-text="Nothing found." data-siteseer-description-size="200" ' +
    `data-siteseer-url-rewriting="false"${redirect}></script>`
  );
}

const INPUT =
  '<input type="search" id="siteseer-search-input" placeholder="Search the guides" aria-label="Search the guides">';

/**
 * A customer's site on another origin: '/' has the search box in its header and no results (Enter
 * goes to '/results'); '/results' has the box and the results element.
 */
async function customerSite(clientId: string): Promise<string> {
  let origin = '';
  const site = createServer((request, response) => {
    const results = request.url?.startsWith('/results') ?? false;
    const head = keywordScript(clientId, `${origin}/results`);
    const body = `<header>${INPUT}</header><main><h1>${results ? 'Search' : 'Welcome'}</h1>${
      results ? '<div data-siteseer-results></div>' : '<p>Soldering supplies since 1990.</p>'
    }</main>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Parts</title>${head}</head><body>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sites.push(site);
  const address = site.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return origin;
}

const status = (page: Page) => page.locator('.siteseer [role=status]').textContent();
const titles = (page: Page) => page.locator('.siteseer-hit-title').allTextContents();
const focused = (page: Page) => page.locator(':focus');

beforeAll(async () => {
  if (!browserTests) return;
  const bundle = join(WIDGET_DIST, 'siteseer-widget.js');
  if (!existsSync(bundle))
    throw new Error(`The widget is not built (no ${bundle}): run \`pnpm build\` first.`);
  t = await startWithTenants(CRAWLING);
  engine = await crawledEngine(t, 'Solder guides', PAGES);
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  for (const site of sites) site.close();
  await engine?.site.close();
  await t?.server.close();
});

describe.runIf(browserTests)('the keyword widget on a customer page, in Chromium', () => {
  it('given the install snippet on another origin, then a visitor searches with the keyboard, changes tab and page, and a result click reaches the API', async () => {
    const site = await customerSite(engine.clientId);
    await setClientSettings(t.server, t.ownerA.token, engine.clientId, {
      useTabs: true,
      tabs: TABS,
      origin: site,
    });
    const page = await browser.newPage();
    // Every siteseer:results detail the page sees, across its navigations (page code as text: the
    // API's suites are typed for Node, not the DOM).
    await page.addInitScript({
      content:
        'window.siteseerResults = [];' +
        "document.addEventListener('siteseer:results', (event) => window.siteseerResults.push(event.detail));",
    });
    await page.goto(`${site}/`);
    const input = page.getByRole('combobox', { name: 'Search the guides' });
    await expect.poll(() => input.count()).toBe(1);

    // Tab reaches the box; typing offers page titles; the arrows walk them; Escape closes them.
    await page.keyboard.press('Tab');
    await expect(focused(page).getAttribute('id')).resolves.toBe('siteseer-search-input');
    await page.keyboard.type('solder gui');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.waitFor();
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('true');
    // The list hangs right under the page's own input (the widget places it; the page has no CSS).
    const [box, list] = await Promise.all([input.boundingBox(), listbox.boundingBox()]);
    expect(Math.abs((list?.y ?? 0) - ((box?.y ?? 0) + (box?.height ?? 0)))).toBeLessThan(1);
    expect(Math.abs((list?.x ?? 0) - (box?.x ?? 0))).toBeLessThan(1);
    expect(
      (await listbox.getByRole('option').allTextContents()).every((text) => text.startsWith('Solder guide')),
    ).toBe(true);
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');

    // Enter on a page without results goes to the redirect page, which searches its ?q=.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/results?q=solder`);
    await expect.poll(() => status(page)).toBe('18 results');
    await expect(page.getByRole('combobox', { name: 'Search the guides' }).inputValue()).resolves.toBe(
      'solder',
    );
    expect(await titles(page)).toHaveLength(10);
    const marks = await page.locator('.siteseer-snippet mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => /^solder/i.test(mark))).toBe(true);

    // The tabs, with counts; ArrowRight moves to Docs and shows its results.
    const tabs = page.getByRole('tab');
    await expect(tabs.allTextContents()).resolves.toEqual(['All (18)', 'Docs (14)', 'Blog (4)']);
    await page.getByRole('tab', { name: 'All (18)' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => status(page)).toBe('14 results');
    await expect(focused(page).textContent()).resolves.toBe('Docs (14)');
    await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toBe('Docs (14)');

    // Page 2 of Docs: 4 more, with the keyboard.
    const next = page.getByRole('button', { name: 'Next' });
    await next.focus();
    const firstPage = await titles(page);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await titles(page)).length).toBe(4);
    expect((await titles(page)).some((title) => firstPage.includes(title))).toBe(false);
    await expect(page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );

    // A click on a result: the beacon reaches the API and is recorded with the search it came from.
    const searchId = await page.evaluate('window.siteseerResults.at(-1).searchId');
    const target = (await titles(page))[1] ?? '';
    const link = page.getByRole('link', { name: target, exact: true });
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(href ?? '');
    await expect
      .poll(async () => {
        await t.server.state.recorder.flush();
        const { rows } = await t.server.store.query<{ url: string; position: number }>(
          'SELECT url, position FROM search_clicks WHERE account_id = $1 AND client_id = $2 AND search_id = $3',
          [t.accountA, engine.clientId, searchId],
        );
        return rows;
      })
      .toEqual([{ url: href, position: 12 }]);
    await page.close();
  });

  it('given crawled pages whose titles and text hold markup, then the widget shows them as text and marks only the query', async () => {
    const hostile = await crawledEngine(t, 'Hostile titles', {
      '/trap': htmlPage(
        '&lt;img src=x onerror=alert(1)&gt; Flux trap',
        '<p>Flux &lt;script&gt;alert(2)&lt;/script&gt; and &lt;/mark&gt;&lt;img src=y onerror=alert(3)&gt;.</p>',
      ),
    });
    try {
      const site = await customerSite(hostile.clientId);
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${site}/results?q=${encodeURIComponent('flux <img src=q onerror=alert(4)>')}`);
      await expect.poll(() => titles(page)).toEqual(['<img src=x onerror=alert(1)> Flux trap']);

      const snippet = page.locator('.siteseer-snippet');
      await expect(snippet.textContent()).resolves.toContain(
        'Flux <script>alert(2)</script> and </mark><img src=y onerror=alert(3)>.',
      );
      const marks = await snippet.locator('mark').allTextContents();
      expect(marks.every((mark) => /^(flux|img|src|onerror|alert)$/i.test(mark))).toBe(true);
      // Typed markup is offered nothing but page titles as text, too.
      const input = page.getByRole('combobox', { name: 'Search the guides' });
      await input.fill('');
      await input.pressSequentially('<img src=x');
      await page.getByRole('option').first().waitFor();
      await expect(page.getByRole('option').allTextContents()).resolves.toEqual([
        '<img src=x onerror=alert(1)> Flux trap',
      ]);
      await expect(page.locator('.siteseer img, .siteseer script, .siteseer b').count()).resolves.toBe(0);
      expect(dialogs).toEqual([]);
      await page.close();
    } finally {
      await hostile.site.close();
    }
  });

  it('given pages holding long unbroken paths, then on a phone the results and suggestions stay within the screen (was: the page scrolled sideways)', async () => {
    const path = String.raw`C:\Users\example\AppData\Local\Packages\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\LocalCache\test.txt`;
    const long = await crawledEngine(t, 'Long paths', {
      '/paths': htmlPage(`Zephyr ${path}`, `<p>Zephyr keeps its cache in ${path} on Windows.</p>`),
    });
    try {
      const site = await customerSite(long.clientId);
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      const sideways = () => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      await page.goto(`${site}/results?q=zephyr`);
      await expect.poll(() => titles(page)).toHaveLength(1);
      await expect(sideways()).resolves.toBeLessThanOrEqual(0);

      const input = page.getByRole('combobox', { name: 'Search the guides' });
      await input.fill('');
      await input.pressSequentially('zeph');
      await page.getByRole('option').first().waitFor();
      await expect(sideways()).resolves.toBeLessThanOrEqual(0);
      await page.close();
    } finally {
      await long.site.close();
    }
  });

  it('given a page whose origin the client does not allow, then the browser refuses the answers and the visitor reads that search is unavailable', async () => {
    const allowed = await customerSite(engine.clientId);
    const refused = await customerSite(engine.clientId);
    await setClientSettings(t.server, t.ownerA.token, engine.clientId, {
      useTabs: true,
      tabs: TABS,
      origin: allowed,
    });
    const page = await browser.newPage();
    await page.goto(`${refused}/results?q=solder`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Search is unavailable right now.');
    await expect(page.locator('.siteseer-hit').count()).resolves.toBe(0);

    await page.goto(`${allowed}/results?q=solder`);
    await expect.poll(() => status(page)).toBe('18 results');
    await page.close();
  });
});
