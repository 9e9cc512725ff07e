import { setTimeout as sleep } from 'node:timers/promises';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { startIdentitySweep } from '../src/identity/sweep.ts';
import { countAttempt } from '../src/repositories/login-attempts.ts';
import { CookieBrowser, formAction } from './browser.ts';
import { portalClient, startTestServer, type TestServer } from './harness.ts';

/** A clock that moves only by what the server waits and what the test says. */
class TestClock implements Clock {
  at = Date.now();
  readonly waits: number[] = [];
  now(): Date {
    return new Date(this.at);
  }
  async sleep(ms: number): Promise<void> {
    this.waits.push(ms);
    this.at += ms;
  }
}

const clock = new TestClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

function login(who: 'owner' | 'superAdmin'): { email: string; password: string } {
  const credentials = server.credentials?.[who];
  if (!credentials) throw new Error('The test server seeded no demo logins');
  return credentials;
}

/**
 * Opens the portal's sign-in form in a browser connecting from `address` and answers a function
 * that posts the form (as often as wanted) from there.
 */
async function signInFormAt(
  address: string,
): Promise<(email: string, password: string) => Promise<Response>> {
  const url = oidc.buildAuthorizationUrl(await portalClient(server), {
    redirect_uri: `${server.base}/auth/callback`,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
  });
  const browser = new CookieBrowser(address);
  const page = await (await browser.follow(url, server.base)).response.text();
  const action = new URL(formAction(page) ?? '', server.base);
  return (email, password) => browser.post(action, { email, password });
}

describe('sign-in throttling', () => {
  it('given wrong passwords for a login from 26 addresses, when its owner signs in from another address, then they get in after a bounded delay (no lockout)', async () => {
    const owner = login('owner');
    const waitsBefore = clock.waits.length;
    for (let i = 0; i < 26; i++) {
      const attempt = await signInFormAt(`127.0.0.${10 + i}`);
      expect((await attempt(owner.email, `guess ${i}`)).status).toBe(401);
    }
    // Five attempts free, then a delay doubling from 1 s up to the 15 s cap.
    expect(clock.waits.slice(waitsBefore)).toEqual([1000, 2000, 4000, 8000, ...Array(17).fill(15000)]);

    const signedIn = await (await signInFormAt('127.0.0.2'))(owner.email, owner.password);
    expect(signedIn.status).toBe(303);
    expect(clock.waits.slice(waitsBefore + 21)).toEqual([15000]);

    // The owner's success clears the login's count: the next attempt is not slowed.
    expect((await (await signInFormAt('127.0.0.36'))(owner.email, 'guess')).status).toBe(401);
    expect(clock.waits).toHaveLength(waitsBefore + 22);
  });

  it('given five wrong passwords for a login from one address, when that address tries again, then 429 even with the right password until the window ends, while another address gets in', async () => {
    const admin = login('superAdmin');
    const attempt = await signInFormAt('127.0.0.40');
    for (let i = 0; i < 5; i++) expect((await attempt(admin.email, `guess ${i}`)).status).toBe(401);
    const refused = await attempt(admin.email, admin.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(await refused.text()).toContain('Too many failed sign-ins. Try again in 15 minutes.');
    for (let i = 0; i < 10; i++) expect((await attempt(admin.email, `guess ${i}`)).status).toBe(429);

    // Refused attempts do not slow the login: after five failures, the first delay (1 s) only.
    const waitsBefore = clock.waits.length;
    expect((await (await signInFormAt('127.0.0.41'))(admin.email, admin.password)).status).toBe(303);
    expect(clock.waits.slice(waitsBefore)).toEqual([1000]);

    clock.at += 14 * 60_000;
    const later = await (await signInFormAt('127.0.0.40'))(admin.email, admin.password);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('60');
    clock.at += 60_000;
    expect((await (await signInFormAt('127.0.0.40'))(admin.email, admin.password)).status).toBe(303);
  });

  it('given twenty wrong sign-ins from one address for different logins, when it tries any login, then 429, while another address gets in', async () => {
    const owner = login('owner');
    const attempt = await signInFormAt('127.0.0.50');
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`nobody${i}@siteseer.test`, 'guess')).status).toBe(401);
    }
    expect((await attempt(owner.email, owner.password)).status).toBe(429);
    expect((await (await signInFormAt('127.0.0.51'))(owner.email, owner.password)).status).toBe(303);
  });

  it('given successful sign-ins of its own login between wrong ones, when an address reaches twenty failures, then it is refused all the same', async () => {
    const admin = login('superAdmin');
    const attempt = await signInFormAt('127.0.0.55');
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`sprayed${i}@siteseer.test`, 'guess')).status).toBe(401);
      if (i % 5 === 4 && i < 19)
        expect((await (await signInFormAt('127.0.0.55'))(admin.email, admin.password)).status).toBe(303);
    }
    expect((await attempt('sprayed20@siteseer.test', 'guess')).status).toBe(429);
  });

  it('given twenty-five wrong sign-ins for different logins sent at once from one address, then only twenty are checked and five refused', async () => {
    const attempt = await signInFormAt('127.0.0.56');
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => (await attempt(`burst${i}@siteseer.test`, 'guess')).status),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('given eight wrong sign-ins for one login sent at once from one address, then only five are checked and three refused', async () => {
    const attempt = await signInFormAt('127.0.0.60');
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async () => (await attempt('concurrent@siteseer.test', 'guess')).status),
    );
    expect(statuses.sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('the identity sweep', () => {
  it('given an ended attempt window and an expired provider row, when the sweep runs, then both are deleted, live rows stay, and on PGlite the tables are vacuumed', async () => {
    const db = server.store;
    const start = new Date('2030-01-01T00:00:00Z');
    await countAttempt(db, ['email:ended@siteseer.test'], start, 900);
    await countAttempt(db, ['email:live@siteseer.test'], new Date(start.getTime() + 10 * 60_000), 900);
    await db.query(
      `INSERT INTO oidc_models (model, id, payload, expires_at) VALUES
         ('Session', 'sweep-expired', '{}', now() - interval '1 minute'),
         ('Session', 'sweep-live', '{}', now() + interval '1 hour')`,
    );
    const keys = async () =>
      (
        await db.query<{ key: string }>(
          "SELECT key FROM login_failures WHERE key IN ('email:ended@siteseer.test', 'email:live@siteseer.test')",
        )
      ).rows.map((r) => r.key);
    expect(await keys()).toHaveLength(2);

    const errors: unknown[] = [];
    const stop = startIdentitySweep(db, {
      everyMs: 20,
      now: () => new Date(start.getTime() + 20 * 60_000),
      onError: (error) => errors.push(error),
    });
    try {
      const deadline = Date.now() + 5_000;
      while ((await keys()).length > 1 && Date.now() < deadline) await sleep(20);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    expect(await keys()).toEqual(['email:live@siteseer.test']);
    const models = await db.query<{ id: string }>(
      "SELECT id FROM oidc_models WHERE id IN ('sweep-expired', 'sweep-live')",
    );
    expect(models.rows.map((r) => r.id)).toEqual(['sweep-live']);
    // PGlite runs no autovacuum: the sweep vacuums what it deleted from (a server's autovacuum does).
    if (db.kind === 'pglite') {
      const vacuumed = async () =>
        (
          await db.query<{ relname: string }>(
            `SELECT relname FROM pg_stat_user_tables
              WHERE relname IN ('oidc_models', 'login_failures') AND last_vacuum IS NOT NULL
              ORDER BY relname`,
          )
        ).rows.map((r) => r.relname);
      const deadline = Date.now() + 5_000;
      while ((await vacuumed()).length < 2 && Date.now() < deadline) await sleep(20);
      expect(await vacuumed()).toEqual(['login_failures', 'oidc_models']);
    }
  });
});
