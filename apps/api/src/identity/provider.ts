import type { KoaContextWithOIDC } from 'oidc-provider';
import Provider from 'oidc-provider';
import { GRANT_ID_CLAIM } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import { findUserById } from '../repositories/users.ts';
import type { Queryable } from '../store/types.ts';
import { loadCookieKeys, loadSigningKeys, SIGNING_ALG } from './keys.ts';
import { createOidcAdapter } from './oidc-adapter.ts';
import {
  deviceCodeConfirmPage,
  deviceCodeInputPage,
  deviceSuccessPage,
  logoutPage,
  messagePage,
} from './pages.ts';

/** The scopes of the spec, granted to Siteseer's own (first-party) clients without a consent screen. */
export const SCOPES = 'openid email profile groups offline_access';

const TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  DeviceCode: 10 * 60,
  IdToken: 15 * 60,
  Interaction: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
};

function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/**
 * Sends the CLI's link (`/device?user_code=…`) on to the code page with the code to fill in
 * (`?state=`, as "Not you?" comes back), rather than to the provider's own handling, which submits
 * it with an inline script the pages' CSP refuses (and would approve a code nobody looked at).
 */
function holdDeviceLinkCode(issuer: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    const code = ctx.query.user_code;
    if (ctx.method === 'GET' && ctx.path.endsWith('/device') && typeof code === 'string') {
      ctx.redirect(`${issuer}/device?${new URLSearchParams({ state: code })}`);
      return;
    }
    await next();
  };
}

/** The code to fill in on the code page: the CLI link's, or the one "Not you?" came back with. */
function prefilledCode(ctx: KoaContextWithOIDC): string | undefined {
  const code = ctx.query.state;
  return typeof code === 'string' && code.length <= 32 ? code : undefined;
}

/**
 * The embedded OpenID Connect provider: authorization code + PKCE for the portal, the device
 * authorization grant for the CLI, rotating refresh tokens, and JWT access tokens (RFC 9068) for
 * the API audience carrying email, name and groups. Mounted at `/oidc`.
 */
export async function createIdentityProvider(config: Config, db: Queryable): Promise<Provider> {
  const { identity, publicUrl } = config;
  const firstParty = new Set([identity.portalClientId, identity.cliClientId]);

  /** The login of the browser's session at the provider, with the sign-out that returns to `code`. */
  const signingInAs = async (ctx: KoaContextWithOIDC, code: string | undefined) => {
    const accountId = ctx.oidc.session?.accountId;
    const user = accountId ? await findUserById(db, accountId) : undefined;
    if (!user) return undefined;
    const back = new URLSearchParams({
      client_id: identity.cliClientId,
      post_logout_redirect_uri: `${identity.issuer}/device`,
      ...(code ? { state: code } : {}),
    });
    return { email: user.email, notYouUrl: `${identity.issuer}/session/end?${back}` };
  };

  const provider = new Provider(identity.issuer, {
    adapter: createOidcAdapter(db),
    jwks: await loadSigningKeys(db),
    cookies: { keys: await loadCookieKeys(db), long: { signed: true }, short: { signed: true } },
    clients: [
      {
        client_id: identity.portalClientId,
        client_name: 'Siteseer portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/login`],
      },
      {
        // Registered as 'web' with no redirect URIs: a 'native' client is asked for consent every time.
        client_id: identity.cliClientId,
        client_name: 'Siteseer CLI',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
        response_types: [],
        redirect_uris: [],
        // "Not you?" on the device pages signs out and comes back to them.
        post_logout_redirect_uris: [`${identity.issuer}/device`],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: SCOPES.split(' '),
    responseTypes: ['code'],
    pkce: { required: () => true },
    ttl: TTL,
    rotateRefreshToken: true,
    // Siteseer's own clients get refresh tokens without `prompt=consent` (which would otherwise
    // drop offline_access).
    issueRefreshToken: async (_ctx, client) =>
      client.grantTypeAllowed('refresh_token') && firstParty.has(client.clientId),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user || user.status === 'DEPROVISIONED') return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          name: displayName(user),
          given_name: user.firstName,
          family_name: user.lastName,
          groups: user.groups,
        }),
      };
    },
    // Re-read on every issue (and so on every refresh): a changed group membership shows at once.
    // The grant id lets the API refuse the token as soon as logout or revocation deletes the grant.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      return {
        email: user.email,
        name: displayName(user),
        groups: user.groups,
        [GRANT_ID_CLAIM]: token.grantId,
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing || !firstParty.has(client.clientId)) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      grant.addOIDCClaims(['email', 'name', 'groups']);
      grant.addResourceScope(identity.audience, SCOPES);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      // Both clients are public: each may revoke only the tokens issued to it.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        // `logout=yes` ends the provider's session too: without it only the portal's grant went,
        // and the next sign-in in that browser needed no password. The CLI's device-flow grants
        // persist (the provider marks them so) and keep working.
        logoutSource: async (ctx, providerForm) => {
          ctx.body = logoutPage(
            providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>'),
          );
        },
        // The provider's own page has an inline style and a web font: ours passes the CSP.
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = messagePage('Signed out', 'You are signed out.', { href: '/login', text: 'Sign in' });
        },
      },
      deviceFlow: {
        enabled: true,
        charset: 'base-20',
        mask: '****-****',
        userCodeInputSource: async (ctx, form, _out, err) => {
          const error = err
            ? err.name === 'NoCodeError' || 'userCode' in err
              ? 'That code is not valid. Check it and try again.'
              : 'The sign-in request could not be completed. Start again from the CLI.'
            : undefined;
          const code = prefilledCode(ctx);
          ctx.body = deviceCodeInputPage(form, error, { code, who: await signingInAs(ctx, code) });
        },
        userCodeConfirmSource: async (ctx, form, client, _deviceInfo, userCode) => {
          const who = await signingInAs(ctx, userCode);
          ctx.body = deviceCodeConfirmPage(form, client.clientName ?? client.clientId, userCode, who);
        },
        successSource: async (ctx) => {
          const who = await signingInAs(ctx, undefined);
          ctx.body = deviceSuccessPage(ctx.oidc.client?.clientName ?? 'The device', who?.email);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => identity.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: SCOPES,
          audience: identity.audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: TTL.AccessToken,
          jwt: { sign: { alg: SIGNING_ALG } },
        }),
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', `${out.error}: ${out.error_description ?? ''}`.trim(), {
        href: '/login',
        text: 'Back to sign in',
      });
    },
  });
  if (publicUrl.startsWith('https:')) provider.proxy = true;
  provider.use(holdDeviceLinkCode(identity.issuer));
  return provider;
}
