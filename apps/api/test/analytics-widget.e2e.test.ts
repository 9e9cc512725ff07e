import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DIST } from '../src/routes/widget.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';
import { api } from './harness.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  htmlPage,
  setClientSettings,
} from './keyword-fixture.ts';

// From a visitor's search box to the owner's reports, in Chromium: the keyword widget on a customer
// page searches and a result is clicked; the owner's analytics frames (the frame-session cookie,
// no script) then show those searches, the one that found nothing, and the clicked page.

const PAGES = Object.fromEntries(
  Array.from({ length: 3 }, (_, i) => [
    `/guides/kettle-${i + 1}`,
    htmlPage(`Kettle guide ${i + 1}`, `<p>Descale the kettle, part ${i + 1}.</p>`),
  ]),
);

let t: Tenants;
let engine: CrawledEngine;
let browser: Browser;
let site: Server;
let siteOrigin: string;
const today = () => new Date().toISOString().slice(0, 10);

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  if (!existsSync(join(WIDGET_DIST, 'siteseer-widget.js')))
    throw new Error('The widget is not built: run `pnpm build` first.');
  t = await startWithTenants(CRAWLING);
  engine = await crawledEngine(t, 'Kettle guides', PAGES);
  const base = t.server.config.publicUrl;
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Shop</title><script src="${base}/widget/siteseer-widget.js" defer ` +
        `data-siteseer-client="${engine.clientId}" data-siteseer-api="${base}" data-siteseer-input="#q"></script></head>` +
        '<body><input type="search" id="q" aria-label="Search the shop"><div data-siteseer-results></div></body></html>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  await setClientSettings(t.server, t.ownerA.token, engine.clientId, { origin: siteOrigin });
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  site?.close();
  await engine?.site.close();
  await t?.server.close();
});

/** A browser context holding `who`'s frame-session cookie, as the portal's analytics screen gets it. */
async function ownerContext(token: string): Promise<BrowserContext> {
  const session = await api(t.server, token, 'POST', 'analytics/session');
  const [name = '', value = ''] = (session.headers.get('set-cookie') ?? '').split(';')[0]?.split('=') ?? [];
  const context = await browser.newContext();
  await context.addCookies([
    { name, value, url: `${t.server.base}/api/analytics/`, httpOnly: true, sameSite: 'Strict' },
  ]);
  return context;
}

/** The cells' text of a table's body rows, the table found by its caption. */
async function cells(page: Page, caption: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: new RegExp(`^${caption}`) }).locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all())
    out.push((await row.locator('td').allTextContents()).map((text) => text.trim()));
  return out;
}

describe.runIf(browserTests)('analytics of searches made through the widget, in Chromium', () => {
  it('given a visitor searching and clicking in the widget, then the frames show those searches and that click', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${siteOrigin}/`);
    const box = visitor.getByRole('combobox', { name: 'Search the shop' });
    // Each search answered before the next (a new search aborts the one in flight).
    for (const [words, shown] of [
      ['kettle', '3 results'],
      ['teapot', 'No results found.'],
    ] as const) {
      await box.fill(words);
      await box.press('Enter');
      await expect.poll(() => visitor.locator('.siteseer [role=status]').textContent()).toBe(shown);
    }
    await box.fill('Kettle');
    await box.press('Enter');
    await expect.poll(() => visitor.locator('.siteseer-hit-title').count()).toBe(3);
    const second = visitor.locator('.siteseer-hit-title').nth(1);
    const href = (await second.locator('xpath=ancestor-or-self::a').first().getAttribute('href')) ?? '';
    await second.click();
    await visitor.waitForURL(href);
    await visitor.close();

    // Recorded in batches: the JSON report says when the frames have something to show.
    await expect
      .poll(
        async () =>
          (await api(t.server, t.ownerA.token, 'GET', `analytics/${engine.engineId}/report`)).body.summary,
        { timeout: 10_000 },
      )
      .toMatchObject({
        searches: 3,
        zeroResultSearches: 1,
        clicks: 1,
        clickedSearches: 1,
        averageClickPosition: 2,
      });

    const context = await ownerContext(t.ownerA.token);
    const owner = await context.newPage();
    const frame = (type: string, id: string) =>
      owner.goto(`${t.server.base}/api/analytics/${engine.clientId}/${type}/${id}?period=7d`);

    await frame('card', 'top-queries');
    expect(await cells(owner, 'Top queries')).toEqual([
      ['kettle', '2', '0', '50.0%', '2.0'],
      ['teapot', '1', '1', '0.0%', '–'],
    ]);
    await frame('card', 'zero-result-queries');
    expect((await cells(owner, 'Searches with no results')).map((row) => row.slice(0, 3))).toEqual([
      ['teapot', '1', '1'],
    ]);
    await frame('card', 'top-clicked-results');
    expect((await cells(owner, 'Top clicked results'))[0]?.slice(1)).toEqual(['1', '2.0']);
    expect((await cells(owner, 'Top clicked results'))[0]?.[0]).toContain(href);

    // The period links work from inside the frame (the cookie goes with them), and the days add up.
    await frame('dashboard', 'overview');
    await owner.getByRole('link', { name: 'Last 30 days' }).click();
    await expect.poll(() => owner.url()).toContain('period=30d');
    expect(await owner.locator('.kpi-value').first().textContent()).toBe('3');
    await frame('card', 'searches-over-time');
    expect((await cells(owner, 'Searches per day'))[0]).toEqual([today(), '3', '1']);

    // Charts are pictures the browser draws from the server's SVG, light and dark.
    const chart = owner.locator('picture.chart img').first();
    expect(await chart.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it('given the owner logging out (DELETE analytics/session), then the browser drops the cookie and frames refuse', async () => {
    const context = await ownerContext(t.ownerA.token);
    const page = await context.newPage();
    const url = `${t.server.base}/api/analytics/${engine.clientId}/card/top-queries`;
    expect((await page.goto(url))?.status()).toBe(200);
    // The browser context's own request: its Set-Cookie lands in the same cookie jar as the page's.
    const ended = await context.request.delete(`${t.server.base}/api/analytics/session`, {
      headers: { authorization: `Bearer ${t.ownerA.token}` },
    });
    expect(ended.status()).toBe(200);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('siteseer_analytics');
    expect((await page.goto(url))?.status()).toBe(401);
    expect(await page.locator('table').count()).toBe(0);
    await context.close();
  });

  it('given a browser without the cookie, then a frame URL shows a sign-in message and no figures', async () => {
    const page = await browser.newPage();
    const answer = await page.goto(`${t.server.base}/api/analytics/${engine.clientId}/card/top-queries`);
    expect(answer?.status()).toBe(401);
    expect(await page.getByRole('alert').textContent()).toContain('Sign in to the portal to see this report');
    expect(await page.locator('table').count()).toBe(0);
    await page.close();
  });
});
