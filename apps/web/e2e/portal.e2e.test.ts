import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { localDateTime, seedEngines } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

let portal: RunningPortal;
let ownerBrowser: Browser;
let adminBrowser: Browser;
let owner: Page;
let admin: Page;
let credentials: NonNullable<RunningPortal['api']['credentials']>;
let seeded: Awaited<ReturnType<typeof seedEngines>>;

async function expectAccessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

// Required in CI (which installs Debian's Chromium); skipped on a machine without it.
const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  if (!portal.api.credentials) throw new Error('The test server did not seed its logins');
  credentials = portal.api.credentials;
  seeded = await seedEngines(portal.base, portal.config, credentials.owner.email, credentials.owner.password);
  ownerBrowser = await launchBrowser();
  adminBrowser = await launchBrowser();
  await ownerBrowser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.base });
  owner = await ownerBrowser.context.newPage();
  admin = await adminBrowser.context.newPage();
});

afterAll(async () => {
  await ownerBrowser?.close();
  await adminBrowser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('the portal in Chromium', () => {
  it('Given the seeded owner, when they sign in, then the dashboard lists their engines', async () => {
    await signInThroughPortal(owner, portal.base, credentials.owner.email, credentials.owner.password);
    expect(await owner.title()).toBe('Your Search Engines | Siteseer');
    await expect.poll(() => card(owner, 'Docs Search Engine').count()).toBe(1);
    await expect.poll(() => owner.getByText('ENGINE DETAILS MISSING!!').count()).toBe(1);
    expect(await owner.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await owner.getByText('Locator').count()).toBe(0);
    await expectAccessible(owner);
  });

  it('Given the dashboard, then its type is the bundled Roboto, Latin 400/500/700, from the portal’s own font files', async () => {
    const fonts = await owner.evaluate(async () => {
      await document.fonts.ready;
      const faces = [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Roboto');
      return {
        faces: faces.map((face) => ({
          weight: face.weight,
          status: face.status,
          latinOnly: !/U\+04/.test(face.unicodeRange),
        })),
        files: performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => /\.woff2?$/.test(path)),
        body: getComputedStyle(document.body).fontFamily,
      };
    });
    expect(fonts.faces.map((face) => face.weight).sort()).toEqual(['400', '500', '700']);
    expect(fonts.faces.every((face) => face.latinOnly)).toBe(true);
    // Text (400) and headings and buttons (500) are on the dashboard, so those two are loaded.
    expect(
      fonts.faces
        .filter((face) => face.status === 'loaded')
        .map((face) => face.weight)
        .sort(),
    ).toEqual(expect.arrayContaining(['400', '500']));
    expect(fonts.files.length).toBeGreaterThan(0);
    for (const file of fonts.files)
      expect(file).toMatch(/^\/assets\/roboto-latin-(400|500|700)-normal-[\w-]+\.woff2$/);
    expect(fonts.body).toMatch(/^"?Roboto"?,/);
  });

  it('Given a keyword engine, when the owner opens Install, then Script, Input tag and Results tag can be copied', async () => {
    // Never crawled, so its card's Install is off; the install screen itself still opens by its URL.
    expect(
      await card(owner, 'Docs Search Engine').getByRole('button', { name: 'Install' }).isDisabled(),
    ).toBe(true);
    await owner.goto(`${portal.base}/engine/${seeded.docs}/install/`);
    await owner.getByRole('heading', { name: 'Install Search: Docs Search Engine' }).waitFor();
    const script = await owner.getByRole('region', { name: 'Script' }).locator('pre').textContent();
    expect(script).toContain('data-siteseer-client=');
    await owner.getByRole('button', { name: 'Copy Script' }).click();
    await owner.getByRole('tooltip', { name: 'Copied!' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(script);
    await owner.getByRole('tooltip').waitFor({ state: 'detached', timeout: 3000 });
    await expectAccessible(owner);
  });

  it('Given an engine, when the owner types its name in the delete modal, then it is deleted', async () => {
    await owner.getByRole('link', { name: 'Dashboard' }).click();
    await owner.getByRole('button', { name: 'Actions for Removable Engine' }).click();
    await owner.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Delete Search Engine?' });
    await dialog.getByText('Deleting keyword crawlers may take a while. Please be patient.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Yes Delete this Search' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Search engine name').fill('Removable engine');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Search engine name').fill('Removable Engine');
    expect(await confirm.isEnabled()).toBe(true);
    await expectAccessible(owner);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card(owner, 'Removable Engine').count()).toBe(0);
  });

  it('Given a CSV, when the owner goes through the parametric wizard, then the engine is published', async () => {
    const csv = join(tmpdir(), `parts-${Date.now()}.csv`);
    await writeFile(csv, 'Part,Price,In stock\nBolt,0.25,true\nNut,0.10,false\nWasher,0.05,true\n');
    await owner.locator('input[type=file]').setInputFiles(csv);
    await owner.getByRole('heading', { name: 'Create Parametric Search Engine' }).waitFor();
    await owner.getByLabel('Search Engine Name').fill('Hard');
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByText('Enter a valid name and file.').waitFor();
    await owner.getByText('Search Engine names must be at least 5 characters long.').waitFor();
    await owner.getByLabel('Search Engine Name').fill('Hardware Parts');
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByRole('table', { name: 'Columns' }).waitFor();
    await expectAccessible(owner);
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByLabel('Filter format').waitFor();
    await owner.getByRole('button', { name: 'Create & Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    const created = card(owner, 'Hardware Parts');
    await created.waitFor();
    expect(await created.getByText(/^parts-\d+\.csv$/).count()).toBe(1);
  });

  it('Given the new parametric engine, when the owner edits it and downloads its file, then both work', async () => {
    await owner.getByRole('button', { name: 'Actions for Hardware Parts' }).click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    await owner.getByRole('heading', { name: 'Edit Parametric Search Engine' }).waitFor();
    expect(await owner.getByLabel('Search Engine Name').isDisabled()).toBe(true);
    await owner.getByRole('tab', { name: /Configure$/ }).click();
    await owner.getByRole('button', { name: 'Finish & Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    await owner.getByRole('button', { name: 'Actions for Hardware Parts' }).click();
    const download = owner.waitForEvent('download');
    await owner.getByRole('menuitem', { name: 'Download File' }).click();
    expect((await download).suggestedFilename()).toMatch(/^parts-\d+\.csv$/);
    await card(owner, 'Hardware Parts').getByRole('link', { name: 'Install' }).click();
    const results = owner.getByRole('region', { name: 'Results tag' }).locator('pre');
    await expect.poll(() => results.textContent()).toContain('data-siteseer-results');
    expect(await owner.getByRole('region', { name: 'Script' }).locator('pre').textContent()).toContain(
      'siteseer-widget.js',
    );
    await expectAccessible(owner);
  });

  it('Given a 4 MB CSV on a slow link, when the owner uploads it in the wizard, then progress shows, Cancel stops it and a retry reaches Fields', async () => {
    const csv = join(tmpdir(), `catalogue-${Date.now()}.csv`);
    const rows = ['Part,Price,In stock'];
    for (let i = 0; rows.length <= 60_000; i += 1) {
      rows.push(`Part ${i} with a longer description of the item,${(i % 1000) / 100},${i % 2 === 0}`);
    }
    await writeFile(csv, `${rows.join('\n')}\n`);
    await owner.goto(`${portal.base}/engine/parametric/create`);
    await owner.getByRole('heading', { name: 'Create Parametric Search Engine' }).waitFor();
    await owner.getByLabel('Search Engine Name').fill('Large Catalogue');
    await owner.locator('input[type=file]').setInputFiles(csv);
    // Chromium's network emulation: the body goes out at about 1 MB/s, so the upload takes seconds.
    const cdp = await owner.context().newCDPSession(owner);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(1_000_000);
    const next = owner.getByRole('button', { name: 'Next' });
    await next.click();
    const bar = owner.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    expect(await next.isDisabled()).toBe(true);
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await owner.getByText(/^Uploading… \d+% \([\d.]+ of [34](\.\d)? MB\)$/).waitFor();
    await owner.getByRole('button', { name: 'Cancel' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(await next.isEnabled()).toBe(true);
    expect(await owner.getByRole('table', { name: 'Columns' }).count()).toBe(0);
    await throttle(-1);
    await cdp.detach();
    await next.click();
    await owner.getByRole('table', { name: 'Columns' }).waitFor({ timeout: 60_000 });
    expect(await bar.count()).toBe(0);
  });

  it('Given the Fields step, when the owner moves columns with their Move buttons from the keyboard, then focus stays on the moved column', async () => {
    const columns = owner.getByRole('table', { name: 'Columns' });
    const focused = () => owner.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const labels = () =>
      columns
        .getByRole('textbox', { name: /^Column \d+ label$/ })
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(await labels()).toEqual(['Part', 'Price', 'In stock']);
    await columns.getByRole('button', { name: 'Move Price up' }).focus();
    await owner.keyboard.press('Enter');
    await expect.poll(labels).toEqual(['Price', 'Part', 'In stock']);
    // First now, its Move up is disabled: focus is on its Move down, not lost to the page.
    expect(await focused()).toBe('Move Price down');
    await owner.keyboard.press('Enter');
    await expect.poll(labels).toEqual(['Part', 'Price', 'In stock']);
    expect(await focused()).toBe('Move Price down');
  });

  it('Given an unknown path, when it is opened, then the error page shows', async () => {
    await owner.goto(`${portal.base}/no/such/page`);
    await owner.getByRole('button', { name: 'Try to Reload App' }).waitFor();
    expect(await owner.title()).toBe('Error | Siteseer');
    await expectAccessible(owner);
  });

  it('Given /admin, when the owner opens it, then they are sent home', async () => {
    await owner.goto(`${portal.base}/admin`);
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
  });

  it('Given the super admin, then Administration, Features and the locator show, and they set a maintenance message', async () => {
    await signInThroughPortal(
      admin,
      portal.base,
      credentials.superAdmin.email,
      credentials.superAdmin.password,
    );
    await admin.getByRole('link', { name: 'Administration' }).waitFor();
    await admin.getByRole('link', { name: 'Features' }).waitFor();
    expect(await admin.getByRole('link', { name: 'My Account' }).count()).toBe(0);
    await card(admin, 'Docs Search Engine').getByText('Locator').waitFor();
    await admin.getByRole('button', { name: 'User menu' }).click();
    await admin.getByRole('dialog', { name: 'User menu' }).getByText('Super Admin: Yes').waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Set maintenance message' }).click();
    const form = admin.getByRole('dialog', { name: 'Set maintenance message' });
    const set = form.getByRole('button', { name: 'Set', exact: true });
    await form.getByLabel('Title').fill('Planned upgrade');
    expect(await set.isDisabled()).toBe(true);
    await form.getByLabel('Message').fill('Search may be slow for an hour.');
    await form.getByLabel('Start').fill(localDateTime(-1));
    await form.getByLabel('End').fill(localDateTime(60));
    expect(await set.isEnabled()).toBe(true);
    await expectAccessible(admin);
    await set.click();
    await admin.getByText('Search may be slow for an hour.').waitFor();
    await admin.getByRole('link', { name: 'Administration' }).click();
    await admin.getByRole('heading', { name: 'Accounts' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin/accounts');
  });

  it('Given the maintenance message, then the owner sees it too', async () => {
    await owner.goto(`${portal.base}/`);
    await owner.getByText('Search may be slow for an hour.').waitFor({ timeout: 15_000 });
    await owner.getByText('Planned upgrade').waitFor();
    expect(await owner.getByRole('button', { name: 'End maintenance now' }).count()).toBe(0);
    await expectAccessible(owner);
  });
});
