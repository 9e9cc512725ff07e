import { createHash } from 'node:crypto';
import { MESSAGES, productInUseMessage, superAdminUserMessage } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_B_NAME,
  createEngine,
  detailOf,
  keywordDraft,
  startWithTenants,
  type Tenants,
  withApiKey,
} from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;
let engineA: { documentId: string; clientId: string };

beforeAll(async () => {
  t = await startWithTenants();
  engineA = await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Docs search A'));
});
afterAll(async () => {
  await t?.server.close();
});

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

describe('GET profile/me', () => {
  it('given owner A, when reading the profile, then it has the login, the account with role owner, its engines and their clients by engine id', async () => {
    const me = await call(t.ownerA.token, 'GET', 'profile/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: t.ownerA.id,
      firstName: 'Demo',
      lastName: 'Owner',
      email: t.ownerA.email,
      isBZAdmin: false,
    });
    expect(me.body.accounts).toEqual([
      expect.objectContaining({
        id: t.accountA,
        name: 'Demo Account',
        products: ['pm', 'kw'],
        role: 'owner',
      }),
    ]);
    expect(me.body.accounts[0].createdDate).toMatch(ISO);
    expect(me.body.engines.map((e: { id: string }) => e.id)).toEqual([engineA.documentId]);
    expect(me.body.clients[engineA.documentId]).toMatchObject({
      id: engineA.clientId,
      engineId: engineA.documentId,
      accountId: t.accountA,
      type: 'kw',
    });
  });

  it('given the super admin, when reading the profile, then isBZAdmin is true and every account is listed', async () => {
    const me = await call(t.superAdmin.token, 'GET', 'profile/me');
    expect(me.status).toBe(200);
    expect(me.body.isBZAdmin).toBe(true);
    const ids = me.body.accounts.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([t.accountA, t.accountB]));
    expect(me.body.engines.map((e: { id: string }) => e.id)).toContain(engineA.documentId);
  });

  it("given owner B, when reading the profile, then none of account A's accounts, engines or clients are in it", async () => {
    const me = await call(t.ownerB.token, 'GET', 'profile/me');
    expect(me.status).toBe(200);
    expect(me.body.accounts.map((a: { id: string }) => a.id)).toEqual([t.accountB]);
    expect(me.body.engines).toEqual([]);
    expect(me.body.clients).toEqual({});
  });

  it('given no token, when reading the profile, then 401', async () => {
    expect((await call(undefined, 'GET', 'profile/me')).status).toBe(401);
  });
});

describe.each(['profile/accounts', 'accounts'])('GET %s', (path) => {
  it('given members of account A, when listing, then each sees account A with their own role', async () => {
    for (const [who, role] of [
      [t.ownerA, 'owner'],
      [t.adminA, 'admin'],
      [t.userA, 'user'],
    ] as const) {
      const list = await call(who.token, 'GET', path);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        {
          id: t.accountA,
          name: 'Demo Account',
          products: ['pm', 'kw'],
          role,
          createdDate: expect.stringMatching(ISO),
        },
      ]);
    }
  });

  it('given the super admin, when listing, then every account is there, as admin where not a member', async () => {
    const list = await call(t.superAdmin.token, 'GET', path);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.map((a: { id: string; role: string }) => [a.id, a.role]));
    expect(byId.get(t.accountA)).toBe('admin');
    expect(byId.get(t.accountB)).toBe('admin');
  });

  it('given owner B, when listing, then account A is not in the list', async () => {
    const list = await call(t.ownerB.token, 'GET', path);
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toEqual([t.accountB]);
  });

  it('given no token, when listing, then 401', async () => {
    expect((await call(undefined, 'GET', path)).status).toBe(401);
  });
});

describe('GET account/{id}', () => {
  it('given a user of account A, when reading it, then the account with their role', async () => {
    const got = await call(t.userA.token, 'GET', `account/${t.accountA}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: t.accountA,
      name: 'Demo Account',
      products: ['pm', 'kw'],
      role: 'user',
      createdDate: expect.stringMatching(ISO),
    });
  });

  it('given the super admin, when reading any account, then 200', async () => {
    const got = await call(t.superAdmin.token, 'GET', `account/${t.accountB}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe(ACCOUNT_B_NAME);
  });

  it('given owner B, when reading account A, then 404 as for an account that does not exist', async () => {
    const other = await call(t.ownerB.token, 'GET', `account/${t.accountA}`);
    expect(other.status).toBe(404);
    const missing = await call(t.ownerB.token, 'GET', 'account/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(other.body.detail).toBe(missing.body.detail);
  });

  it('given no token, when reading an account, then 401', async () => {
    expect((await call(undefined, 'GET', `account/${t.accountA}`)).status).toBe(401);
  });
});

describe('PUT account/{id}', () => {
  it('given owner B, when renaming their account, then the new name is stored and returned', async () => {
    const renamed = await call(t.ownerB.token, 'PUT', `account/${t.accountB}`, {
      name: ' Tenant B renamed ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: t.accountB, name: 'Tenant B renamed', role: 'owner' });
    expect((await call(t.ownerB.token, 'GET', `account/${t.accountB}`)).body.name).toBe('Tenant B renamed');
    await call(t.ownerB.token, 'PUT', `account/${t.accountB}`, { name: ACCOUNT_B_NAME });
  });

  it('given an admin of account A, when renaming it to its own name, then 200 (the edited account is not "another")', async () => {
    const same = await call(t.adminA.token, 'PUT', `account/${t.accountA}`, { name: 'demo account' });
    expect(same.status).toBe(200);
    await call(t.adminA.token, 'PUT', `account/${t.accountA}`, { name: 'Demo Account' });
  });

  it('given an empty name, when updating, then 400 with the required message', async () => {
    const blank = await call(t.ownerA.token, 'PUT', `account/${t.accountA}`, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(detailOf(blank)).toBe(MESSAGES.accountNameRequired);
  });

  it('given owner A of two accounts, when renaming one to the name of the other, then 400 name taken', async () => {
    const second = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Second of A',
      products: ['kw'],
      users: [{ first: 'Demo', last: 'Owner', email: t.ownerA.email, role: 'owner' }],
    });
    expect(second.status).toBe(200);
    const taken = await call(t.ownerA.token, 'PUT', `account/${t.accountA}`, { name: 'SECOND of a ' });
    expect(taken.status).toBe(400);
    expect(detailOf(taken)).toBe(MESSAGES.accountNameTaken);
    // Another tenant's name is not one of the owner's names: no clash, and nothing revealed.
    const removed = await call(t.superAdmin.token, 'DELETE', `admin/account/${second.body.id}`);
    expect(removed.status).toBe(200);
  });

  it("given owner A, when changing the account's products, then 403 (only super admins change products)", async () => {
    const refused = await call(t.ownerA.token, 'PUT', `account/${t.accountA}`, { products: ['pm'] });
    expect(refused.status).toBe(403);
    // The same products in another order are no change.
    const same = await call(t.ownerA.token, 'PUT', `account/${t.accountA}`, { products: ['kw', 'pm'] });
    expect(same.status).toBe(200);
    expect(same.body.products.sort()).toEqual(['kw', 'pm']);
    await call(t.superAdmin.token, 'PUT', `admin/account/${t.accountA}`, { products: ['pm', 'kw'] });
  });

  it('given a user-role member of account A, when renaming it, then 403', async () => {
    const refused = await call(t.userA.token, 'PUT', `account/${t.accountA}`, { name: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect((await call(t.ownerA.token, 'GET', `account/${t.accountA}`)).body.name).toBe('Demo Account');
  });

  it('given owner B, when updating account A, then 404 and nothing changes', async () => {
    const refused = await call(t.ownerB.token, 'PUT', `account/${t.accountA}`, { name: 'Mine now' });
    expect(refused.status).toBe(404);
    expect((await call(t.ownerA.token, 'GET', `account/${t.accountA}`)).body.name).toBe('Demo Account');
  });

  it('given no token, when updating, then 401', async () => {
    expect((await call(undefined, 'PUT', `account/${t.accountA}`, { name: 'x' })).status).toBe(401);
  });
});

describe('GET admin/accounts', () => {
  it('given the super admin, when listing, then every account with name, products and created date', async () => {
    const list = await call(t.superAdmin.token, 'GET', 'admin/accounts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: t.accountA, name: 'Demo Account', products: ['pm', 'kw'] }),
        expect.objectContaining({ id: t.accountB, name: ACCOUNT_B_NAME }),
      ]),
    );
    for (const account of list.body) expect(account.createdDate).toMatch(ISO);
  });

  it('given an owner, when listing all accounts, then 403', async () => {
    expect((await call(t.ownerA.token, 'GET', 'admin/accounts')).status).toBe(403);
  });

  it('given no token, when listing all accounts, then 401', async () => {
    expect((await call(undefined, 'GET', 'admin/accounts')).status).toBe(401);
  });
});

describe('POST admin/accounts', () => {
  it('given the super admin, when creating an account with an owner, then the account is returned and the owner is invited', async () => {
    const created = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: '  Created Co ',
      products: ['kw', 'kw'],
      users: [{ first: 'Cee', last: 'Owner', email: 'owner@created.test', role: 'owner' }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Created Co',
      products: ['kw'],
      createdDate: expect.stringMatching(ISO),
    });
    expect(t.invitations.get('owner@created.test')).toMatch(/\/auth\/set-password\?token=/);
    const users = await call(t.superAdmin.token, 'GET', `account/${created.body.id}/users`);
    expect(users.body).toEqual([
      { id: expect.any(String), first: 'Cee', last: 'Owner', email: 'owner@created.test', role: 'owner' },
    ]);
  });

  it('given an existing account name in another case, when creating, then 400 name taken', async () => {
    const taken = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'demo ACCOUNT',
      products: ['pm'],
      users: [],
    });
    expect(taken.status).toBe(400);
    expect(detailOf(taken)).toBe(MESSAGES.accountNameTaken);
  });

  it('given two owners, when creating, then 409 and no account is created (all or nothing)', async () => {
    const refused = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Two Owners',
      products: ['pm'],
      users: [
        { first: 'One', last: 'Owner', email: 'one@two-owners.test', role: 'owner' },
        { first: 'Two', last: 'Owner', email: 'two@two-owners.test', role: 'owner' },
      ],
    });
    expect(refused.status).toBe(409);
    const list = await call(t.superAdmin.token, 'GET', 'admin/accounts');
    expect(list.body.map((a: { name: string }) => a.name)).not.toContain('Two Owners');
    expect(t.invitations.has('one@two-owners.test')).toBe(false);
  });

  it('given a super admin login as a user, when creating, then 409 with the spec message', async () => {
    const refused = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'With Staff',
      products: ['pm'],
      users: [{ first: 'Super', last: 'Admin', email: t.superAdmin.email, role: 'admin' }],
    });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe(superAdminUserMessage('Siteseer'));
    expect(detailOf(refused)).toBe(
      'Sorry. You cannot add Siteseer admins because they have access to all accounts.',
    );
  });

  it('given an owner, when creating an account, then 403', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'admin/accounts', {
      name: 'Nope',
      products: [],
      users: [],
    });
    expect(refused.status).toBe(403);
  });

  it('given no token, when creating an account, then 401', async () => {
    expect((await call(undefined, 'POST', 'admin/accounts', { name: 'x', products: [] })).status).toBe(401);
  });
});

describe('GET admin/account/{id}', () => {
  it('given the super admin, when reading an account, then 200 with it', async () => {
    const got = await call(t.superAdmin.token, 'GET', `admin/account/${t.accountB}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: t.accountB, name: ACCOUNT_B_NAME, products: ['pm', 'kw'] });
  });

  it('given the owner of the account, when reading it through the admin route, then 403', async () => {
    expect((await call(t.ownerA.token, 'GET', `admin/account/${t.accountA}`)).status).toBe(403);
    expect((await call(t.ownerB.token, 'GET', `admin/account/${t.accountA}`)).status).toBe(403);
  });

  it('given an unknown id, when the super admin reads it, then 404', async () => {
    const missing = await call(
      t.superAdmin.token,
      'GET',
      'admin/account/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
    expect((await call(t.superAdmin.token, 'GET', 'admin/account/not-a-uuid')).status).toBe(404);
  });

  it('given no token, when reading, then 401', async () => {
    expect((await call(undefined, 'GET', `admin/account/${t.accountA}`)).status).toBe(401);
  });
});

describe('PUT admin/account/{id}', () => {
  it('given the super admin, when removing a product with engines of that type, then 409 with the rule message', async () => {
    const refused = await call(t.superAdmin.token, 'PUT', `admin/account/${t.accountA}`, {
      products: ['pm'],
    });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe(productInUseMessage('Keyword'));
    const account = await call(t.superAdmin.token, 'GET', `admin/account/${t.accountA}`);
    expect(account.body.products).toEqual(['pm', 'kw']);
  });

  it('given the super admin, when changing name and products of an account without such engines, then both change', async () => {
    const updated = await call(t.superAdmin.token, 'PUT', `admin/account/${t.accountB}`, {
      name: 'Tenant B prime',
      products: ['kw'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: t.accountB, name: 'Tenant B prime', products: ['kw'] });
    const back = await call(t.superAdmin.token, 'PUT', `admin/account/${t.accountB}`, {
      name: ACCOUNT_B_NAME,
      products: ['pm', 'kw'],
    });
    expect(back.body.products).toEqual(['pm', 'kw']);
  });

  it('given the super admin, when renaming to another account name, then 400 name taken', async () => {
    const taken = await call(t.superAdmin.token, 'PUT', `admin/account/${t.accountB}`, {
      name: 'Demo Account',
    });
    expect(taken.status).toBe(400);
    expect(detailOf(taken)).toBe(MESSAGES.accountNameTaken);
  });

  it('given an owner, when updating through the admin route, then 403', async () => {
    expect((await call(t.ownerA.token, 'PUT', `admin/account/${t.accountA}`, { name: 'x y z' })).status).toBe(
      403,
    );
  });

  it('given an unknown id, when the super admin updates it, then 404', async () => {
    const missing = await call(
      t.superAdmin.token,
      'PUT',
      'admin/account/00000000-0000-4000-8000-000000000000',
      {
        name: 'Ghost',
      },
    );
    expect(missing.status).toBe(404);
  });

  it('given no token, when updating, then 401', async () => {
    expect((await call(undefined, 'PUT', `admin/account/${t.accountA}`, { name: 'x' })).status).toBe(401);
  });
});

describe('DELETE admin/account/{id}', () => {
  it('given an account with an engine and its client, when the super admin deletes it, then account, engine and client are gone', async () => {
    const created = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Doomed Co',
      products: ['kw', 'pm'],
      users: [],
    });
    const doomed = created.body.id as string;
    const engine = await createEngine(t.server, t.superAdmin, keywordDraft(doomed, 'Doomed engine'));
    const deleted = await call(t.superAdmin.token, 'DELETE', `admin/account/${doomed}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: doomed });
    expect((await call(t.superAdmin.token, 'GET', `admin/account/${doomed}`)).status).toBe(404);
    expect((await call(t.superAdmin.token, 'GET', `client/${engine.clientId}`)).status).toBe(404);
    const rows = await t.server.store.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM engines WHERE account_id = $1)::int
            + (SELECT count(*) FROM clients WHERE account_id = $1)::int AS n`,
      [doomed],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('given an owner, when deleting their own account through the admin route, then 403 and it stays', async () => {
    expect((await call(t.ownerB.token, 'DELETE', `admin/account/${t.accountB}`)).status).toBe(403);
    expect((await call(t.ownerB.token, 'GET', `account/${t.accountB}`)).status).toBe(200);
  });

  it('given an unknown id, when the super admin deletes it, then 404', async () => {
    const missing = await call(
      t.superAdmin.token,
      'DELETE',
      'admin/account/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('given no token, when deleting, then 401', async () => {
    expect((await call(undefined, 'DELETE', `admin/account/${t.accountB}`)).status).toBe(401);
  });
});

describe('GET account/{id}/newApiKey', () => {
  function sha256(text: string): string {
    return createHash('sha256').update(text).digest('hex');
  }

  it('given owner A, when generating a key, then it is returned once with isValid and only its hash is stored', async () => {
    const generated = await call(t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`);
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({ key: expect.any(String), isValid: true });
    const key = generated.body.key as string;
    expect(key.length).toBeGreaterThanOrEqual(32);
    const { rows } = await t.server.store.query<Record<string, unknown>>('SELECT * FROM accounts');
    expect(JSON.stringify(rows)).not.toContain(key);
    const stored = rows.find((r) => r.id === t.accountA);
    expect(stored?.api_key_hash).toBe(sha256(key));
  });

  it('given an API key, when calling account and user management, then the key authenticates but is refused with 403', async () => {
    const { key } = (await call(t.adminA.token, 'GET', `account/${t.accountA}/newApiKey`)).body;
    const calls: [string, string, unknown?][] = [
      ['GET', `account/${t.accountA}`],
      ['PUT', `account/${t.accountA}`, { name: 'By key' }],
      ['GET', `account/${t.accountA}/users`],
      [
        'POST',
        `account/${t.accountA}/users`,
        { users: [{ first: 'K', last: 'Ey', email: 'k@ey.test', role: 'user' }] },
      ],
      ['PUT', `account/${t.accountA}/user/${t.userA.id}`, { role: 'admin' }],
      ['DELETE', `account/${t.accountA}/user/${t.userA.id}`],
      ['GET', `account/${t.accountA}/user/check?email=${encodeURIComponent(t.userA.email)}`],
      ['GET', `account/${t.accountA}/newApiKey`],
      ['GET', 'accounts'],
      ['GET', 'admin/accounts'],
    ];
    for (const [method, path, body] of calls) {
      const refused = await withApiKey(t.server, key, method, path, body);
      expect({ method, path, status: refused.status }).toEqual({ method, path, status: 403 });
    }
    expect((await call(t.ownerA.token, 'GET', `account/${t.accountA}`)).body.name).toBe('Demo Account');
    const users = await call(t.ownerA.token, 'GET', `account/${t.accountA}/users`);
    expect(users.body.find((u: { id: string }) => u.id === t.userA.id)?.role).toBe('user');
  });

  it('given a key, when a new one is generated, then the old key stops working (401) and the new one authenticates', async () => {
    const first = (await call(t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key as string;
    expect((await withApiKey(t.server, first, 'GET', 'accounts')).status).toBe(403);
    const second = (await call(t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key as string;
    expect(second).not.toBe(first);
    expect((await withApiKey(t.server, first, 'GET', 'accounts')).status).toBe(401);
    expect((await withApiKey(t.server, second, 'GET', 'accounts')).status).toBe(403);
    expect((await withApiKey(t.server, 'ssk_made_up', 'GET', 'accounts')).status).toBe(401);
  });

  it('given a user-role member, when generating a key, then 403', async () => {
    expect((await call(t.userA.token, 'GET', `account/${t.accountA}/newApiKey`)).status).toBe(403);
  });

  it("given owner B, when generating account A's key, then 404 and A's key is unchanged", async () => {
    const before = await t.server.store.query<{ h: string }>(
      'SELECT api_key_hash AS h FROM accounts WHERE id = $1',
      [t.accountA],
    );
    expect((await call(t.ownerB.token, 'GET', `account/${t.accountA}/newApiKey`)).status).toBe(404);
    const after = await t.server.store.query<{ h: string }>(
      'SELECT api_key_hash AS h FROM accounts WHERE id = $1',
      [t.accountA],
    );
    expect(after.rows[0]?.h).toBe(before.rows[0]?.h);
  });

  it('given no token, when generating a key, then 401', async () => {
    expect((await call(undefined, 'GET', `account/${t.accountA}/newApiKey`)).status).toBe(401);
  });
});
