import * as oidc from 'openid-client';
import { CookieBrowser, formAction } from './browser.ts';

/** The portal's OpenID client at `issuer` (plain http on 127.0.0.1 allowed: tests and the bench). */
export function discoverPortalClient(issuer: string, clientId: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

/**
 * Signs in through the portal's flow, as a browser: authorization code + PKCE, the login form
 * of the interaction, back to the redirect URI, then the token request. Used by the API tests
 * (`harness.ts`) and the benchmark.
 */
export async function portalSignIn(
  client: oidc.Configuration,
  base: string,
  email: string,
  password: string,
  /** The browser to sign in with; its cookies then hold the provider's session (to log out). */
  browser = new CookieBrowser(),
): Promise<oidc.TokenEndpointResponse> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const redirectUri = `${base}/auth/callback`;
  const authUrl = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: 'openid email profile groups offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const toLogin = await browser.follow(authUrl, base);
  const page = await toLogin.response.text();
  const action = formAction(page);
  if (!action)
    throw new Error(`No login form at ${toLogin.url}: ${toLogin.response.status} ${page.slice(0, 300)}`);
  const posted = await browser.post(new URL(action, base), { email, password });
  const location = posted.headers.get('location');
  if (posted.status !== 303 || !location) throw new Error(`Login failed with ${posted.status}`);
  const back = await browser.follow(location, base, (url) => url.href.startsWith(redirectUri));
  return oidc.authorizationCodeGrant(client, back.url, { pkceCodeVerifier: verifier, expectedState: state });
}
