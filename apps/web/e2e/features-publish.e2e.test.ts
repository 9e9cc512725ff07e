import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { type ApiSession, apiSession, createTenant, publishParametricEngine } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 13, screens 5 and 6: the super admin's feature switches, and a parametric engine's versions
// published back and forth from the portal, each checked against the real API.
const ENGINE = 'Fastener Catalogue';
const V1_CSV = [
  'Part,Kind,Price',
  'Hex bolt M6,Bolt,0.25',
  'Carriage bolt M8,Bolt,0.40',
  'Hex nut M6,Nut,0.10',
  'Flat washer M6,Washer,0.05',
  'Spring washer M8,Washer,0.07',
  '',
].join('\n');
const V2_CSV = ['Part,Kind,Price', 'Hex bolt M6,Bolt,0.27', 'Lock nut M6,Nut,0.12', ''].join('\n');

let portal: RunningPortal;
let adminBrowser: Browser;
let ownerBrowser: Browser;
let admin: Page;
let owner: Page;
let ownerApi: ApiSession;
let superAdminApi: ApiSession;
let engineId: string;
let clientId: string;
let importId: string;
let ownerEmail: string;
const invitations = new Map<string, string>();

async function expectAccessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** What a visitor of the customer's site gets: the public search of the engine's client, over HTTP. */
async function publicSearch(q: string): Promise<{ total: number; version: number }> {
  const query = await fetch(`${portal.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q, pageSize: 50 }),
  });
  const config = await fetch(`${portal.base}/search/${clientId}/config`);
  expect([query.status, config.status]).toEqual([200, 200]);
  const { total } = (await query.json()) as { total: number };
  const { version } = (await config.json()) as { version: number };
  return { total, version };
}

/** A new version of the engine's file, uploaded and published over the API (as a CI job would). */
async function uploadAndPublish(csv: string, fileName: string): Promise<number> {
  const form = new FormData();
  form.set('accountId', ownerApi.accountId);
  form.set('engineId', engineId);
  form.set('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const uploaded = await fetch(`${portal.base}/api/parametric/file/${importId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerApi.token}` },
    body: form,
  });
  const { version } = (await uploaded.json()) as { version: number };
  expect(uploaded.status).toBe(200);
  const published = await ownerApi.call('PUT', 'parametric/publish', {
    version,
    accountId: ownerApi.accountId,
    engineId,
    clientId,
  });
  expect(published.status).toBe(200);
  return version;
}

const configureStep = (page: Page) => page.getByRole('tab', { name: /Configure$/ });

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal({ onInvitation: (email, link) => invitations.set(email.toLowerCase(), link) });
  const credentials = portal.api.credentials;
  if (!credentials) throw new Error('The test server did not seed its logins');
  ownerEmail = credentials.owner.email;
  ownerApi = await apiSession(portal.base, portal.config, ownerEmail, credentials.owner.password);
  superAdminApi = await apiSession(
    portal.base,
    portal.config,
    credentials.superAdmin.email,
    credentials.superAdmin.password,
  );
  ({ engineId, clientId } = await publishParametricEngine(portal.base, ownerApi, ENGINE, V1_CSV));
  const engine = await ownerApi.call('GET', `searchengines/${engineId}?accountId=${ownerApi.accountId}`);
  importId = engine.body.searchEngineDetail.importId;
  expect(await uploadAndPublish(V2_CSV, 'fastener-catalogue-v2.csv')).toBe(2);

  adminBrowser = await launchBrowser();
  ownerBrowser = await launchBrowser();
  admin = await adminBrowser.context.newPage();
  owner = await ownerBrowser.context.newPage();
  await signInThroughPortal(
    admin,
    portal.base,
    credentials.superAdmin.email,
    credentials.superAdmin.password,
  );
  await signInThroughPortal(owner, portal.base, ownerEmail, credentials.owner.password);
});

afterAll(async () => {
  await adminBrowser?.close();
  await ownerBrowser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('Toggle Features in Chromium', () => {
  it('Given the owner, when they open /features, then they are sent home', async () => {
    await owner.goto(`${portal.base}/features`);
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    expect(new URL(owner.url()).pathname).toBe('/');
    expect(await owner.getByRole('link', { name: 'Features' }).count()).toBe(0);
  });

  it('Given the super admin, when they switch PM_WIZARD_SE_CONFIG off for Owner, then after a reload the owner’s parametric wizard has no Configure step', async () => {
    await owner.goto(`${portal.base}/engine/parametric/create`);
    await configureStep(owner).waitFor();

    await admin.getByRole('link', { name: 'Features' }).click();
    const table = admin.getByRole('table', { name: 'Toggle Features' });
    await table.waitFor();
    expect(await admin.title()).toBe('Toggle Features | Siteseer');
    const name = table.getByRole('rowheader', { name: 'PM_WIZARD_SE_CONFIG' });
    // Reached by keyboard (the tooltip opens on keyboard focus, as on hover).
    await name.getByText('PM_WIZARD_SE_CONFIG').focus();
    await admin.keyboard.press('Shift+Tab');
    await admin.keyboard.press('Tab');
    await admin
      .getByRole('tooltip', { name: 'Parametric wizard: the Configure step (application settings).' })
      .waitFor();
    await expectAccessible(admin);

    const forOwner = table.getByRole('switch', { name: 'PM_WIZARD_SE_CONFIG for Owner' });
    expect(await forOwner.isChecked()).toBe(true);
    await forOwner.click();
    expect(await forOwner.isChecked()).toBe(false);
    await expect
      .poll(
        async () => {
          const features = await superAdminApi.call('GET', 'features');
          return features.body.find((f: { name: string }) => f.name === 'PM_WIZARD_SE_CONFIG').allowedRoles;
        },
        { timeout: 10_000 },
      )
      .toEqual(['superadmin', 'admin']);
    expect(await admin.getByRole('alert').count()).toBe(0);

    await owner.reload();
    await owner.getByRole('tab', { name: /Fields$/ }).waitFor();
    expect(await configureStep(owner).count()).toBe(0);
    // The super admin keeps it: the switch was the owner's only.
    expect(await table.getByRole('switch', { name: 'PM_WIZARD_SE_CONFIG for Super Admin' }).isChecked()).toBe(
      true,
    );
  });
});

describe.runIf(browserTests)('Publish Versions in Chromium', () => {
  it('Given two versions with version 2 live, when the owner publishes version 1 from the engine’s menu, then the public search answers from version 1', async () => {
    expect(await publicSearch('carriage')).toEqual({ total: 0, version: 2 });

    await owner.goto(`${portal.base}/`);
    const card = owner.getByRole('article', { name: ENGINE });
    await card.getByRole('button', { name: `Actions for ${ENGINE}` }).click();
    await owner.getByRole('menuitem', { name: 'Publish Versions' }).click();
    await owner.getByRole('heading', { name: `Publish Versions: ${ENGINE}` }).waitFor();
    expect(new URL(owner.url()).pathname).toBe(`/engine/${engineId}/publish`);
    expect(await owner.title()).toBe('Publish Versions | Siteseer');

    const table = owner.getByRole('table', { name: 'Versions' });
    const row = (version: number) =>
      table.getByRole('row').filter({ has: owner.getByRole('rowheader', { name: `Version ${version}` }) });
    await row(1).waitFor();
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(['Version 2', 'Version 1']);
    expect(await row(2).getByText('Live', { exact: true }).count()).toBe(1);
    expect(await row(2).getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await row(1).getByRole('cell').allTextContents()).toEqual([
      'fastener-catalogue.csv',
      expect.any(String),
      '5',
      ownerEmail,
      '',
      'DownloadPublish',
    ]);
    await expectAccessible(owner);

    const downloading = owner.waitForEvent('download');
    await row(1).getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(await readFile(await download.path(), 'utf8')).toBe(V1_CSV);

    await row(1).getByRole('button', { name: 'Publish' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Publish version 1?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('fastener-catalogue.csv');
    await expectAccessible(owner);
    await dialog.getByRole('button', { name: 'Publish version 1' }).click();
    await owner.getByRole('status').filter({ hasText: 'Version 1 is live.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(1).getByText('Live', { exact: true }).count()).toBe(1);
    expect(await row(2).getByRole('button', { name: 'Publish' }).count()).toBe(1);

    expect(await publicSearch('carriage')).toEqual({ total: 1, version: 1 });
    expect((await publicSearch('')).total).toBe(5);

    // The dashboard's card names the live file too.
    await owner.getByRole('link', { name: 'Dashboard' }).click();
    await card.getByText('fastener-catalogue.csv').waitFor();
  });

  it('Given a keyword engine, then the route says versions are for parametric engines', async () => {
    const created = await ownerApi.call('POST', 'searchengines', {
      accountId: ownerApi.accountId,
      searchEngineType: 'kw',
      searchEngineName: 'Docs Search Engine',
      urls: ['https://docs.example.com/'],
    });
    expect(created.status).toBe(200);
    await owner.goto(`${portal.base}/engine/${created.body.documentId}/publish`);
    await owner.getByText('Versions are kept for parametric engines only', { exact: false }).waitFor();
    expect(await owner.getByRole('table').count()).toBe(0);
    await expectAccessible(owner);
  });

  it("Given another account's owner, when they open this engine's publish route, then they get nothing of it", async () => {
    const tenant = await createTenant(portal.base, portal.config, superAdminApi, invitations, {
      name: 'Tenant B',
      ownerEmail: 'owner@tenant-b.test',
    });
    const other = await launchBrowser();
    try {
      const page = await other.context.newPage();
      await signInThroughPortal(page, portal.base, tenant.email, tenant.password);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/parametric/')) asked.push(request.url());
      });
      await page.goto(`${portal.base}/engine/${engineId}/publish`);
      await page.getByText('This search engine was not found.').waitFor();
      const text = (await page.locator('body').textContent()) ?? '';
      expect([ENGINE, 'fastener-catalogue', ownerEmail].filter((shown) => text.includes(shown))).toEqual([]);
      expect(asked).toEqual([]);
      const bApi = await apiSession(portal.base, portal.config, tenant.email, tenant.password);
      expect((await bApi.call('GET', `parametric/file/${importId}/history`)).status).toBe(404);
      expect(
        (
          await bApi.call('PUT', 'parametric/publish', {
            version: 2,
            accountId: ownerApi.accountId,
            engineId,
            clientId,
          })
        ).status,
      ).toBe(404);
      expect(await publicSearch('carriage')).toEqual({ total: 1, version: 1 });
    } finally {
      await other.close();
    }
  });
});
