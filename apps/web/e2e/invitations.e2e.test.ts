import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, type Browser, browserSignedIn, chromiumAvailable } from './chromium.ts';
import { type RunningPortal, seededOwner, startPortal } from './portal-server.ts';

// My Account's pending invitations and the CLI's device-approval page, in Chromium against the
// real API and the built portal, each checked with axe in both colour schemes.
let portal: RunningPortal;
let browser: Browser;
let page: Page;
let ownerEmail: string;

async function expectAccessible() {
  for (const scheme of ['light', 'dark'] as const) {
    expect(await accessibilityViolations(page, scheme), `${scheme}: ${page.url()}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const browserTests = chromiumAvailable();

beforeAll(async () => {
  if (!browserTests) return;
  portal = await startPortal();
  const owner = seededOwner(portal);
  ownerEmail = owner.email;
  ({ browser, page } = await browserSignedIn(portal.base, owner));
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.base });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe.runIf(browserTests)('Invitations and the device page in Chromium', () => {
  it('Given a user added on My Account, then their row is Pending, its link copies, and Revoke removes them', async () => {
    await page.goto(`${portal.base}/account/edit`);
    await page.getByLabel('Email').fill('ann@acme.test');
    await page.getByLabel('First Name').fill('Ann');
    await page.getByLabel('Last Name').fill('Lee');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved.').waitFor();
    const ann = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Ann Lee' }) });
    await ann.getByText('Pending').waitFor();
    await ann.getByText('Not e-mailed: copy the link').waitFor();

    // No SMTP server here: Resend is disabled, its tooltip saying why, instead of a 409 on click.
    const resend = ann.getByRole('button', { name: 'Resend' });
    await expect(resend.isDisabled()).resolves.toBe(true);
    await resend.locator('..').hover();
    await page
      .getByRole('tooltip', {
        name: 'E-mail is not set up on this server: copy the invitation link and send it yourself.',
      })
      .waitFor();
    await ann.getByRole('button', { name: 'Copy invitation link' }).click();
    const shown = page.getByRole('region', { name: 'Invitation link for ann@acme.test' }).locator('pre');
    const link = (await shown.textContent()) ?? '';
    expect(link).toContain('/auth/set-password?token=');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible();

    await ann.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke invitation?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    // The dialog closes once the server has answered; the row alone may leave earlier, while the
    // table refetches.
    await dialog.waitFor({ state: 'detached' });
    await ann.waitFor({ state: 'detached' });
    const answer = await fetch(link);
    await answer.body?.cancel();
    expect(answer.status).toBe(400);
  });

  it('Given the CLI’s link in a signed-in browser, then the device page names the login and fills in the code', async () => {
    const device = (await (
      await fetch(`${portal.config.identity.issuer}/device/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: portal.config.identity.cliClientId, scope: 'openid' }),
      })
    ).json()) as { verification_uri_complete: string; user_code: string };
    await page.goto(device.verification_uri_complete);
    await page.getByText(`Signing in as ${ownerEmail}`).waitFor();
    expect(await page.getByLabel('Code').inputValue()).toBe(device.user_code);
    await expectAccessible();

    await page.getByRole('link', { name: 'Not you?' }).click();
    await page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    expect(page.url()).toContain('/oidc/device');
    expect(await page.getByText('Signing in as').count()).toBe(0);
    expect(await page.getByLabel('Code').inputValue()).toBe(device.user_code);
  });
});
