import { readFile } from 'node:fs/promises';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  browserSignedIn,
  chromiumAvailable,
  launchBrowser,
} from './chromium.ts';
import { type ApiSession, apiSession, publishParametricEngine } from './fixtures.ts';
import { type RunningPortal, seededOwner, startPortal } from './portal-server.ts';

// Issue 14: an engine's analytics screen, as its owner opens it from the dashboard card: the
// frames of the API at the spec's sizes in a grid, the headline strip, their figures, the page's
// one period chooser and the frames' CSV downloads, in light and dark, accessible.

const ENGINE = 'Hardware Finder';
const CSV = [
  'Part,Kind,Price',
  'Hex bolt M6,Bolt,0.25',
  'Carriage bolt M8,Bolt,0.40',
  'Hex nut M6,Nut,0.10',
  '',
].join('\n');

let portal: RunningPortal;
let browser: Browser;
let owner: Page;
let ownerApi: ApiSession;
let engineId: string;
let clientId: string;

const browserTests = chromiumAvailable();

/** A visitor's search through the engine's public search, as the widget sends it. */
async function visitorSearch(q: string): Promise<void> {
  const answer = await fetch(`${portal.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q }),
  });
  if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
}

const frame = (page: Page, title: string): FrameLocator =>
  page.frameLocator(`iframe[title="${title}: ${ENGINE}"]`);

/**
 * Scrolls a frame into view and waits for its heading: frames load lazily, and nine cards reach
 * below the first screen. Scrolled by the element itself, not Playwright's scrollIntoViewIfNeeded,
 * which first waits for animation frames to call the box stable (a fresh-clone CI once waited its
 * whole 30 s there, the page unchanged).
 */
async function shown(page: Page, title: string): Promise<void> {
  await page.locator(`iframe[title="${title}: ${ENGINE}"]`).evaluate((f) => f.scrollIntoView());
  await frame(page, title).getByRole('heading', { level: 1 }).waitFor();
}

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const seeded = seededOwner(portal);
  ownerApi = await apiSession(portal.base, portal.config, seeded.email, seeded.password);
  ({ engineId, clientId } = await publishParametricEngine(portal.base, ownerApi, ENGINE, CSV));
  for (const q of ['bolt', 'Bolt', 'rivet']) await visitorSearch(q);
  // Searches are written in batches, within a second.
  const until = Date.now() + 10_000;
  while ((await ownerApi.call('GET', `analytics/${engineId}/report`)).body.summary?.searches !== 3) {
    if (Date.now() > until) throw new Error('The searches were not recorded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  ({ browser, page: owner } = await browserSignedIn(portal.base, seeded));
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('the analytics screen in Chromium', () => {
  it("Given searches of the engine, when the owner clicks Analytics on its card, then the cards and dashboards show them at the spec's sizes", async () => {
    await owner.getByRole('article', { name: ENGINE }).getByRole('link', { name: 'Analytics' }).click();
    await owner.getByRole('heading', { name: `Analytics: ${ENGINE}`, level: 1 }).waitFor();
    expect(new URL(owner.url()).pathname).toBe(`/engine/${engineId}/analytics`);
    expect(await owner.title()).toMatch(/^Analytics/);

    const cards = owner.getByRole('region', { name: 'Cards' }).locator('iframe');
    const dashboards = owner.getByRole('region', { name: 'Dashboards' }).locator('iframe');
    const boxes = async (frames: typeof cards) =>
      frames.evaluateAll((all) =>
        all.map((f) => {
          const box = f.getBoundingClientRect();
          return {
            title: f.getAttribute('title'),
            size: [f.getAttribute('width'), f.getAttribute('height')],
            top: Math.round(box.top + window.scrollY),
            width: Math.round(box.width),
            height: Math.round(box.height),
          };
        }),
      );
    const cardBoxes = await boxes(cards);
    expect(cardBoxes.map((b) => [b.title, ...b.size, b.height])).toEqual(
      [
        'Searches over time',
        'Unique visitors',
        'Zero-result rate',
        'Click-through rate',
        'Average click position',
        'Top queries',
        'Searches with no results',
        'Top clicked results',
        'Filter use',
      ].map((title) => [`${title}: ${ENGINE}`, '750', '750', 750]),
    );
    // A grid, not a column: two cards abreast on a 1280 px desktop, none wider than its 750 px.
    expect(cardBoxes[0]?.top).toBe(cardBoxes[1]?.top);
    expect(cardBoxes[2]?.top).toBeGreaterThan(cardBoxes[1]?.top ?? 0);
    for (const box of cardBoxes) expect(box.width).toBeLessThanOrEqual(750);
    expect((await boxes(dashboards)).map((b) => [b.title, ...b.size, b.height])).toEqual([
      [`Search overview: ${ENGINE}`, '1248', '1620', 1620],
      [`Content gaps and clicks: ${ENGINE}`, '1248', '1620', 1620],
    ]);
    // The headline strip: the three figures of the period.
    const headline = owner.frameLocator(`iframe[title="Headline figures: ${ENGINE}"]`);
    expect(await headline.locator('.kpi-value').allTextContents()).toEqual(['3', '33.3%', '0.0%']);
    expect(await headline.locator('svg.spark').count()).toBe(3);

    await shown(owner, 'Top queries');
    const top = frame(owner, 'Top queries');
    await top.getByRole('heading', { name: 'Top queries', level: 1 }).waitFor();
    const rows = top.getByRole('table', { name: /^Top queries/ }).locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual(['bolt\t2\t0\t0.0%\t–', 'rivet\t1\t1\t0.0%\t–']);
    await shown(owner, 'Searches with no results');
    await frame(owner, 'Searches with no results').getByRole('cell', { name: 'rivet' }).waitFor();
  });

  it('Given the page, when the owner picks another period once, then every frame shows that period (the cookie goes along)', async () => {
    const card = frame(owner, 'Searches over time');
    // The frames show no period chooser of their own: the page chooses for all of them.
    expect(await card.getByRole('link', { name: 'Last 7 days' }).count()).toBe(0);
    await owner.getByRole('button', { name: 'Last 7 days' }).click();
    await expect
      .poll(() =>
        owner
          .locator('iframe')
          .evaluateAll((all) => [
            ...new Set(all.map((f) => new URL((f as HTMLIFrameElement).src).searchParams.get('period'))),
          ]),
      )
      .toEqual(['7d']);
    expect(new URL(owner.url()).searchParams.get('period')).toBe('7d');
    await expect.poll(() => card.locator('.range').textContent()).toMatch(/^Hardware Finder · /);
    expect(await card.locator('.kpi-value').first().textContent()).toBe('3');
  });

  it("Given a table in a frame, when the owner clicks its Download CSV, then the file holds the table's rows", async () => {
    const top = frame(owner, 'Top queries');
    const download = owner.waitForEvent('download');
    await top.getByRole('link', { name: 'Download CSV of Top queries' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^hardware-finder-top-queries-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = await readFile((await file.path()) as string, 'utf8');
    expect(text).toBe(
      '\uFEFFQuery,Searches,With no results,Click-through rate,Average click position\r\n' +
        'bolt,2,0,0,\r\nrivet,1,1,0,\r\n',
    );
  });

  it('Given the analytics screen, then it and its frames pass WCAG 2 A/AA in light and dark, and the frames follow the scheme', async () => {
    await owner.bringToFront();
    // Every frame loaded (they load lazily, as they come into view).
    const titles = await owner
      .locator('iframe')
      .evaluateAll((all) => all.map((f) => f.getAttribute('title') ?? ''));
    for (const title of titles) await shown(owner, title.slice(0, -`: ${ENGINE}`.length));
    const sources = await owner
      .locator('iframe')
      .evaluateAll((all) => all.map((f) => (f as HTMLIFrameElement).src));
    await owner.evaluate(() => window.scrollTo(0, 0));
    // The screen is checked without its frames and each frame's page on its own: axe's run inside
    // the frames of a page never ends in the headless mode of Debian's Chromium 156.
    const framed = await browser.context.newPage();
    try {
      for (const scheme of ['light', 'dark'] as const) {
        for (const source of sources) {
          await framed.goto(source);
          expect(await accessibilityViolations(framed, scheme), `${scheme} ${source}`).toEqual([]);
        }
        expect(await accessibilityViolations(owner, scheme, { frames: false }), scheme).toEqual([]);
        // The portal passes its scheme to the frames, which then draw in it.
        await expect
          .poll(() =>
            frame(owner, 'Top queries')
              .locator('body')
              .evaluate((body) => getComputedStyle(body).backgroundColor),
          )
          .toBe(scheme === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)');
        expect(
          await frame(owner, 'Top queries')
            .locator('body')
            .evaluate((body) => getComputedStyle(body).fontFamily),
        ).toMatch(/^Roboto,/);
      }
    } finally {
      await framed.close();
      await owner.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('Given the owner logging out from the analytics screen, then the frames refuse that browser at once', async () => {
    const url = `${portal.base}/api/analytics/${clientId}/card/top-queries`;
    const before = await browser.context.newPage();
    expect((await before.goto(url))?.status()).toBe(200);
    await before.close();

    await owner.getByRole('button', { name: 'User menu' }).click();
    await owner.getByRole('dialog', { name: 'User menu' }).getByRole('button', { name: 'Logout' }).click();
    // The portal hands over to the provider's end-session page once its own logout is done.
    await owner.waitForURL((next) => next.pathname.startsWith('/oidc/') || next.pathname === '/login');

    const after = await browser.context.newPage();
    expect((await after.goto(url))?.status()).toBe(401);
    expect(await after.locator('table').count()).toBe(0);
    await after.close();
  });

  it('Given a frame URL opened in another browser without signing in, then it shows no figures', async () => {
    const stranger = await launchBrowser();
    try {
      const page = await stranger.context.newPage();
      const answer = await page.goto(`${portal.base}/api/analytics/${clientId}/card/top-queries`);
      expect(answer?.status()).toBe(401);
      expect(await page.locator('table').count()).toBe(0);
    } finally {
      await stranger.close();
    }
  });
});
