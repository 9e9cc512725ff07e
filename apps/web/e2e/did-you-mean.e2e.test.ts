import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, chromiumAvailable } from './chromium.ts';
import { type CrawlingPortal, expectAccessible, startCrawlingPortal } from './keyword-site.ts';

// Did-you-mean in the preview's real widget, over a site crawled on 127.0.0.1: a misspelt query is
// answered with its correction and says so; "Search instead for" searches what was typed, whose
// "Did you mean" line searches the correction again; axe-clean in both schemes. And in analytics, a
// search that found nothing before the site had its word shows its correction, added as a synonym in
// one click.

const ENGINE = 'Parts search';
const PAGES: Record<string, { title: string; body: string }> = {
  '/resistors': { title: 'Carbon film resistors', body: 'A carbon film resistor for every circuit.' },
  '/metal': { title: 'Metal oxide parts', body: 'A metal oxide resistor rated 2 W.' },
  '/guide': { title: 'Choosing parts', body: 'Pick the resistor by its power and tolerance.' },
};

/** A page the site gains after 'tantalm' was searched and found nothing. */
const TANTALUM = { title: 'Tantalum capacitors', body: 'A tantalum capacitor for filters.' };

/** The parts site on 127.0.0.1; `/tantalum` is served once `tantalum` is set. */
let tantalum = false;
function serveParts(): Promise<Server> {
  const html = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const page = path === '/tantalum' && tantalum ? TANTALUM : PAGES[path];
    const links = [...Object.keys(PAGES), '/tantalum']
      .map((p, n) => `<a href="${p}">Part ${n + 1}</a>`)
      .join(' ');
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html('Parts site', links));
    else if (page)
      res.writeHead(200, { 'content-type': 'text/html' }).end(html(page.title, `<p>${page.body}</p>`));
    else res.writeHead(404).end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const browserTests = chromiumAvailable();
let site: Server;
let origin: string;
let crawling: CrawlingPortal;
let clientId: string;
let engineId: string;

/** Polls the public search until `q` finds `total` pages. */
async function searchable(q: string, total: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await fetch(`${crawling.portal.base}/search/${clientId}/keyword?q=${q}`);
    if (answer.ok && ((await answer.json()) as { total: number }).total === total) return;
    if (Date.now() > deadline) throw new Error(`'${q}' did not find ${total} pages in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveParts();
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  crawling = await startCrawlingPortal();
  const { ownerApi, portal } = crawling;
  const created = await ownerApi.call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId: ownerApi.accountId,
    searchEngineName: ENGINE,
    urls: [`${origin}/`],
  });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  clientId = created.body.clientId;
  engineId = created.body.documentId;
  const crawl = async () => {
    const started = await ownerApi.call('POST', 'datasource/crawler', {
      accountId: ownerApi.accountId,
      engineId,
      urls: [`${origin}/`],
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      recreate: true,
    });
    if (started.status !== 200) throw new Error(`crawl: ${JSON.stringify(started.body)}`);
  };
  await crawl();
  await searchable('resistor', 3);
  // Searched before the site has a page about tantalum: nothing, and recorded so.
  await fetch(`${portal.base}/search/${clientId}/keyword?q=tantalm`);
  await portal.api.state.recorder.flush();
  tantalum = true;
  await crawl();
  await searchable('tantalum', 1);
}, 240_000);

afterAll(async () => {
  await crawling?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** The widget's answer to `act`, once it has rendered it. */
async function afterAnswer(preview: Page, act: () => Promise<void>): Promise<void> {
  const before = await preview.evaluate(() => (window as unknown as { answers: number }).answers);
  await act();
  await expect
    .poll(() => preview.evaluate(() => (window as unknown as { answers: number }).answers))
    .toBe(before + 1);
}

describe.skipIf(!browserTests)('did-you-mean in the widget', () => {
  it('shows the corrected results with "Search instead for", follows both ways, and is accessible', async () => {
    const preview = await crawling.browser.context.newPage();
    await preview.goto(`${crawling.portal.base}/api/client/${clientId}/kw/preview`);
    const box = preview.getByRole('combobox', { name: 'Search' });
    await box.waitFor();
    await preview.evaluate(() => {
      Object.assign(window, { answers: 0 });
      document.addEventListener('siteseer:results', () => {
        (window as unknown as { answers: number }).answers++;
      });
    });
    const line = preview.locator('.siteseer-correction');
    const titles = () => preview.locator('li.siteseer-hit a.siteseer-hit-title').allTextContents();

    await afterAnswer(preview, async () => {
      await box.fill('resistr');
      await box.press('Enter');
    });
    await expect
      .poll(() => line.textContent())
      .toBe('Showing results for resistor · Search instead for resistr');
    expect(await preview.getByRole('status').textContent()).toBe('Showing results for resistor: 3 results');
    expect((await titles()).sort()).toEqual(['Carbon film resistors', 'Choosing parts', 'Metal oxide parts']);
    await expectAccessible(preview, 'the auto-corrected results');

    await afterAnswer(preview, () => preview.getByRole('button', { name: 'resistr', exact: true }).click());
    expect(await line.textContent()).toBe('Did you mean resistor?');
    expect(await box.inputValue()).toBe('resistr');
    await expectAccessible(preview, 'the correction offered');

    await afterAnswer(preview, () => preview.getByRole('button', { name: 'resistor', exact: true }).click());
    expect(await box.inputValue()).toBe('resistor');
    expect(await line.isHidden()).toBe(true);
    expect((await titles()).length).toBe(3);
    await preview.close();
  });

  it('lists the correction of a search with no results in analytics, and adds it as a synonym in one click', async () => {
    const { owner } = crawling;
    // The preview's tab was in front: a page in the background draws no frames.
    await owner.bringToFront();
    await owner.goto(`${crawling.portal.base}/engine/${engineId}/analytics`);
    const selector = 'iframe[title^="Searches with no results"]';
    // Frames load lazily, as they come into view (scrolled by the element: see analytics.e2e).
    await owner.locator(selector).evaluate((f) => f.scrollIntoView());
    const frame = owner.frameLocator(selector);
    const add = frame.getByRole('button', { name: 'Add as synonym “tantalm” ⇒ “tantalum”' });
    await add.waitFor();
    // axe's run inside a page's frames never ends in headless Chromium: the screen without its
    // frames, and the frame's page on its own (as analytics.e2e checks them).
    const framed = await crawling.browser.context.newPage();
    await framed.goto(await owner.locator(selector).evaluate((f) => (f as HTMLIFrameElement).src));
    await expectAccessible(framed, 'the zero-result list with a correction');
    await owner.bringToFront();
    for (const scheme of ['light', 'dark'] as const)
      expect(await accessibilityViolations(owner, scheme, { frames: false }), scheme).toEqual([]);
    await owner.emulateMedia({ colorScheme: 'light' });
    await add.click();
    const notice = 'Synonym added: searches for “tantalm” now also find “tantalum”.';
    await frame.getByRole('status').filter({ hasText: notice }).waitFor();
    const confirmed = owner.frames().find((f) => f.url().includes('added=tantalm'));
    if (!confirmed) throw new Error('The frame did not come back with its notice');
    await framed.goto(confirmed.url());
    await framed.getByRole('status').filter({ hasText: notice }).waitFor();
    await expectAccessible(framed, 'the synonym confirmed');
    await framed.close();
    const saved = await crawling.ownerApi.call(
      'GET',
      `searchengines/${engineId}?accountId=${crawling.ownerApi.accountId}`,
    );
    expect(saved.body.csvSynonymTable).toBe('tantalm => tantalum');
  });
});
