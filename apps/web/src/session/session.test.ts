import { describe, expect, it, vi } from 'vitest';
import { memoryTokenStore } from '../test/memory-token-store.ts';
import type { IdentityClient } from './oidc.ts';
import { createSession } from './session.ts';
import type { StoredTokens } from './token-store.ts';

function identity(overrides: Partial<IdentityClient> = {}): IdentityClient {
  let n = 0;
  return {
    authorizationUrl: async () => new URL('http://idp.test/auth'),
    exchangeCode: async () => ({ accessToken: 'at0', refreshToken: 'rt0', idToken: 'id0', expiresIn: 900 }),
    refresh: vi.fn(async () => {
      n += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { accessToken: `at${n}`, refreshToken: `rt${n}`, idToken: undefined, expiresIn: 900 };
    }),
    revoke: vi.fn(async () => {}),
    endSessionUrl: async () => new URL('http://idp.test/logout'),
    randomVerifier: async () => 'verifier',
    randomState: async () => 'state',
    codeChallenge: async () => 'challenge',
    ...overrides,
  };
}

const expired: StoredTokens = { accessToken: 'old', refreshToken: 'rt-old', expiresAt: 0, obtainedAt: 0 };

describe('session', () => {
  it('Given two calls needing a refresh at once, then the refresh token is used once (rotation revokes reuse)', async () => {
    const idp = identity();
    const session = createSession({
      identity: idp,
      tokens: memoryTokenStore(expired),
      pending: window.sessionStorage,
    });
    const [a, b] = await Promise.all([session.getAccessToken(), session.getAccessToken()]);
    expect(idp.refresh).toHaveBeenCalledTimes(1);
    expect(idp.refresh).toHaveBeenCalledWith('rt-old');
    expect([a, b]).toEqual(['at1', 'at1']);
  });

  it('Given another tab rotated the tokens while this one waited, then its fresh tokens are used', async () => {
    const store = memoryTokenStore(expired);
    const idp = identity();
    const session = createSession({ identity: idp, tokens: store, pending: window.sessionStorage });
    const pending = session.refresh();
    store.write({
      accessToken: 'other-tab',
      refreshToken: 'rt-other',
      expiresAt: Date.now() + 900_000,
      obtainedAt: Date.now(),
    });
    expect((await pending)?.accessToken).toBe('other-tab');
    expect(idp.refresh).not.toHaveBeenCalled();
  });

  it('Given the provider refuses the refresh token, then the session ends', async () => {
    const store = memoryTokenStore(expired);
    const refusal = Object.assign(new Error('invalid_grant'), { error: 'invalid_grant' });
    const session = createSession({
      identity: identity({ refresh: async () => Promise.reject(refusal) }),
      tokens: store,
      pending: window.sessionStorage,
    });
    expect(await session.getAccessToken()).toBeUndefined();
    expect(session.isSignedIn()).toBe(false);
  });

  it('Given a sign-in, then the callback stores the tokens and returns the redirect', async () => {
    const store = memoryTokenStore();
    const session = createSession({ identity: identity(), tokens: store, pending: window.sessionStorage });
    await session.startLogin('/engine/x/install/');
    expect(await session.completeLogin(new URL('http://portal.test/auth/callback?code=c&state=state'))).toBe(
      '/engine/x/install/',
    );
    expect(store.value?.accessToken).toBe('at0');
    await expect(session.completeLogin(new URL('http://portal.test/auth/callback'))).rejects.toThrow(
      'No sign-in',
    );
  });

  it('Given logout with a failing revocation, then the tokens are gone and the end-session URL comes back', async () => {
    const store = memoryTokenStore({ ...expired, expiresAt: Date.now() + 1000 });
    const session = createSession({
      identity: identity({ revoke: async () => Promise.reject(new Error('down')) }),
      tokens: store,
      pending: window.sessionStorage,
    });
    expect((await session.logout())?.href).toBe('http://idp.test/logout');
    expect(store.value).toBeUndefined();
  });
});
