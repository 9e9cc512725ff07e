import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, type Browser, browserSignedIn, chromiumAvailable } from './chromium.ts';
import { seedDashboardStates } from './dashboard-states.ts';
import { apiSession } from './fixtures.ts';
import { type RunningPortal, seededOwner, startPortal } from './portal-server.ts';

// The dashboard's engine states, top bar and theme choice in Chromium, with axe in light and dark.

let portal: RunningPortal;
let browser: Browser;
let page: Page;
let names: Awaited<ReturnType<typeof seedDashboardStates>>;

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const owner = seededOwner(portal);
  names = await seedDashboardStates(
    portal,
    await apiSession(portal.base, portal.config, owner.email, owner.password),
  );
  ({ browser, page } = await browserSignedIn(portal.base, owner));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const card = (name: string) => page.getByRole('article', { name });

describe.runIf(browserTests)('the dashboard in Chromium', () => {
  it('Given engines in each state, then each card says its state and axe finds nothing in light or dark', async () => {
    await card(names.held).waitFor();
    expect(await card(names.liveTable).getByText('Live', { exact: true }).count()).toBe(1);
    expect(await card(names.liveTable).getByText('3 rows live', { exact: false }).count()).toBe(1);
    expect(await card(names.liveSite).getByText('24 pages live', { exact: false }).count()).toBe(1);
    expect(await card(names.crawling).getByText('Crawling', { exact: true }).count()).toBe(1);
    expect(await card(names.held).getByText('Held', { exact: true }).count()).toBe(1);
    expect(await card(names.held).getByRole('button', { name: 'Publish anyway' }).count()).toBe(1);
    expect(await card(names.never).getByText('Never published').count()).toBe(1);
    expect(await card(names.never).getByRole('button', { name: 'Install' }).isDisabled()).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      expect(await accessibilityViolations(page, scheme), scheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('Given the held crawl published anyway, then a toast says so and the card turns Live', async () => {
    await card(names.held).getByRole('button', { name: 'Publish anyway' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${names.held}: crawl published with 30 pages.` })
      .waitFor();
    await card(names.held).getByText('30 pages live', { exact: false }).waitFor();
  });

  it("Given a keyword engine's menu, then it offers Alerts after Edit, which opens the engine's alerts", async () => {
    const actions = card(names.liveSite).getByRole('button', { name: `Actions for ${names.liveSite}` });
    const folder = process.env.SITESEER_SCREENS;
    for (const [width, scheme] of [
      [1440, 'light'],
      [1440, 'dark'],
      [390, 'light'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await actions.click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Alerts' }).waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Edit', 'Alerts', 'Delete']);
      expect(await accessibilityViolations(page, scheme), `${width} ${scheme}`).toEqual([]);
      // Screens to look at when SITESEER_SCREENS names a folder.
      if (folder) await page.screenshot({ path: `${folder}/dashboard-menu-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Alerts' }).click();
    await page.getByRole('heading', { name: `Alerts: ${names.liveSite}` }).waitFor();
    await page.goBack();
    await card(names.liveSite).waitFor();
  });

  it('Given a phone width, then a Menu button opens the navigation, and axe finds nothing', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The layout follows a media query: the links go once React has re-rendered for the width.
    await expect.poll(() => nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Documentation' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      expect(await accessibilityViolations(page, scheme), scheme).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('Given Dark chosen in the user menu, then the page is dark at once and stays dark after a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await expect.poll(dark).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    await expect.poll(dark).toBe(true);
  });
});
