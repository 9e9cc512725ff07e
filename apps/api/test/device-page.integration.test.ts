import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser, formAction, hiddenInput } from './browser.ts';
import { cliClient, cliSignIn } from './cli-sign-in.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let owner: { email: string; password: string };

beforeAll(async () => {
  server = await startTestServer();
  const credentials = server.credentials;
  if (!credentials) throw new Error('A fresh server has demo credentials');
  owner = credentials.owner;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function newDevice() {
  return oidc.initiateDeviceAuthorization(await cliClient(server), { scope: 'openid email' });
}

async function page(browser: CookieBrowser, url: string): Promise<string> {
  return (await browser.follow(url, server.base)).response.text();
}

describe('the device-approval pages', () => {
  it('given the CLI’s link with the code, then the code page shows it filled in, and nobody signed in yet', async () => {
    const device = await newDevice();
    const html = await page(new CookieBrowser(), device.verification_uri_complete ?? '');
    expect(html).toContain(`value="${device.user_code}"`);
    expect(html).toContain('Check that this is the code the Siteseer CLI shows.');
    expect(html).not.toContain('Signing in as');
  });

  it('given a browser signed in, then the pages say who signs in, and the success page names them', async () => {
    const browser = new CookieBrowser();
    const first = await cliSignIn(server, owner.email, owner.password, browser);
    expect(first.pages.done).toContain(`Siteseer CLI is signed in as <strong>${owner.email}</strong>`);

    const device = await newDevice();
    const input = await page(browser, device.verification_uri_complete ?? '');
    expect(input).toContain(`Signing in as <strong>${owner.email}</strong>`);
    const confirm = await (
      await browser.post(new URL(formAction(input) ?? '', server.base), {
        xsrf: hiddenInput(input, 'xsrf') ?? '',
        user_code: device.user_code,
      })
    ).text();
    expect(confirm).toContain(`Signing in as <strong>${owner.email}</strong>`);
    expect(confirm).toContain('Not you?');
  });

  it('given Not you?, when followed, then the browser is signed out and back on the code page with the code', async () => {
    const browser = new CookieBrowser();
    await cliSignIn(server, owner.email, owner.password, browser);
    const device = await newDevice();
    const input = await page(browser, device.verification_uri_complete ?? '');
    const notYou = /<a href="([^"]+)">Not you\?<\/a>/.exec(input)?.[1]?.replaceAll('&amp;', '&');
    expect(notYou).toBeTruthy();
    // The sign-out page submits its form by script; a browser without one submits it by hand.
    const logout = await page(browser, notYou ?? '');
    const fields: Record<string, string> = { logout: 'yes' };
    for (const name of ['xsrf']) fields[name] = hiddenInput(logout, name) ?? '';
    const signedOut = await browser.post(new URL(formAction(logout) ?? '', server.base), fields);
    const back = await browser.follow(signedOut.headers.get('location') ?? '', server.base);
    const again = await back.response.text();
    expect(back.url.pathname).toBe('/oidc/device');
    expect(again).toContain(`value="${device.user_code}"`);
    expect(again).not.toContain('Signing in as');
  });
});
