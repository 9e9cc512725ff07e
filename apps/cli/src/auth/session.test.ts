import { describe, expect, it, vi } from 'vitest';
import type { CredentialStore, StoredCredentials } from './credentials.ts';
import type { OidcClient } from './oidc.ts';
import { expiryOf, StoredSession } from './session.ts';

function jwt(claims: Record<string, unknown>): string {
  return `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}

function setup(expiresAt: number, now: number) {
  const saved: StoredCredentials[] = [];
  const store: CredentialStore = {
    describe: () => 'memory',
    load: async () => undefined,
    save: async (c) => {
      saved.push(c);
    },
    remove: async () => true,
  };
  const refresh = vi.fn(async () => ({
    accessToken: jwt({ exp: now / 1000 + 900, email: 'ann@acme.test' }),
    refreshToken: 'rt-2',
    idToken: undefined,
    expiresIn: 900,
  }));
  const oidc: OidcClient = {
    refresh,
    startDeviceAuthorization: vi.fn(),
    pollDeviceToken: vi.fn(),
    revoke: vi.fn(),
  };
  const session = new StoredSession({
    credentials: {
      server: 's',
      apiBase: 's/api',
      issuer: 's/oidc',
      clientId: 'c',
      accessToken: 'at-1',
      refreshToken: 'rt-1',
      expiresAt,
    },
    store,
    oidc: async () => oidc,
    now: () => now,
  });
  return { session, refresh, saved };
}

describe('a saved session', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('given a token valid for 10 minutes, when used, then it is not refreshed', async () => {
    const { session, refresh } = setup(now + 600_000, now);
    expect(await session.getToken()).toBe('at-1');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('given a token expiring within 120 s, when used, then it is refreshed first and saved with the rotated refresh token', async () => {
    const { session, refresh, saved } = setup(now + 100_000, now);
    const token = await session.getToken();
    expect(token).not.toBe('at-1');
    expect(refresh).toHaveBeenCalledWith('rt-1');
    expect(saved[0]?.refreshToken).toBe('rt-2');
    expect(saved[0]?.email).toBe('ann@acme.test');
    expect(saved[0]?.expiresAt).toBe(now + 900_000);
  });

  it('given two calls at once, when refreshing, then one refresh serves both (the issuer revokes a reused refresh token)', async () => {
    const { session, refresh } = setup(now, now);
    await Promise.all([session.refresh(), session.refresh()]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reads expiry from the JWT exp claim, else expires_in', () => {
    expect(
      expiryOf(
        { accessToken: jwt({ exp: 100 }), refreshToken: undefined, idToken: undefined, expiresIn: 5 },
        0,
      ),
    ).toBe(100_000);
    expect(
      expiryOf({ accessToken: 'opaque', refreshToken: undefined, idToken: undefined, expiresIn: 5 }, 1000),
    ).toBe(6000);
  });
});
