import type { CredentialStore, StoredCredentials } from './credentials.ts';
import { jwtClaims } from './jwt-claims.ts';
import type { OidcClient, TokenSet } from './oidc.ts';

/** Tokens are refreshed this long before they expire (the spec's 120 seconds). */
const REFRESH_EARLY_MS = 120_000;

/** When a token set's access token expires: its `exp` claim, else `expires_in`, else in 5 minutes. */
export function expiryOf(tokens: TokenSet, now: number): number {
  const exp = jwtClaims(tokens.accessToken)?.exp;
  if (typeof exp === 'number') return exp * 1000;
  return now + (tokens.expiresIn ?? 300) * 1000;
}

/** Credentials updated with a token set (a refresh may or may not rotate the refresh token). */
export function withTokens(
  base: Omit<StoredCredentials, 'accessToken' | 'expiresAt'> & Partial<StoredCredentials>,
  tokens: TokenSet,
  now: number,
): StoredCredentials {
  const email = jwtClaims(tokens.accessToken)?.email;
  return {
    ...base,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? base.refreshToken,
    idToken: tokens.idToken ?? base.idToken,
    expiresAt: expiryOf(tokens, now),
    email: typeof email === 'string' ? email : base.email,
  };
}

/**
 * A saved login as a token source: the access token, refreshed (and saved again) when it is
 * within 120 s of expiry, or when the API answered 401 once.
 */
export class StoredSession {
  private credentials: StoredCredentials;
  private readonly store: CredentialStore;
  private readonly oidc: () => Promise<OidcClient>;
  private readonly now: () => number;
  private refreshing: Promise<void> | undefined;

  constructor(init: {
    credentials: StoredCredentials;
    store: CredentialStore;
    oidc: () => Promise<OidcClient>;
    now: () => number;
  }) {
    this.credentials = init.credentials;
    this.store = init.store;
    this.oidc = init.oidc;
    this.now = init.now;
  }

  get current(): StoredCredentials {
    return this.credentials;
  }

  /** The access token, refreshed first when it is about to expire and a refresh token exists. */
  async getToken(): Promise<string> {
    if (this.credentials.refreshToken && this.credentials.expiresAt - this.now() <= REFRESH_EARLY_MS) {
      await this.refresh();
    }
    return this.credentials.accessToken;
  }

  /** Refreshes now; false when there is no refresh token. Concurrent callers share one refresh. */
  async refresh(): Promise<boolean> {
    const refreshToken = this.credentials.refreshToken;
    if (!refreshToken) return false;
    // One refresh at a time: the issuer rotates refresh tokens and revokes the grant on reuse.
    this.refreshing ??= (async () => {
      try {
        const tokens = await (await this.oidc()).refresh(refreshToken);
        this.credentials = withTokens(this.credentials, tokens, this.now());
        await this.store.save(this.credentials);
      } finally {
        this.refreshing = undefined;
      }
    })();
    await this.refreshing;
    return true;
  }
}
