import { TIMING } from '@siteseer/core';
import type { IdentityClient, TokenAnswer } from './oidc.ts';
import type { StoredTokens, TokenStore } from './token-store.ts';

/** The sign-in in progress, kept in sessionStorage between /login and /auth/callback. */
interface PendingLogin {
  codeVerifier: string;
  state: string;
  redirect: string;
}

const PENDING_KEY = 'siteseer.login';
const REFRESH_LOCK = 'siteseer.token-refresh';
/** Access tokens this close to their expiry count as expired (clock skew, request time). */
const EXPIRY_MARGIN_MS = 10_000;
/**
 * The spec refreshes the token on each navigation. Navigations that follow one another within this
 * window reuse the fresh token, so a burst of clicks does not rotate the refresh token each time.
 */
const NAVIGATION_REFRESH_MIN_AGE_MS = 30_000;

/** The sign-in could not be completed (no sign-in in progress, or the provider refused the code). */
class LoginError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LoginError';
  }
}

export interface SessionDeps {
  identity: IdentityClient;
  tokens: TokenStore;
  /** Per-tab storage for the sign-in in progress (sessionStorage). */
  pending: Storage;
  now?: () => number;
  /** The Web Locks API; absent (old browsers, tests), refreshes are serialised within the tab only. */
  locks?: LockManager | undefined;
}

export type Session = ReturnType<typeof createSession>;

/** Whether an error is the provider's answer (invalid_grant...) rather than a network failure. */
function isProviderRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string'
  );
}

/**
 * The browser session: sign-in by authorization code + PKCE, tokens in localStorage, refreshes
 * serialised across tabs (the provider rotates refresh tokens and revokes the grant when one is used
 * twice), refresh 120 s before expiry and on navigation, and sign-out.
 */
export function createSession({ identity, tokens, pending, now = Date.now, locks }: SessionDeps) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  tokens.subscribe(notify);
  let tabQueue: Promise<unknown> = Promise.resolve();

  const toStored = (answer: TokenAnswer, previous?: StoredTokens): StoredTokens => ({
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken ?? previous?.refreshToken,
    idToken: answer.idToken ?? previous?.idToken,
    expiresAt: now() + (answer.expiresIn ?? 300) * 1000,
    obtainedAt: now(),
  });

  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    if (locks) return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, task) as Promise<T>;
    const run = tabQueue.then(task, task);
    tabQueue = run.catch(() => undefined);
    return run;
  };

  const isExpired = (t: StoredTokens) => t.expiresAt - EXPIRY_MARGIN_MS <= now();

  /**
   * Refreshes the tokens. Inside the lock the stored tokens are read again: when another tab has
   * rotated them while this one waited, its fresh tokens are used instead of spending a consumed
   * refresh token (which would revoke the whole grant).
   */
  async function refresh(options: { minAgeMs?: number } = {}): Promise<StoredTokens | undefined> {
    const seen = tokens.read();
    return exclusive(async () => {
      const current = tokens.read();
      if (!current) return undefined;
      if (seen && current.refreshToken !== seen.refreshToken && !isExpired(current)) return current;
      if (
        options.minAgeMs !== undefined &&
        now() - current.obtainedAt < options.minAgeMs &&
        !isExpired(current)
      )
        return current;
      if (!current.refreshToken) {
        if (!isExpired(current)) return current;
        tokens.clear();
        notify();
        return undefined;
      }
      try {
        const next = toStored(await identity.refresh(current.refreshToken), current);
        tokens.write(next);
        notify();
        return next;
      } catch (error) {
        if (!isProviderRefusal(error)) throw error;
        // The grant is gone (expired, revoked, signed out elsewhere): the session is over.
        tokens.clear();
        notify();
        return undefined;
      }
    });
  }

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    /** Whether tokens are stored (they may still need a refresh). */
    isSignedIn(): boolean {
      return tokens.read() !== undefined;
    },

    /** The access token for an API call, refreshed first when expired; undefined when signed out. */
    async getAccessToken(): Promise<string | undefined> {
      const current = tokens.read();
      if (!current) return undefined;
      if (!isExpired(current)) return current.accessToken;
      return (await refresh())?.accessToken;
    },

    refresh,

    /**
     * The spec's refresh on each navigation. An expired token is awaited (the next screen needs it);
     * a valid one is refreshed in the background.
     */
    async refreshOnNavigation(): Promise<void> {
      const current = tokens.read();
      if (!current) return;
      const pendingRefresh = refresh({ minAgeMs: NAVIGATION_REFRESH_MIN_AGE_MS });
      if (isExpired(current)) await pendingRefresh.catch(() => undefined);
      else pendingRefresh.catch(() => undefined);
    },

    /** Starts the sign-in: remembers the PKCE verifier, state and redirect; returns the provider's URL. */
    async startLogin(redirect: string): Promise<URL> {
      const codeVerifier = await identity.randomVerifier();
      const state = await identity.randomState();
      const login: PendingLogin = { codeVerifier, state, redirect };
      pending.setItem(PENDING_KEY, JSON.stringify(login));
      return identity.authorizationUrl({ codeChallenge: await identity.codeChallenge(codeVerifier), state });
    },

    /** Completes the sign-in at the callback: exchanges the code, stores the tokens, returns the redirect. */
    async completeLogin(currentUrl: URL): Promise<string> {
      const raw = pending.getItem(PENDING_KEY);
      if (!raw) throw new LoginError('No sign-in is in progress in this tab.');
      const login = JSON.parse(raw) as PendingLogin;
      pending.removeItem(PENDING_KEY);
      try {
        const answer = await identity.exchangeCode(currentUrl, {
          codeVerifier: login.codeVerifier,
          state: login.state,
        });
        tokens.write(toStored(answer));
      } catch (error) {
        throw new LoginError('The sign-in could not be completed.', { cause: error });
      }
      notify();
      return login.redirect;
    },

    /**
     * Signs out: revokes the refresh token, forgets the tokens and returns the provider's end-session
     * URL. Failures of the provider are not the user's problem: the local session ends regardless and
     * the caller goes to login.
     */
    async logout(): Promise<URL | undefined> {
      const current = tokens.read();
      tokens.clear();
      notify();
      if (current?.refreshToken) {
        // A failed revocation must not keep the user signed in: the refresh token also dies with the
        // provider session that the end-session URL closes next.
        await identity.revoke(current.refreshToken).catch(() => undefined);
      }
      return identity.endSessionUrl(current?.idToken);
    },

    /** Forgets the tokens (after a 401: the server no longer accepts them). */
    clear(): void {
      tokens.clear();
      notify();
    },

    subscribe,

    /** Refreshes 120 s before expiry, rescheduling whenever the tokens change (in any tab). */
    startAutoRefresh(): () => void {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // After a failed attempt (network down) wait a little rather than retrying in a tight loop.
      let retryFloorMs = 0;
      const schedule = () => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        const current = tokens.read();
        if (!current?.refreshToken) return;
        // Never sooner than 5 s after the last refresh, in case the provider's tokens live under 120 s.
        const delay = Math.max(
          retryFloorMs,
          current.expiresAt - TIMING.tokenRefreshEarlyMs - now(),
          current.obtainedAt + 5_000 - now(),
        );
        timer = setTimeout(() => {
          refresh({ minAgeMs: 0 }).then(
            () => {
              retryFloorMs = 0;
              schedule();
            },
            () => {
              retryFloorMs = 15_000;
              schedule();
            },
          );
        }, delay);
      };
      const unsubscribe = subscribe(schedule);
      schedule();
      return () => {
        unsubscribe();
        if (timer !== undefined) clearTimeout(timer);
      };
    },
  };
}
