import * as oidc from 'openid-client';
import { CookieBrowser, formAction, hiddenInput } from './browser.ts';
import type { TestServer } from './harness.ts';

/** The CLI's OpenID client (device authorization grant) on the test server. */
export function cliClient(server: TestServer): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(server.config.identity.issuer),
    server.config.identity.cliClientId,
    undefined,
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/**
 * Signs in as the CLI does: the device flow, with the person confirming the code and signing in
 * on the verification pages in a browser. Returns what each page showed, for tests of the pages.
 */
export async function cliSignIn(
  server: TestServer,
  email: string,
  password: string,
  /** A browser already signed in at the provider skips the login page. */
  browser = new CookieBrowser(),
): Promise<{
  tokens: oidc.TokenEndpointResponse;
  userCode: string;
  pages: { input: string; confirm: string; login: string; done: string };
}> {
  const cli = await cliClient(server);
  const device = await oidc.initiateDeviceAuthorization(cli, {
    scope: 'openid email profile groups offline_access',
  });
  const input = await (await browser.follow(device.verification_uri, server.base)).response.text();
  const submitted = await browser.post(new URL(formAction(input) ?? '', server.base), {
    xsrf: hiddenInput(input, 'xsrf') ?? '',
    user_code: device.user_code,
  });
  // The provider asks to confirm the code first, then signs the person in.
  const confirm = await submitted.text();
  const confirmed = await browser.post(new URL(formAction(confirm) ?? '', server.base), {
    xsrf: hiddenInput(confirm, 'xsrf') ?? '',
    user_code: hiddenInput(confirm, 'user_code') ?? '',
    confirm: 'yes',
  });
  const login = await (
    await browser.follow(confirmed.headers.get('location') ?? '', server.base)
  ).response.text();
  let done = login;
  if (login.includes('name="password"')) {
    const loggedIn = await browser.post(new URL(formAction(login) ?? '', server.base), { email, password });
    done = await (await browser.follow(loggedIn.headers.get('location') ?? '', server.base)).response.text();
  }
  const tokens = await oidc.pollDeviceAuthorizationGrant(cli, { ...device, interval: 0.1 });
  return { tokens, userCode: device.user_code, pages: { input, confirm, login, done } };
}
