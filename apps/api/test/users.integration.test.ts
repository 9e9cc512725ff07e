import { MESSAGES, superAdminUserMessage } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserStatus } from '../src/repositories/users.test-kit.ts';
import { findUserByEmail } from '../src/repositories/users.ts';
import { detailOf, invitedActor, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;

beforeAll(async () => {
  t = await startWithTenants();
});
afterAll(async () => {
  await t?.server.close();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

async function usersOfA(): Promise<{ id: string; email: string; role: string }[]> {
  return (await call(t.superAdmin.token, 'GET', `account/${t.accountA}/users`)).body;
}

async function roleInA(userId: string): Promise<string | undefined> {
  return (await usersOfA()).find((u) => u.id === userId)?.role;
}

/** Adds a member to account A as its owner and returns the new user's id. */
async function addToA(email: string, role: 'admin' | 'user'): Promise<string> {
  const added = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
    users: [{ first: 'New', last: 'Member', email, role }],
  });
  expect(added.status).toBe(200);
  const row = added.body.find((u: { email: string }) => u.email.toLowerCase() === email.toLowerCase());
  return row.id;
}

describe('GET account/{id}/users', () => {
  it('given owner A, when listing the users, then owner first, each with id, first, last, email and role', async () => {
    const list = await call(t.ownerA.token, 'GET', `account/${t.accountA}/users`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: t.ownerA.id, first: 'Demo', last: 'Owner', email: t.ownerA.email, role: 'owner' },
      { id: t.adminA.id, first: 'Ada', last: 'Admin', email: 'admin@tenant-a.test', role: 'admin' },
      { id: t.userA.id, first: 'Uma', last: 'User', email: 'user@tenant-a.test', role: 'user' },
    ]);
  });

  it('given a user-role member, when listing, then 200 (members see who else is in the account)', async () => {
    const list = await call(t.userA.token, 'GET', `account/${t.accountA}/users`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
  });

  it("given owner B, when listing account A's users, then 404", async () => {
    expect((await call(t.ownerB.token, 'GET', `account/${t.accountA}/users`)).status).toBe(404);
    const own = await call(t.ownerB.token, 'GET', `account/${t.accountB}/users`);
    expect(own.body.map((u: { email: string }) => u.email)).toEqual(['owner@tenant-b.test']);
  });

  it('given no token, when listing, then 401', async () => {
    expect((await call(undefined, 'GET', `account/${t.accountA}/users`)).status).toBe(401);
  });
});

describe('POST account/{id}/users', () => {
  it('given an admin of A, when adding a new e-mail, then the login is created invited, gets a set-password link, and is listed', async () => {
    const added = await call(t.adminA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: ' Nia ', last: 'New', email: ' nia@tenant-a.test ', role: 'user' }],
    });
    expect(added.status).toBe(200);
    expect(added.body).toContainEqual({
      id: expect.any(String),
      first: ' Nia ',
      last: 'New',
      email: 'nia@tenant-a.test',
      role: 'user',
    });
    expect(t.invitations.get('nia@tenant-a.test')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/auth\/set-password\?token=/,
    );
    const check = await call(
      t.ownerA.token,
      'GET',
      `account/${t.accountA}/user/check?email=nia@tenant-a.test`,
    );
    expect(check.body.status).toBe('INVITED');
  });

  it('given a login of another account, when adding it, then it becomes a member without a new invitation', async () => {
    const other = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Elsewhere',
      products: ['kw'],
      users: [{ first: 'Sam', last: 'Shared', email: 'sam@elsewhere.test', role: 'owner' }],
    });
    expect(other.status).toBe(200);
    t.invitations.delete('sam@elsewhere.test');
    const id = await addToA('SAM@elsewhere.test', 'user');
    expect(t.invitations.has('sam@elsewhere.test')).toBe(false);
    const users = await call(t.superAdmin.token, 'GET', `account/${other.body.id}/users`);
    expect(users.body[0].id).toBe(id);
  });

  it('given an e-mail already in the account in another case, when adding it, then 409 That email is already in use', async () => {
    const refused = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Uma', last: 'Again', email: 'USER@tenant-a.test', role: 'user' }],
    });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe('That email is already in use');
    expect(detailOf(refused)).toBe(MESSAGES.emailInUse);
  });

  it('given a super admin login, when adding it, then 409 with the spec message', async () => {
    const refused = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Super', last: 'Admin', email: t.superAdmin.email, role: 'admin' }],
    });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe(superAdminUserMessage('Siteseer'));
  });

  it('given a deactivated login, when adding it, then 409 with the deactivated message', async () => {
    const other = await call(t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Gone Co',
      products: ['kw'],
      users: [{ first: 'Gus', last: 'Gone', email: 'gus@gone.test', role: 'owner' }],
    });
    expect(other.status).toBe(200);
    const gus = await findUserByEmail(t.server.store, 'gus@gone.test');
    await setUserStatus(t.server.store, gus?.id ?? '', 'DEPROVISIONED');
    const refused = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Gus', last: 'Gone', email: 'gus@gone.test', role: 'user' }],
    });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe(MESSAGES.userDeactivated);
  });

  it('given the account has an owner, when adding another owner, then 409 and the account keeps one owner', async () => {
    const refused = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Otto', last: 'Owner', email: 'otto@tenant-a.test', role: 'owner' }],
    });
    expect(refused.status).toBe(409);
    expect((await usersOfA()).filter((u) => u.role === 'owner').map((u) => u.id)).toEqual([t.ownerA.id]);
  });

  it('given a missing first name or a bad e-mail, when adding, then 400 with the field message', async () => {
    const noFirst = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: ' ', last: 'X', email: 'nofirst@tenant-a.test', role: 'user' }],
    });
    expect(noFirst.status).toBe(400);
    expect(detailOf(noFirst)).toBe(MESSAGES.firstNameRequired);
    const badEmail = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Bad', last: 'Mail', email: 'not-an-email', role: 'user' }],
    });
    expect(badEmail.status).toBe(400);
    expect(detailOf(badEmail)).toBe(MESSAGES.emailInvalid);
  });

  it('given one valid and one invalid user, when adding both, then neither is added (all or nothing)', async () => {
    const refused = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
      users: [
        { first: 'Val', last: 'Id', email: 'valid@tenant-a.test', role: 'user' },
        { first: 'Val', last: 'Dup', email: 'valid@tenant-a.test', role: 'user' },
      ],
    });
    expect(refused.status).toBe(409);
    expect((await usersOfA()).map((u) => u.email)).not.toContain('valid@tenant-a.test');
    expect(await findUserByEmail(t.server.store, 'valid@tenant-a.test')).toBeUndefined();
    expect(t.invitations.has('valid@tenant-a.test')).toBe(false);
  });

  it('given a user-role member, when adding users, then 403', async () => {
    const refused = await call(t.userA.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Not', last: 'Allowed', email: 'nope@tenant-a.test', role: 'user' }],
    });
    expect(refused.status).toBe(403);
    expect((await usersOfA()).map((u) => u.email)).not.toContain('nope@tenant-a.test');
  });

  it('given owner B, when adding users to account A, then 404 and nobody is added', async () => {
    const refused = await call(t.ownerB.token, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'Spy', last: 'B', email: 'spy@tenant-b.test', role: 'admin' }],
    });
    expect(refused.status).toBe(404);
    expect((await usersOfA()).map((u) => u.email)).not.toContain('spy@tenant-b.test');
  });

  it('given no token, when adding, then 401', async () => {
    const refused = await call(undefined, 'POST', `account/${t.accountA}/users`, {
      users: [{ first: 'A', last: 'B', email: 'anon@tenant-a.test', role: 'user' }],
    });
    expect(refused.status).toBe(401);
  });
});

describe('GET account/{id}/user/check', () => {
  it('given an existing login, when checking its e-mail, then 200 with status, isBZUser, exists and names', async () => {
    const check = await call(
      t.ownerA.token,
      'GET',
      `account/${t.accountA}/user/check?email=USER@tenant-a.test`,
    );
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      status: 'ACTIVE',
      isBZUser: false,
      exists: true,
      id: t.userA.id,
      firstName: 'Uma',
      lastName: 'User',
      email: 'user@tenant-a.test',
    });
  });

  it('given the super admin login, when checking it, then isBZUser is true', async () => {
    const check = await call(
      t.adminA.token,
      'GET',
      `account/${t.accountA}/user/check?email=${encodeURIComponent(t.superAdmin.email)}`,
    );
    expect(check.status).toBe(200);
    expect(check.body.isBZUser).toBe(true);
  });

  it('given an unknown e-mail, when checking it, then 204 with no body', async () => {
    const check = await call(
      t.ownerA.token,
      'GET',
      `account/${t.accountA}/user/check?email=nobody@nowhere.test`,
    );
    expect(check.status).toBe(204);
    expect(check.body).toBeNull();
  });

  it('given no or a bad e-mail, when checking, then 400', async () => {
    expect((await call(t.ownerA.token, 'GET', `account/${t.accountA}/user/check`)).status).toBe(400);
    expect((await call(t.ownerA.token, 'GET', `account/${t.accountA}/user/check?email=nope`)).status).toBe(
      400,
    );
  });

  it('given a user-role member, when checking, then 403', async () => {
    const refused = await call(
      t.userA.token,
      'GET',
      `account/${t.accountA}/user/check?email=admin@tenant-a.test`,
    );
    expect(refused.status).toBe(403);
  });

  it('given owner B, when checking through account A, then 404', async () => {
    const refused = await call(
      t.ownerB.token,
      'GET',
      `account/${t.accountA}/user/check?email=admin@tenant-a.test`,
    );
    expect(refused.status).toBe(404);
  });

  it('given no token, when checking, then 401', async () => {
    expect((await call(undefined, 'GET', `account/${t.accountA}/user/check?email=a@b.test`)).status).toBe(
      401,
    );
  });
});

describe('PUT account/{id}/user/{userId}', () => {
  it('given owner A, when changing a user to admin and back, then the list shows each role', async () => {
    const id = await addToA('role@tenant-a.test', 'user');
    const promoted = await call(t.ownerA.token, 'PUT', `account/${t.accountA}/user/${id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.find((u: { id: string }) => u.id === id)).toMatchObject({ role: 'admin' });
    const back = await call(t.adminA.token, 'PUT', `account/${t.accountA}/user/${id}`, { role: 'user' });
    expect(back.status).toBe(200);
    expect(await roleInA(id)).toBe('user');
  });

  it('given a user-role member, when changing another user’s role, then 403', async () => {
    const refused = await call(t.userA.token, 'PUT', `account/${t.accountA}/user/${t.adminA.id}`, {
      role: 'user',
    });
    expect(refused.status).toBe(403);
    expect(await roleInA(t.adminA.id)).toBe('admin');
  });

  it("given a user-role member, when setting the owner's role to owner, then 403 (not a silent no-op)", async () => {
    const refused = await call(t.userA.token, 'PUT', `account/${t.accountA}/user/${t.ownerA.id}`, {
      role: 'owner',
    });
    expect(refused.status).toBe(403);
  });

  it('given an admin, when changing their own role, then 403: nobody changes their own role', async () => {
    const refused = await call(t.adminA.token, 'PUT', `account/${t.accountA}/user/${t.adminA.id}`, {
      role: 'user',
    });
    expect(refused.status).toBe(403);
    expect(await roleInA(t.adminA.id)).toBe('admin');
    const selfOwner = await call(t.adminA.token, 'PUT', `account/${t.accountA}/user/${t.adminA.id}`, {
      role: 'owner',
    });
    expect(selfOwner.status).toBe(403);
    expect(await roleInA(t.adminA.id)).toBe('admin');
  });

  it('given the owner, when anyone demotes the owner (the owner included), then 409 and the owner stays owner', async () => {
    for (const who of [t.ownerA, t.adminA, t.superAdmin]) {
      const refused = await call(who.token, 'PUT', `account/${t.accountA}/user/${t.ownerA.id}`, {
        role: 'admin',
      });
      expect(refused.status).toBe(409);
    }
    expect(await roleInA(t.ownerA.id)).toBe('owner');
  });

  it('given an admin (not owner), when transferring ownership, then 403', async () => {
    const refused = await call(t.adminA.token, 'PUT', `account/${t.accountA}/user/${t.userA.id}`, {
      role: 'owner',
    });
    expect(refused.status).toBe(403);
    expect(await roleInA(t.userA.id)).toBe('user');
    expect(await roleInA(t.ownerA.id)).toBe('owner');
  });

  it('given owner B, when changing the role of a user of A (through A or through B), then 404', async () => {
    const viaA = await call(t.ownerB.token, 'PUT', `account/${t.accountA}/user/${t.userA.id}`, {
      role: 'admin',
    });
    expect(viaA.status).toBe(404);
    const viaB = await call(t.ownerB.token, 'PUT', `account/${t.accountB}/user/${t.userA.id}`, {
      role: 'admin',
    });
    expect(viaB.status).toBe(404);
    expect(await roleInA(t.userA.id)).toBe('user');
  });

  it('given an unknown user id or a bad role, when changing a role, then 404 or 400', async () => {
    expect(
      (await call(t.ownerA.token, 'PUT', `account/${t.accountA}/user/${MISSING}`, { role: 'admin' })).status,
    ).toBe(404);
    expect(
      (await call(t.ownerA.token, 'PUT', `account/${t.accountA}/user/${t.userA.id}`, { role: 'superadmin' }))
        .status,
    ).toBe(400);
  });

  it('given no token, when changing a role, then 401', async () => {
    expect(
      (await call(undefined, 'PUT', `account/${t.accountA}/user/${t.userA.id}`, { role: 'admin' })).status,
    ).toBe(401);
  });

  it('given the owner, when transferring ownership to the admin, then the admin is owner, the former owner admin, one owner only', async () => {
    const moved = await call(t.ownerA.token, 'PUT', `account/${t.accountA}/user/${t.adminA.id}`, {
      role: 'owner',
    });
    expect(moved.status).toBe(200);
    const owners = moved.body.filter((u: { role: string }) => u.role === 'owner');
    expect(owners.map((u: { id: string }) => u.id)).toEqual([t.adminA.id]);
    expect(moved.body.find((u: { id: string }) => u.id === t.ownerA.id)?.role).toBe('admin');
    const profile = await call(t.ownerA.token, 'GET', 'profile/accounts');
    expect(profile.body[0].role).toBe('admin');
    // The former owner, now admin, may no longer transfer ownership.
    const refused = await call(t.ownerA.token, 'PUT', `account/${t.accountA}/user/${t.userA.id}`, {
      role: 'owner',
    });
    expect(refused.status).toBe(403);
  });

  it('given the super admin, when transferring ownership back, then the previous owner is admin again', async () => {
    const moved = await call(t.superAdmin.token, 'PUT', `account/${t.accountA}/user/${t.ownerA.id}`, {
      role: 'owner',
    });
    expect(moved.status).toBe(200);
    expect(await roleInA(t.ownerA.id)).toBe('owner');
    expect(await roleInA(t.adminA.id)).toBe('admin');
    expect((await usersOfA()).filter((u) => u.role === 'owner')).toHaveLength(1);
  });
});

describe('DELETE account/{id}/user/{userId}', () => {
  it('given an admin, when removing a user, then they leave the account but their login stays', async () => {
    const id = await addToA('leaver@tenant-a.test', 'user');
    const removed = await call(t.adminA.token, 'DELETE', `account/${t.accountA}/user/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.map((u: { id: string }) => u.id)).not.toContain(id);
    const check = await call(
      t.ownerA.token,
      'GET',
      `account/${t.accountA}/user/check?email=leaver@tenant-a.test`,
    );
    expect(check.status).toBe(200);
    expect(check.body.id).toBe(id);
  });

  it('given the owner row, when anyone removes the owner, then 409 and the owner stays', async () => {
    for (const who of [t.adminA, t.superAdmin]) {
      const refused = await call(who.token, 'DELETE', `account/${t.accountA}/user/${t.ownerA.id}`);
      expect(refused.status).toBe(409);
    }
    expect(await roleInA(t.ownerA.id)).toBe('owner');
  });

  it('given an admin, when removing themselves, then 403', async () => {
    expect((await call(t.adminA.token, 'DELETE', `account/${t.accountA}/user/${t.adminA.id}`)).status).toBe(
      403,
    );
    expect(await roleInA(t.adminA.id)).toBe('admin');
  });

  it('given a user-role member, when removing another user, then 403', async () => {
    expect((await call(t.userA.token, 'DELETE', `account/${t.accountA}/user/${t.adminA.id}`)).status).toBe(
      403,
    );
    expect(await roleInA(t.adminA.id)).toBe('admin');
  });

  it('given owner B, when removing a user of A (through A or through B), then 404 and the user stays', async () => {
    expect((await call(t.ownerB.token, 'DELETE', `account/${t.accountA}/user/${t.userA.id}`)).status).toBe(
      404,
    );
    expect((await call(t.ownerB.token, 'DELETE', `account/${t.accountB}/user/${t.userA.id}`)).status).toBe(
      404,
    );
    expect(await roleInA(t.userA.id)).toBe('user');
  });

  it('given an unknown user id, when removing, then 404', async () => {
    expect((await call(t.ownerA.token, 'DELETE', `account/${t.accountA}/user/${MISSING}`)).status).toBe(404);
  });

  it('given no token, when removing, then 401', async () => {
    expect((await call(undefined, 'DELETE', `account/${t.accountA}/user/${t.userA.id}`)).status).toBe(401);
  });
});

describe('a deactivated login', () => {
  it('given a signed-in member, when their login is deactivated, then their still-unexpired token is refused with 401', async () => {
    await addToA('soon-gone@tenant-a.test', 'user');
    const member = await invitedActor(t.server, t.invitations, 'soon-gone@tenant-a.test');
    expect((await call(member.token, 'GET', 'profile/me')).status).toBe(200);
    await setUserStatus(t.server.store, member.id, 'DEPROVISIONED');
    expect((await call(member.token, 'GET', 'profile/me')).status).toBe(401);
    expect((await call(member.token, 'GET', `account/${t.accountA}/users`)).status).toBe(401);
  });
});
