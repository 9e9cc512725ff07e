import type { RuntimeConfig } from '../config/runtime-config.ts';

/** The token answer the session keeps (from the code exchange or a refresh). */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** Seconds until the access token expires, when the provider says. */
  expiresIn: number | undefined;
}

/** What the session needs of the identity provider: authorization code + PKCE, refresh, revoke, end session. */
export interface IdentityClient {
  authorizationUrl(input: { codeChallenge: string; state: string }): Promise<URL>;
  exchangeCode(currentUrl: URL, checks: { codeVerifier: string; state: string }): Promise<TokenAnswer>;
  refresh(refreshToken: string): Promise<TokenAnswer>;
  revoke(refreshToken: string): Promise<void>;
  endSessionUrl(idToken: string | undefined): Promise<URL>;
  randomVerifier(): Promise<string>;
  randomState(): Promise<string>;
  codeChallenge(verifier: string): Promise<string>;
}

/**
 * The identity client over openid-client, loaded on first use so the sign-in code stays out of the
 * first screen's bundle. Discovery runs once; plain-http issuers are allowed only on loopback hosts
 * (local runs and tests), as openid-client otherwise refuses them.
 */
export function openIdClient(config: RuntimeConfig): IdentityClient {
  let lib: Promise<typeof import('openid-client')> | undefined;
  let discovered: Promise<import('openid-client').Configuration> | undefined;
  const load = () => {
    lib ??= import('openid-client');
    return lib;
  };
  const configuration = () => {
    discovered ??= load().then((oidc) => {
      const issuer = new URL(config.issuer);
      const insecure = issuer.protocol === 'http:';
      return oidc.discovery(
        issuer,
        config.clientId,
        undefined,
        oidc.None(),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    });
    // A failed discovery is retried on the next call rather than cached.
    discovered.catch(() => {
      discovered = undefined;
    });
    return discovered;
  };
  const answer = (tokens: {
    access_token: string;
    refresh_token?: string | undefined;
    id_token?: string | undefined;
    expires_in?: number | undefined;
  }): TokenAnswer => ({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
    expiresIn: tokens.expires_in,
  });

  return {
    async authorizationUrl({ codeChallenge, state }) {
      const [oidc, cfg] = await Promise.all([load(), configuration()]);
      return oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
      });
    },
    async exchangeCode(currentUrl, checks) {
      const [oidc, cfg] = await Promise.all([load(), configuration()]);
      const tokens = await oidc.authorizationCodeGrant(cfg, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      return answer(tokens);
    },
    async refresh(refreshToken) {
      const [oidc, cfg] = await Promise.all([load(), configuration()]);
      return answer(await oidc.refreshTokenGrant(cfg, refreshToken));
    },
    async revoke(refreshToken) {
      const [oidc, cfg] = await Promise.all([load(), configuration()]);
      await oidc.tokenRevocation(cfg, refreshToken, { token_type_hint: 'refresh_token' });
    },
    async endSessionUrl(idToken) {
      const [oidc, cfg] = await Promise.all([load(), configuration()]);
      const params: Record<string, string> = { post_logout_redirect_uri: config.postLogoutRedirectUri };
      if (idToken) params.id_token_hint = idToken;
      else params.client_id = config.clientId;
      return oidc.buildEndSessionUrl(cfg, params);
    },
    async randomVerifier() {
      return (await load()).randomPKCECodeVerifier();
    },
    async randomState() {
      return (await load()).randomState();
    },
    async codeChallenge(verifier) {
      return (await load()).calculatePKCECodeChallenge(verifier);
    },
  };
}
