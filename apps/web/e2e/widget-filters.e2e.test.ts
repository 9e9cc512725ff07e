import { startTestServer, type TestServer } from '@siteseer/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, type Browser, chromiumAvailable, launchBrowser } from './chromium.ts';
import { apiSession, publishParametricEngine } from './fixtures.ts';

// The parametric widget's range sliders, Date column and phone drawer, on the engine preview page.
const ENGINE = 'Sensor Catalogue';
const KINDS = ['Pressure', 'Humidity', 'Light'];
const SENSORS = Array.from({ length: 30 }, (_, i) => ({
  name: `Sensor ${String(i + 1).padStart(2, '0')}`,
  kind: KINDS[i % 3] as string,
  price: 10 + ((i * 7) % 30),
  launched: new Date(Date.UTC(2023, 0, 2) + i * 12 * 86_400_000).toISOString().slice(0, 10),
  photo: `https://img.example.test/sensor-${i + 1}.svg`,
  page: `https://shop.example.test/sensors/${i + 1}`,
}));
const CSV = [
  'Name,Kind,Price,Launched,Photo,Product page',
  ...SENSORS.map((s) => [s.name, s.kind, s.price, s.launched, s.photo, s.page].join(',')),
  '',
].join('\n');
const PHOTO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#6b8fd6"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>';

let server: TestServer;
let browser: Browser;
let previewUrl: string;

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  server = await startTestServer();
  const seeded = server.credentials?.owner;
  if (!seeded) throw new Error('The test server did not seed its logins');
  const owner = await apiSession(server.base, server.config, seeded.email, seeded.password);
  const { clientId } = await publishParametricEngine(server.base, owner, ENGINE, CSV);
  previewUrl = `${server.base}/api/parametric/preview?clientId=${clientId}&engineName=${encodeURIComponent(ENGINE)}`;
  browser = await launchBrowser();
  await browser.context.route('https://img.example.test/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: PHOTO }),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The Name cell of each result row. */
function shownNames(page: Page): Promise<string[]> {
  return page.locator('table tbody tr td:first-child').allTextContents();
}

/** Screens for the docs when SITESEER_SCREENS names a folder (kept out of the repo until chosen). */
async function screen(page: Page, name: string): Promise<void> {
  const folder = process.env.SITESEER_SCREENS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

/** The text of the focused element, looking through the widget's shadow root. */
function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.textContent ?? undefined;
  });
}

async function openPreview(width: number, height: number): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  await page.goto(previewUrl);
  await page.getByRole('table', { name: 'Search results' }).waitFor();
  return page;
}

describe.runIf(browserTests)('the parametric widget on the preview page', () => {
  it('Given a wide screen, when the Price minimum slider is moved by the keyboard, then the rows follow, and the page has no axe violations in light or dark', async () => {
    const page = await openPreview(1440, 900);
    const low = page.getByRole('slider', { name: 'Price minimum' });
    await expect(low.getAttribute('aria-valuetext')).resolves.toBe('10');
    await low.focus();
    for (let i = 0; i < 10; i++) await low.press('ArrowRight');
    await expect.poll(() => low.getAttribute('aria-valuetext')).toBe('20');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Price Min' }).inputValue()).toBe('20');
    const expected = SENSORS.filter((s) => s.price >= 20).map((s) => s.name);
    await expect.poll(() => shownNames(page)).toEqual(expected.slice(0, 20));
    // The Date column: in the visitor's locale (Chromium's en-US), filtered by native date inputs.
    await expect(page.locator('tbody tr').first().locator('td').nth(3).textContent()).resolves.toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(page.getByLabel('Launched Min', { exact: true }).getAttribute('type')).resolves.toBe('date');
    // Links are named by their column.
    await expect(page.locator('tbody tr').first().getByRole('link').textContent()).resolves.toBe(
      'Product page',
    );
    await screen(page, 'preview-light');
    expect(await accessibilityViolations(page, 'light')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screen(page, 'preview-dark');
    expect(await accessibilityViolations(page, 'dark')).toEqual([]);
    await page.close();
  });

  it('Given a 390 px phone, when the Filters button opens the drawer and a slider moves, then focus stays in it, and the button counts the filter', async () => {
    const page = await openPreview(390, 844);
    await expect(page.getByRole('group', { name: 'Price' }).isVisible()).resolves.toBe(false);
    // Its name gains the count of active filters ("Filters (1)").
    const toggle = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    const high = drawer.getByRole('slider', { name: 'Price maximum' });
    await high.focus();
    await high.press('Home');
    await expect.poll(() => drawer.getByRole('spinbutton', { name: 'Price Max' }).inputValue()).toBe('10');
    await expect
      .poll(() => shownNames(page))
      .toEqual(SENSORS.filter((s) => s.price <= 10).map((s) => s.name));
    await screen(page, 'preview-phone');
    expect(await accessibilityViolations(page, 'light')).toEqual([]);
    expect(await accessibilityViolations(page, 'dark')).toEqual([]);
    // Tab never reaches the page behind the modal dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.closest('dialog') !== null || active === document.body;
      });
      expect(inside).toBe(true);
    }
    await expect(toggle.textContent()).resolves.toBe('Filters (1)');
    // Escape and Close both hand focus back to the Filters button that opened the drawer.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe('Filters (1)');
    await toggle.click();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe('Filters (1)');
    await page.close();
  });
});
