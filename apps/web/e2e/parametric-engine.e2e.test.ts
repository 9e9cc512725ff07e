import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { type ApiSession, apiSession, publishParametricEngine } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 5: a published parametric engine's preview tab and install snippet, as its owner uses them.
const ENGINE = 'Fastener Catalogue';
const PARTS_CSV = [
  'Part,Kind,Price',
  'Hex bolt M6,Bolt,0.25',
  'Carriage bolt M8,Bolt,0.40',
  'Hex nut M6,Nut,0.10',
  'Flat washer M6,Washer,0.05',
  'Spring washer M8,Washer,0.07',
  '',
].join('\n');
const ALL_PARTS = ['Hex bolt M6', 'Carriage bolt M8', 'Hex nut M6', 'Flat washer M6', 'Spring washer M8'];

let portal: RunningPortal;
let browser: Browser;
let owner: Page;
let ownerApi: ApiSession;
let clientId: string;

/** The first cell of each data row of the widget's results table (header rows have no cells). */
function shownParts(table: Locator): Promise<string[]> {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell') })
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim() ?? ''));
}

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const seeded = portal.api.credentials?.owner;
  if (!seeded) throw new Error('The test server did not seed its logins');
  ownerApi = await apiSession(portal.base, portal.config, seeded.email, seeded.password);
  ({ clientId } = await publishParametricEngine(portal.base, ownerApi, ENGINE, PARTS_CSV));
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.base });
  owner = await browser.context.newPage();
  await signInThroughPortal(owner, portal.base, seeded.email, seeded.password);
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('a published parametric engine in Chromium', () => {
  it("Given a published parametric engine, when the owner clicks Preview on its card, then a new tab at the spec's preview URL shows its rows, and typing in Search filters them", async () => {
    const card = owner.getByRole('article', { name: ENGINE });
    const opened = browser.context.waitForEvent('page');
    await card.getByRole('link', { name: 'Preview' }).click();
    const tab = await opened;
    try {
      await tab.waitForLoadState();
      const url = new URL(tab.url());
      expect(`${url.origin}${url.pathname}`).toBe(`${portal.base}/api/parametric/preview`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ clientId, engineName: ENGINE });
      expect(new URL(owner.url()).pathname).toBe('/');

      await tab.getByRole('heading', { name: ENGINE }).waitFor();
      const table = tab.getByRole('table', { name: 'Search results' });
      await table.waitFor();
      await expect.poll(() => shownParts(table), { timeout: 10_000 }).toEqual(ALL_PARTS);

      await tab.getByRole('searchbox', { name: 'Search' }).pressSequentially('washer');
      await expect
        .poll(() => shownParts(table), { timeout: 10_000 })
        .toEqual(['Flat washer M6', 'Spring washer M8']);
      await tab.getByRole('searchbox', { name: 'Search' }).pressSequentially(' spring');
      await expect.poll(() => shownParts(table), { timeout: 10_000 }).toEqual(['Spring washer M8']);
    } finally {
      await tab.close();
    }
  });

  it("Given the engine's install page, when the owner clicks Copy for the Script, then 'Copied!' shows and the clipboard holds the snippet's head", async () => {
    const snippet = await ownerApi.call('GET', `client/${clientId}/pm/snippet`);
    expect(snippet.status).toBe(200);
    const head = snippet.body.head as string;
    expect(head).toContain(`data-siteseer-client="${clientId}"`);
    await owner.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));

    await owner.getByRole('article', { name: ENGINE }).getByRole('link', { name: 'Install' }).click();
    await owner.getByRole('heading', { name: `Install Search: ${ENGINE}` }).waitFor();
    const script = owner.getByRole('region', { name: 'Script' });
    await script.getByRole('button', { name: 'Copy Script' }).click();
    await owner.getByRole('tooltip', { name: 'Copied!' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(head);
    // The tooltip says 'Copied!' for a moment only.
    await owner.getByRole('tooltip').waitFor({ state: 'detached', timeout: 3000 });
  });

  it('Given the live engine, when the owner edits it with a new file, then the last step says what the new file changes before Finish & Publish', async () => {
    await owner.goto(`${portal.base}/`);
    const card = owner.getByRole('article', { name: ENGINE });
    await card.getByRole('button', { name: `Actions for ${ENGINE}` }).click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    await owner.getByRole('checkbox', { name: "I'd like to update the file" }).check();
    // The new file drops Kind, adds Weight (g) and has six rows where the live one has five.
    const newFile = [
      'Part,Price,Weight (g)',
      'Hex bolt M6,0.25,4',
      'Carriage bolt M8,0.40,9',
      'Hex nut M6,0.10,2',
      'Flat washer M6,0.05,1',
      'Spring washer M8,0.07,1',
      'Lock washer M6,0.06,1',
      '',
    ].join('\n');
    await owner.getByLabel('CSV or XLSX file').setInputFiles({
      name: 'fasteners-v2.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(newFile),
    });
    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByRole('table', { name: 'Columns' }).waitFor();
    await owner.getByRole('button', { name: 'Next' }).click();
    const note = owner.getByRole('note', { name: 'What the new file changes' });
    await note.waitFor();
    expect(await note.getByRole('listitem').allTextContents()).toEqual([
      'Rows: 5 → 6',
      'Columns added: Weight (g)',
      'Columns removed: Kind',
    ]);
    await owner.getByRole('button', { name: 'Finish & Publish' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      expect(await accessibilityViolations(owner, scheme), scheme).toEqual([]);
    }
  });
});
