import { MESSAGES } from '@siteseer/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromiumAvailable, launchBrowser, signInThroughPortal } from './chromium.ts';
import { apiSession, createTenant, publishParametricEngine, seedEngines } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 5: a user of another account sees none of the owner's engines, on the dashboard or by URL.
const A_ENGINES = ['Docs Search Engine', 'Removable Engine', 'Bare Parametric Engine', 'Catalogue of A'];
const B_ENGINE = 'Tenant B Engine';

let portal: RunningPortal;
let browser: Browser;
let ownerB: Page;
/** The published parametric engine of account A (the seeded demo account). */
let engineOfA: string;
/** The set-password link sent to each invited login. */
const invitations = new Map<string, string>();

/** The names of the engine cards on the dashboard (each card is an article titled by an h2). */
function engineCardNames(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
}

/** Account A's engine names written anywhere in the page, hidden text included. */
async function namesOfAShown(page: Page): Promise<string[]> {
  const text = (await page.locator('body').textContent()) ?? '';
  return A_ENGINES.filter((name) => text.includes(name));
}

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal({ onInvitation: (email, link) => invitations.set(email.toLowerCase(), link) });
  const credentials = portal.api.credentials;
  if (!credentials) throw new Error('The test server did not seed its logins');
  const { owner, superAdmin } = credentials;
  await seedEngines(portal.base, portal.config, owner.email, owner.password);
  const ownerA = await apiSession(portal.base, portal.config, owner.email, owner.password);
  ({ engineId: engineOfA } = await publishParametricEngine(
    portal.base,
    ownerA,
    'Catalogue of A',
    'Part,Price\nBolt,0.25\nNut,0.10\n',
  ));
  const admin = await apiSession(portal.base, portal.config, superAdmin.email, superAdmin.password);
  const tenantB = await createTenant(portal.base, portal.config, admin, invitations, {
    name: 'Tenant B',
    ownerEmail: 'owner@tenant-b.test',
  });
  const ownerBApi = await apiSession(portal.base, portal.config, tenantB.email, tenantB.password);
  expect(ownerBApi.accountId).toBe(tenantB.accountId);
  const created = await ownerBApi.call('POST', 'searchengines', {
    accountId: tenantB.accountId,
    searchEngineType: 'kw',
    searchEngineName: B_ENGINE,
    urls: ['https://tenant-b.example.com/'],
  });
  if (created.status !== 200) throw new Error(`B's engine not created: ${JSON.stringify(created.body)}`);
  browser = await launchBrowser();
  ownerB = await browser.context.newPage();
  await signInThroughPortal(ownerB, portal.base, tenantB.email, tenantB.password);
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('another account in Chromium', () => {
  it("Given account B's owner, when they open the dashboard, then it lists B's engine and none of account A's", async () => {
    await expect.poll(() => engineCardNames(ownerB), { timeout: 10_000 }).toEqual([B_ENGINE]);
    expect(await namesOfAShown(ownerB)).toEqual([]);
  });

  it("Given account A's engine id, when B's owner opens its install URL, then the no-engine message shows and none of A's data", async () => {
    await ownerB.goto(`${portal.base}/engine/${encodeURIComponent(engineOfA)}/install/`);
    await ownerB.getByText(MESSAGES.selectEngineForInstall).waitFor();
    expect(await ownerB.getByRole('heading', { level: 1 }).textContent()).toBe('Install Search');
    expect(await ownerB.getByRole('region', { name: 'Script' }).count()).toBe(0);
    expect(await namesOfAShown(ownerB)).toEqual([]);
  });

  it("Given account A's engine id, when B's owner opens its edit URL, then the engine is not found and none of A's data shows", async () => {
    await ownerB.goto(`${portal.base}/engine/parametric/${encodeURIComponent(engineOfA)}/edit`);
    await ownerB.getByRole('alert').filter({ hasText: 'This search engine was not found.' }).waitFor();
    expect(await ownerB.getByLabel('Search Engine Name').count()).toBe(0);
    expect(await namesOfAShown(ownerB)).toEqual([]);
  });
});
