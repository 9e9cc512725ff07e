import { DOCUMENTATION_GROUPS } from '@siteseer/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 13, screen 7: the in-app documentation, its live examples on the real widget bundle, and
// the administration group for super admins only.
let portal: RunningPortal;
let ownerBrowser: Browser;
let adminBrowser: Browser;
let owner: Page;
let admin: Page;

const browserTests = chromiumAvailable();

async function expectAccessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const css = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** The live example's region, once the widget in it shows `first` (a result of its first search). */
async function liveExample(page: Page, engineName: string, first: (region: Locator) => Locator) {
  const region = page.getByRole('region', { name: `Live example: ${engineName}` });
  await first(region).waitFor({ timeout: 15_000 });
  return region;
}

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const credentials = portal.api.credentials;
  if (!credentials) throw new Error('The test server did not seed its logins');
  ownerBrowser = await launchBrowser();
  adminBrowser = await launchBrowser();
  owner = await ownerBrowser.context.newPage();
  admin = await adminBrowser.context.newPage();
  await signInThroughPortal(owner, portal.base, credentials.owner.email, credentials.owner.password);
  await signInThroughPortal(
    admin,
    portal.base,
    credentials.superAdmin.email,
    credentials.superAdmin.password,
  );
});

afterAll(async () => {
  await ownerBrowser?.close();
  await adminBrowser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('the documentation in Chromium', () => {
  it('Given an owner, when they open each document from the index and go back, then each shows its title and passes axe', async () => {
    await owner.getByRole('link', { name: 'Documentation', exact: true }).click();
    await owner.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    expect(await owner.title()).toBe('Documentation | Siteseer');
    expect(await owner.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Guides',
      'Parametric',
      'Keyword',
    ]);
    await expectAccessible(owner);

    const documents = DOCUMENTATION_GROUPS.filter((g) => g.id === 'parametric' || g.id === 'keyword').flatMap(
      (g) => g.documents,
    );
    for (const document of documents) {
      await owner.getByRole('link', { name: document.title, exact: true }).click();
      await owner.getByRole('heading', { level: 1, name: document.title }).waitFor();
      await expect.poll(() => owner.title()).toBe(`${document.title} | Siteseer`);
      const region = owner.getByRole('region', { name: /^Live example: / });
      // Every widget document has a live example: axe checks it with its results on screen.
      await region.locator('.siteseer-hit, .siteseer-table tbody tr').first().waitFor({ timeout: 15_000 });
      await expectAccessible(owner);
      await owner.getByRole('link', { name: 'Back to Documentation' }).click();
      await owner.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    }
  });

  // One test per guide: each runs axe twice, which takes its time on a busy machine.
  it.each(DOCUMENTATION_GROUPS.find((g) => g.id === 'guides')?.documents ?? [])(
    'Given an owner, when they open the guide $title from the index and go back, then it passes axe',
    async (guide) => {
      await owner.goto(`${portal.base}/documentation`);
      await owner.getByRole('link', { name: guide.title, exact: true }).click();
      await owner.getByRole('heading', { level: 1, name: guide.title }).waitFor();
      await expect.poll(() => owner.title()).toBe(`${guide.title} | Siteseer`);
      expect(await owner.getByRole('main').count()).toBe(1);
      await expectAccessible(owner);
      await owner.getByRole('link', { name: 'Back to Documentation' }).click();
      await owner.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    },
  );

  it('Given The API guide, then its link opens the OpenAPI document of the server it runs on', async () => {
    await owner.goto(`${portal.base}/documentation/guides/api`);
    const link = owner.getByRole('link', { name: `${portal.base}/api/openapi.json` });
    const answer = await owner.request.get((await link.getAttribute('href')) ?? '');
    expect(answer.status()).toBe(200);
    expect((await answer.json()).openapi).toMatch(/^3\.1/);
  });

  it("Given an owner, when they type Add Documentation's address, then the page is not found", async () => {
    await owner.goto(`${portal.base}/documentation/administration/add-documentation`);
    await owner
      .getByText('The page /documentation/administration/add-documentation does not exist.')
      .waitFor();
    expect(await owner.getByRole('heading', { name: 'Add Documentation' }).count()).toBe(0);
  });

  it('Given Theming Parametric Interface, then the real widget bundle renders the sample and --siteseer-accent restyles it live', async () => {
    await owner.goto(`${portal.base}/documentation/parametric/theming-parametric-interface`);
    const region = await liveExample(owner, 'Sensor catalogue', (r) =>
      r
        .getByRole('table', { name: 'Search results' })
        .getByRole('cell', { name: 'Inductive proximity sensor M8' }),
    );
    const scripts = await owner.evaluate(() => [...document.scripts].map((script) => script.src));
    expect(scripts).toContain(`${portal.base}/widget/siteseer-widget.js`);

    const search = region.getByRole('button', { name: 'Search', exact: true });
    expect(await css(search, 'background-color')).toBe('rgb(26, 95, 208)');
    await owner.getByLabel('--siteseer-accent', { exact: true }).fill('#8a2be2');
    await expect.poll(() => css(search, 'background-color')).toBe('rgb(138, 43, 226)');
    expect(await owner.getByRole('region', { name: 'Your theme' }).locator('pre').textContent()).toBe(
      '.siteseer {\n  --siteseer-accent: #8a2be2;\n}',
    );

    await owner.getByLabel('--siteseer-radius', { exact: true }).fill('nonsense');
    await owner.getByText('Not a CSS length: not applied.').waitFor();
    expect(await css(search, 'border-top-left-radius')).toBe('6px');
    await owner.getByLabel('--siteseer-radius', { exact: true }).fill('0');
    await expect.poll(() => css(search, 'border-top-left-radius')).toBe('0px');

    // The widget is live: searching the sample filters its table.
    await region.getByRole('searchbox', { name: 'Search' }).fill('laser');
    await expect
      .poll(() => region.getByRole('table', { name: 'Search results' }).locator('tbody tr').count())
      .toBe(1);
    await owner.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => css(search, 'background-color')).toBe('rgb(26, 95, 208)');
  });

  it('Given Theming Keyword Interface, then the keyword sample shows results and --siteseer-mark-bg restyles its marks', async () => {
    await owner.goto(`${portal.base}/documentation/keyword/theming-keyword-interface`);
    const region = await liveExample(owner, 'Sensor site', (r) =>
      r.getByRole('link', { name: 'Installing a sensor' }),
    );
    await region.getByText('Featured').waitFor();
    const mark = region.locator('mark').first();
    expect(await css(mark, 'background-color')).toBe('rgb(255, 240, 160)');
    await owner.getByLabel('--siteseer-mark-bg', { exact: true }).fill('rgb(0, 128, 0)');
    await expect.poll(() => css(mark, 'background-color')).toBe('rgb(0, 128, 0)');
  });

  it('Given Keyword Client Events, when a result of the live widget is followed, then the log shows the click and the page stays', async () => {
    await owner.goto(`${portal.base}/documentation/keyword/keyword-client-events`);
    const region = await liveExample(owner, 'Sensor site', (r) =>
      r.getByRole('link', { name: 'Installing a sensor' }),
    );
    const log = owner.getByRole('log', { name: 'Events received' });
    await log.getByText('siteseer:results').waitFor();
    await region.getByRole('link', { name: 'Installing a sensor' }).click();
    await log.getByText('siteseer:click').waitFor();
    expect(await log.locator('li').first().textContent()).toContain('"source":"result"');
    await owner
      .getByText('The example stopped the navigation to https://www.example.test/docs/installing-a-sensor')
      .waitFor();
    expect(new URL(owner.url()).pathname).toBe('/documentation/keyword/keyword-client-events');
    const copied = await owner
      .getByRole('region', { name: 'Listener for siteseer:click' })
      .locator('pre')
      .textContent();
    expect(copied).toContain("document.addEventListener('siteseer:click', (event) => {");
  });

  it('Given Advanced Keyword Theming, when Results as cards is applied, then the live results become a grid', async () => {
    await owner.goto(`${portal.base}/documentation/keyword/advanced-keyword-theming`);
    const region = await liveExample(owner, 'Sensor site', (r) =>
      r.getByRole('link', { name: 'Installing a sensor' }),
    );
    const hits = region.locator('.siteseer-hits');
    expect(await css(hits, 'display')).toBe('flex');
    await owner.getByRole('checkbox', { name: 'Results as cards' }).check();
    await expect.poll(() => css(hits, 'display')).toBe('grid');
    await owner.getByRole('checkbox', { name: 'Results as cards' }).uncheck();
    await expect.poll(() => css(hits, 'display')).toBe('flex');
  });

  it('Given a super admin, then Administration is listed first and Add Documentation opens and passes axe', async () => {
    await admin.goto(`${portal.base}/documentation`);
    await admin.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    expect(await admin.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Administration',
      'Guides',
      'Parametric',
      'Keyword',
    ]);
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Add Documentation' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Add Documentation' }).waitFor();
    await admin.getByRole('table', { name: 'Files of the in-app documentation' }).waitFor();
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Back to Documentation' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
  });
});
