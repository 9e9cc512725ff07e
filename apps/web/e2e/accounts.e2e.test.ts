import { createdDay, MESSAGES, productInUseMessage } from '@siteseer/core';
import { acceptInvitation, api, PASSWORD, signIn } from '@siteseer/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  type Browser,
  chromiumAvailable,
  launchBrowser,
  signInThroughPortal,
} from './chromium.ts';
import { apiSession, seedEngines } from './fixtures.ts';
import { type RunningPortal, startPortal } from './portal-server.ts';

// Issue 13, screens 3 and 4: My Account for an owner, an admin and a user, and the administration
// of accounts by a super admin, against the real API and the built portal.
const ADA = { first: 'Ada', last: 'Admin', email: 'ada@accounts.test' };
const UMA = { first: 'Uma', last: 'User', email: 'uma@accounts.test' };
const NEW_ACCOUNT = 'Harbor Supplies';
const RENAMED = 'Harbor Supply Co';

let portal: RunningPortal;
let ownerBrowser: Browser;
let owner: Page;
let credentials: NonNullable<RunningPortal['api']['credentials']>;
/** The set-password link sent to each invited login. */
const invitations = new Map<string, string>();

async function expectAccessible(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A row of the users table, found by the person's name in its row header. */
const userRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });

/** A row of the account list, found by the account name. */
const accountRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Accounts' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });

/** Fills and submits the add-user form. */
async function addUser(page: Page, user: { first: string; last: string; email: string }, role: string) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('First Name').fill(user.first);
  await page.getByLabel('Last Name').fill(user.last);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Add User' }).click();
}

/** A call with an account API key instead of a login's token; answers the status. */
async function statusWithKey(key: string, path: string): Promise<number> {
  const response = await fetch(`${portal.base}/api/${path}`, { headers: { 'x-api-key': key } });
  await response.body?.cancel();
  return response.status;
}

/** A call of the API as the super admin (who belongs to no account), with a fresh token. */
async function superAdminCall(method: string, path: string) {
  const { access_token: token } = await signIn(
    portal.api,
    credentials.superAdmin.email,
    credentials.superAdmin.password,
  );
  return api(portal.api, token, method, path);
}

/** Generates a key on the page (confirming) and returns the key it shows. */
async function generateKey(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Generate API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a new API key?' });
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await dialog.waitFor({ state: 'detached' });
  const key = (await page.getByRole('region', { name: 'New API key' }).locator('pre').textContent()) ?? '';
  expect(key).toMatch(/^ssk_/);
  return key;
}

/** Signs an invited person in, in a browser of their own, after setting their password. */
async function signInInvited(email: string): Promise<{ browser: Browser; page: Page }> {
  const link = invitations.get(email);
  if (!link) throw new Error(`No invitation was sent to ${email}`);
  await acceptInvitation(portal.api, link, PASSWORD);
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  await signInThroughPortal(page, portal.base, email, PASSWORD);
  return { browser, page };
}

// Required in CI (which installs Debian's Chromium); skipped on a machine without it.
const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal({ onInvitation: (email, link) => invitations.set(email.toLowerCase(), link) });
  if (!portal.api.credentials) throw new Error('The test server did not seed its logins');
  credentials = portal.api.credentials;
  // Engines of both kinds on the demo account: its products cannot be taken away.
  await seedEngines(portal.base, portal.config, credentials.owner.email, credentials.owner.password);
  ownerBrowser = await launchBrowser();
  await ownerBrowser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.base });
  owner = await ownerBrowser.context.newPage();
  await signInThroughPortal(owner, portal.base, credentials.owner.email, credentials.owner.password);
});

afterAll(async () => {
  await ownerBrowser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('My Account in Chromium', () => {
  it('Given the owner, when they open My Account, then the account, its products and its one user show', async () => {
    await owner.getByRole('link', { name: 'My Account' }).click();
    await owner.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(new URL(owner.url()).pathname).toBe('/account/view');
    await expect.poll(() => owner.title()).toBe(`My Account: ${credentials.owner.accountName} | Siteseer`);
    expect(await owner.getByLabel('Account Name').inputValue()).toBe(credentials.owner.accountName);
    expect(
      await owner.getByRole('list', { name: 'Products' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Parametric', 'Keyword']);
    await userRow(owner, 'Demo Owner').waitFor();
    await expectAccessible(owner);
  });

  it('Given the owner, when they generate an API key, then it is shown once, copies, works on the API, and a new one retires it', async () => {
    const first = await generateKey(owner);
    await owner.getByRole('button', { name: 'Copy New API key' }).click();
    await owner.getByRole('tooltip', { name: 'Copied!' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await statusWithKey(first, 'searchengines')).toBe(200);
    await owner.getByRole('tooltip').waitFor({ state: 'detached', timeout: 3000 });
    await expectAccessible(owner);

    const second = await generateKey(owner);
    expect(second).not.toBe(first);
    expect(await statusWithKey(second, 'searchengines')).toBe(200);
    expect(await statusWithKey(first, 'searchengines')).toBe(401);
    // Shown once: a fresh visit of the page has no key on it.
    await owner.reload();
    await owner.getByRole('button', { name: 'Generate API Key' }).waitFor();
    expect(await owner.getByRole('region', { name: 'New API key' }).count()).toBe(0);
  });

  it('Given the owner in edit mode, when they add two users, then they are held as not saved until Save, which invites them', async () => {
    await owner.getByRole('button', { name: 'Edit' }).click();
    await owner.waitForURL(/\/account\/edit$/);
    const save = owner.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const roles = owner.getByLabel('Role', { exact: true }).getByRole('option');
    expect(
      await roles.evaluateAll((options) =>
        options.map((o) => [o.textContent, (o as HTMLOptionElement).disabled]),
      ),
    ).toEqual([
      ['Owner', true],
      ['Admin', false],
      ['User', false],
    ]);
    await addUser(owner, { ...ADA, email: credentials.owner.email.toUpperCase() }, 'Admin');
    await owner.getByText(MESSAGES.emailInUse).waitFor();
    await addUser(owner, ADA, 'Admin');
    await addUser(owner, UMA, 'User');
    await userRow(owner, 'Uma User').getByText('Not saved').waitFor();
    expect(invitations.has(ADA.email)).toBe(false);
    await expectAccessible(owner);

    await save.click();
    await owner.getByText('Changes saved.').waitFor();
    expect(await userRow(owner, 'Ada Admin').getByText('Not saved').count()).toBe(0);
    expect(invitations.has(ADA.email) && invitations.has(UMA.email)).toBe(true);
    expect(
      await userRow(owner, 'Ada Admin').getByRole('combobox', { name: 'Role of Ada Admin' }).inputValue(),
    ).toBe('admin');
  });

  it('Given an unsaved user, when the owner presses Done, then the question is asked and Yes drops the user', async () => {
    await addUser(owner, { first: 'Temp', last: 'Person', email: 'temp@accounts.test' }, 'User');
    await userRow(owner, 'Temp Person').waitFor();
    await owner.getByRole('button', { name: 'Done' }).click();
    const question = owner.getByRole('dialog', { name: 'Unsaved changes' });
    await question.getByText(MESSAGES.unsavedChanges).waitFor();
    await expectAccessible(owner);
    await question.getByRole('button', { name: 'Yes' }).click();
    await owner.waitForURL(/\/account\/view$/);
    expect(await userRow(owner, 'Temp Person').count()).toBe(0);
    expect(invitations.has('temp@accounts.test')).toBe(false);
  });

  it('Given the admin and the plain user, then each sees what their role allows', async () => {
    const ada = await signInInvited(ADA.email);
    try {
      await ada.page.getByRole('link', { name: 'My Account' }).click();
      await ada.page.getByRole('button', { name: 'Generate API Key' }).waitFor();
      await ada.page.getByRole('button', { name: 'Edit' }).click();
      await ada.page.waitForURL(/\/account\/edit$/);
      const own = userRow(ada.page, 'Ada Admin');
      expect(await own.getByRole('combobox', { name: 'Role of Ada Admin' }).isDisabled()).toBe(true);
      expect(await own.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      const uma = userRow(ada.page, 'Uma User');
      expect(await uma.getByRole('button', { name: 'Transfer Ownership' }).isDisabled()).toBe(true);
      // Enabled once the account's users and invitations have both loaded.
      await expect.poll(() => uma.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
      expect(await uma.getByRole('combobox', { name: 'Role of Uma User' }).isEnabled()).toBe(true);
      expect(
        await userRow(ada.page, 'Demo Owner').getByRole('button', { name: 'Transfer Ownership' }).count(),
      ).toBe(0);
    } finally {
      await ada.browser.close();
    }

    const uma = await signInInvited(UMA.email);
    try {
      await uma.page.goto(`${portal.base}/account/edit`);
      await uma.page.waitForURL(/\/account\/view$/);
      await userRow(uma.page, 'Uma User').waitFor();
      expect(await uma.page.getByRole('button', { name: 'Generate API Key' }).count()).toBe(0);
      expect(await uma.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await uma.page.getByRole('form', { name: 'Add User' }).count()).toBe(0);
      await expectAccessible(uma.page);
    } finally {
      await uma.browser.close();
    }
  });

  it('Given the owner, when they transfer ownership to the admin, then the admin is owner and the owner becomes admin', async () => {
    await owner.getByRole('button', { name: 'Edit' }).click();
    await userRow(owner, 'Ada Admin').getByRole('button', { name: 'Transfer Ownership' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Transfer ownership?' });
    await expectAccessible(owner);
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const ada = userRow(owner, 'Ada Admin');
    await expect
      .poll(() => ada.getByRole('combobox', { name: 'Role of Ada Admin' }).inputValue())
      .toBe('owner');
    expect(await ada.getByRole('button', { name: 'Transfer Ownership' }).count()).toBe(0);
    const former = userRow(owner, 'Demo Owner');
    expect(await former.getByRole('combobox', { name: 'Role of Demo Owner' }).inputValue()).toBe('admin');
    // Now an admin, the former owner can no longer hand ownership on.
    await expect
      .poll(() => userRow(owner, 'Uma User').getByRole('button', { name: 'Transfer Ownership' }).isDisabled())
      .toBe(true);
    const session = await apiSession(
      portal.base,
      portal.config,
      credentials.owner.email,
      credentials.owner.password,
    );
    const users = await session.call('GET', `account/${session.accountId}/users`);
    expect(users.body.map((u: { email: string; role: string }) => [u.email, u.role]).sort()).toEqual(
      [
        [credentials.owner.email, 'admin'],
        [ADA.email, 'owner'],
        [UMA.email, 'user'],
      ].sort(),
    );
  });
});

describe.runIf(browserTests)('Administration in Chromium', () => {
  let superBrowser: Browser;
  let admin: Page;

  beforeAll(async () => {
    superBrowser = await launchBrowser();
    admin = await superBrowser.context.newPage();
    await signInThroughPortal(
      admin,
      portal.base,
      credentials.superAdmin.email,
      credentials.superAdmin.password,
    );
  });

  afterAll(async () => {
    await superBrowser?.close();
  });

  it('Given someone who is not a super admin, when they open /admin/accounts, then they are sent home', async () => {
    await owner.goto(`${portal.base}/admin/accounts`);
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    expect(new URL(owner.url()).pathname).toBe('/');
  });

  it('Given the super admin, when they open Administration, then the account list shows the demo account', async () => {
    await admin.getByRole('link', { name: 'Administration' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin/accounts');
    const demo = accountRow(admin, credentials.owner.accountName);
    await demo.waitFor();
    expect(await demo.getByRole('cell').first().textContent()).toBe('Parametric, Keyword');
    const listed = await superAdminCall('GET', 'admin/accounts');
    const created = listed.body.find(
      (a: { name: string }) => a.name === credentials.owner.accountName,
    ).createdDate;
    expect(await demo.getByRole('cell').nth(1).textContent()).toBe(createdDay(created));
    expect(createdDay(created)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectAccessible(admin);
  });

  it("Given the demo account's engines, when the super admin removes Keyword from it, then the API's refusal shows", async () => {
    await accountRow(admin, credentials.owner.accountName).getByRole('button', { name: 'Edit' }).click();
    await admin
      .getByRole('heading', { level: 1, name: `Editing: ${credentials.owner.accountName}` })
      .waitFor();
    await admin.getByRole('checkbox', { name: 'Keyword' }).uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(productInUseMessage('Keyword')).waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Yes' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  });

  it('Given Add Account, when the super admin creates an account with an owner, then its page opens with the API key generator', async () => {
    await admin.getByRole('button', { name: 'Add Account' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Create New Account' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Generate API Key' }).count()).toBe(0);
    const save = admin.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await admin.getByLabel('Account Name').fill(credentials.owner.accountName);
    await admin.getByRole('checkbox', { name: 'Parametric' }).check();
    await addUser(admin, { first: 'Hana', last: 'Harbor', email: 'hana@harbor.test' }, 'Owner');
    await userRow(admin, 'Hana Harbor').getByText('Not saved').waitFor();
    await expectAccessible(admin);
    await save.click();
    await admin.getByText(MESSAGES.accountNameTaken).waitFor();

    await admin.getByLabel('Account Name').fill(NEW_ACCOUNT);
    await save.click();
    await admin.getByRole('heading', { level: 1, name: `Editing: ${NEW_ACCOUNT}` }).waitFor();
    await admin.getByRole('button', { name: 'Generate API Key' }).waitFor();
    expect(
      await userRow(admin, 'Hana Harbor').getByRole('combobox', { name: 'Role of Hana Harbor' }).inputValue(),
    ).toBe('owner');
    expect(invitations.has('hana@harbor.test')).toBe(true);
  });

  it('Given the new account, when the super admin renames it and presses Done, then the list shows the new name', async () => {
    await admin.getByLabel('Account Name').fill(RENAMED);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Changes saved.').waitFor();
    await admin.getByRole('heading', { level: 1, name: `Editing: ${RENAMED}` }).waitFor();
    await admin.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    const row = accountRow(admin, RENAMED);
    expect(await row.getByRole('cell').first().textContent()).toBe('Parametric');

    await row.getByRole('link', { name: RENAMED }).click();
    await admin.getByRole('heading', { level: 1, name: RENAMED }).waitFor();
    expect(await admin.getByLabel('Account Name').getAttribute('readonly')).not.toBeNull();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  });

  it('Given the renamed account, when the super admin types its name in the delete dialog, then it is deleted', async () => {
    await accountRow(admin, RENAMED).getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete Account?' });
    await dialog.getByText(MESSAGES.accountDeleteNote).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Yes Delete this Account' });
    await dialog.getByLabel('Account name').fill(RENAMED.toLowerCase());
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Account name').fill(RENAMED);
    expect(await confirm.isEnabled()).toBe(true);
    await expectAccessible(admin);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await accountRow(admin, RENAMED).count()).toBe(0);
    const listed = await superAdminCall('GET', 'admin/accounts');
    expect(listed.status).toBe(200);
    expect(listed.body.map((a: { name: string }) => a.name)).toEqual([credentials.owner.accountName]);
  });
});
