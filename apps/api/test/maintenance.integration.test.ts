import { MESSAGES } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, detailOf } from './actors.ts';
import { api, startTestServer, type TestServer } from './harness.ts';

// Only the seeded logins are needed here: the super admin and an owner.
let server: TestServer;
let superAdmin: Actor;
let owner: Actor;

beforeAll(async () => {
  server = await startTestServer();
  const credentials = server.credentials;
  if (!credentials) throw new Error('A fresh server has demo credentials');
  [superAdmin, owner] = await Promise.all([
    actor(server, credentials.superAdmin.email, credentials.superAdmin.password),
    actor(server, credentials.owner.email, credentials.owner.password),
  ]);
});
afterAll(async () => {
  await server?.close();
});

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(server, token, method, path, body);
}

const HOUR = 3_600_000;

function notice(startOffset: number, endOffset: number, extra: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: 'Planned maintenance',
    message: 'Search settings are read-only for an hour.',
    start: new Date(now + startOffset).toISOString(),
    end: new Date(now + endOffset).toISOString(),
    ...extra,
  };
}

describe('GET maintenance', () => {
  it('given no notice, when reading, then null', async () => {
    const got = await call(owner.token, 'GET', 'maintenance');
    expect(got.status).toBe(200);
    expect(got.body).toBeNull();
  });

  it('given no token, when reading, then 401', async () => {
    expect((await call(undefined, 'GET', 'maintenance')).status).toBe(401);
  });
});

describe('PUT maintenance', () => {
  it('given the super admin, when setting a scheduled notice, then it is returned with creator, created and duration, and every user reads it', async () => {
    const body = notice(HOUR, 2 * HOUR);
    const set = await call(superAdmin.token, 'PUT', 'maintenance', body);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      ...body,
      creator: superAdmin.email,
      created: expect.any(String),
      duration: HOUR,
    });
    const got = await call(owner.token, 'GET', 'maintenance');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(set.body);
  });

  it('given no title, when setting, then the title is empty (optional)', async () => {
    const { title: _title, ...untitled } = notice(0, HOUR);
    const set = await call(superAdmin.token, 'PUT', 'maintenance', untitled);
    expect(set.status).toBe(200);
    expect(set.body.title).toBe('');
  });

  it('given an end before the start, when setting, then 400 with the rule message', async () => {
    const refused = await call(superAdmin.token, 'PUT', 'maintenance', notice(2 * HOUR, HOUR));
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toContain(MESSAGES.maintenanceEndBeforeStart);
  });

  it('given no message or no start, when setting, then 400', async () => {
    expect(
      (await call(superAdmin.token, 'PUT', 'maintenance', notice(0, HOUR, { message: '' }))).status,
    ).toBe(400);
    const { start: _start, ...noStart } = notice(0, HOUR);
    expect((await call(superAdmin.token, 'PUT', 'maintenance', noStart)).status).toBe(400);
  });

  it('given a notice that has already ended, when reading, then null', async () => {
    const set = await call(superAdmin.token, 'PUT', 'maintenance', notice(-2 * HOUR, -HOUR));
    expect(set.status).toBe(200);
    expect((await call(owner.token, 'GET', 'maintenance')).body).toBeNull();
  });

  it('given an owner, when setting a notice, then 403 and the notice is unchanged', async () => {
    await call(superAdmin.token, 'PUT', 'maintenance', notice(0, HOUR, { message: 'Set by staff' }));
    const refused = await call(
      owner.token,
      'PUT',
      'maintenance',
      notice(0, HOUR, { message: 'Set by owner' }),
    );
    expect(refused.status).toBe(403);
    expect((await call(owner.token, 'GET', 'maintenance')).body.message).toBe('Set by staff');
  });

  it('given no token, when setting, then 401', async () => {
    expect((await call(undefined, 'PUT', 'maintenance', notice(0, HOUR))).status).toBe(401);
  });
});

describe('DELETE maintenance', () => {
  it('given an owner, when ending the notice, then 403 and it stays', async () => {
    await call(superAdmin.token, 'PUT', 'maintenance', notice(0, HOUR));
    expect((await call(owner.token, 'DELETE', 'maintenance')).status).toBe(403);
    expect((await call(owner.token, 'GET', 'maintenance')).body).not.toBeNull();
  });

  it('given an active notice, when the super admin ends it early, then null and nobody reads it any more', async () => {
    const ended = await call(superAdmin.token, 'DELETE', 'maintenance');
    expect(ended.status).toBe(200);
    expect(ended.body).toBeNull();
    expect((await call(owner.token, 'GET', 'maintenance')).body).toBeNull();
  });

  it('given no token, when ending, then 401', async () => {
    expect((await call(undefined, 'DELETE', 'maintenance')).status).toBe(401);
  });
});
