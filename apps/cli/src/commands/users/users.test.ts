import { MESSAGES } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, input, ok, testDeps } from '../../../test/fakes.ts';
import { AbortError, CancelledError, UsageError } from '../../errors.ts';
import * as apikey from '../apikey/new.ts';
import * as add from './add.ts';
import * as list from './list.ts';
import * as remove from './remove.ts';
import * as role from './role.ts';
import * as transfer from './transfer-ownership.ts';

const users = [
  { id: 'u-owner', first: 'Ann', last: 'Owner', email: 'ann@acme.test', role: 'owner' as const },
  { id: 'u-admin', first: 'Bo', last: 'Admin', email: 'bo@acme.test', role: 'admin' as const },
  { id: 'u-user', first: 'Cy', last: 'User', email: 'cy@acme.test', role: 'user' as const },
];

function profile(id: string, accountRole: 'owner' | 'admin' | 'user', isBZAdmin = false) {
  return {
    id,
    firstName: 'X',
    lastName: 'Y',
    email: 'x@acme.test',
    isBZAdmin,
    accounts: [account({ role: accountRole })],
    engines: [],
    clients: {},
  };
}

function api(viewer: ReturnType<typeof profile>, extra: Record<string, unknown> = {}) {
  return fakeApi({
    profile: { accounts: async () => ok([account()]), me: async () => ok(viewer) },
    accounts: {
      users: {
        list: async () => ok(users),
        add: async (_id: string, added: any[]) => ok([...users, { id: 'u-new', ...added[0] }]),
        check: async () => ({ ok: false, status: 204, data: null, headers: new Headers() }),
        delete: async () => ok(users.slice(0, 2)),
        updateRole: async () => ok(users),
        ...extra,
      },
    },
  });
}

const addInput = (email: string, extra: Record<string, unknown> = {}) =>
  input([], { account: 'Acme Corp', email, first: 'Di', last: 'New', ...extra });

describe('users add', () => {
  it('given an invalid e-mail, when parsed, then the form rule message is a usage error', () => {
    expect(() => add.parse(addInput('not-an-email'))).toThrow(UsageError);
    expect(() => add.parse(addInput('not-an-email'))).toThrow(MESSAGES.emailInvalid);
  });

  it('given an e-mail already in the account (other case), when adding, then "That email is already in use"', async () => {
    const { deps } = testDeps(api(profile('u-owner', 'owner')));
    await expect(add.run(deps, add.parse(addInput('BO@acme.test')))).rejects.toThrow(MESSAGES.emailInUse);
  });

  it('given an account with an owner, when adding another owner, then it is refused with a hint', async () => {
    const { deps } = testDeps(api(profile('u-owner', 'owner')));
    await expect(add.run(deps, add.parse(addInput('di@acme.test', { role: 'owner' })))).rejects.toThrow(
      /already has an owner/,
    );
  });

  it('given a deactivated login, when adding it, then the spec message refuses it', async () => {
    const fake = api(profile('u-owner', 'owner'), {
      check: async () =>
        ok({
          status: 'DEPROVISIONED',
          isBZUser: false,
          exists: true,
          id: 'z',
          firstName: 'Z',
          lastName: 'Z',
          email: 'z@x.test',
        }),
    });
    const { deps } = testDeps(fake);
    await expect(add.run(deps, add.parse(addInput('z@x.test')))).rejects.toThrow(MESSAGES.userDeactivated);
  });

  it('given a user-role viewer, when adding, then it is refused before sending', async () => {
    const fake = api(profile('u-user', 'user'));
    const { deps } = testDeps(fake);
    await expect(add.run(deps, add.parse(addInput('di@acme.test')))).rejects.toThrow(
      'Only owners and admins can add users.',
    );
    expect(fake.accounts.users.add).not.toHaveBeenCalled();
  });

  it('given a new login, when added by an admin, then it is invited and its id printed', async () => {
    const fake = api(profile('u-admin', 'admin'));
    const { deps, recorded } = testDeps(fake);
    await add.run(deps, add.parse(addInput('di@acme.test', { role: 'admin' })));
    expect(fake.accounts.users.add).toHaveBeenCalledWith('acc-1', [
      { first: 'Di', last: 'New', email: 'di@acme.test', role: 'admin' },
    ]);
    expect(recorded.stderr).toContain('invitation');
    expect(recorded.stdout).toBe('u-new\n');
  });
});

describe('users without --account', () => {
  it('given one account, when listing or changing a role, then that account is used', async () => {
    const fake = api(profile('u-owner', 'owner'));
    const { deps, recorded } = testDeps(fake, { json: true });
    await list.run(deps, list.parse(input([], {})));
    expect(fake.accounts.users.list).toHaveBeenCalledWith('acc-1');
    expect(JSON.parse(recorded.stdout)).toHaveLength(3);
    await role.run(deps, role.parse(input(['bo@acme.test', 'user'], {})));
    expect(fake.accounts.users.updateRole).toHaveBeenCalledWith('acc-1', 'u-admin', 'user');
  });

  it('given two accounts, when removing, then a usage error names both and nothing is sent', async () => {
    const fake = fakeApi({
      profile: {
        accounts: async () => ok([account(), account({ id: 'acc-2', name: 'Beta Ltd' })]),
        me: async () => ok(profile('u-owner', 'owner')),
      },
    });
    const { deps } = testDeps(fake);
    const error = await remove
      .run(deps, remove.parse(input(['cy@acme.test'], { yes: true })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      '--account is required: you have 2 accounts: Acme Corp (acc-1), Beta Ltd (acc-2).',
    );
  });

  it('given one account, when generating an API key with --yes, then it is for that account', async () => {
    const fake = fakeApi({
      profile: { accounts: async () => ok([account()]) },
      accounts: { newApiKey: async () => ok({ isValid: true, key: 'ssk_new' }) },
    });
    const { deps, recorded } = testDeps(fake);
    await apikey.run(deps, apikey.parse(input([], { yes: true })));
    expect(fake.accounts.newApiKey).toHaveBeenCalledWith('acc-1');
    expect(recorded.stdout).toBe('ssk_new\n');
  });
});

describe('users remove, role and transfer-ownership', () => {
  it('given the owner row, when an admin removes it, then the refusal says to transfer first', async () => {
    const { deps } = testDeps(api(profile('u-admin', 'admin')));
    const error = await remove
      .run(deps, remove.parse(input(['ann@acme.test'], { account: 'acc-1' })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe('The owner cannot be removed: transfer ownership first.');
  });

  it('given oneself, when removing, then it is refused', async () => {
    const { deps } = testDeps(api(profile('u-admin', 'admin')));
    await expect(remove.run(deps, remove.parse(input(['u-admin'], { account: 'acc-1' })))).rejects.toThrow(
      'You cannot remove yourself.',
    );
  });

  it('given a user, when an admin removes them, then the call is sent', async () => {
    const fake = api(profile('u-admin', 'admin'));
    const { deps } = testDeps(fake);
    await remove.run(deps, remove.parse(input(['cy@acme.test'], { account: 'acc-1', yes: true })));
    expect(fake.accounts.users.delete).toHaveBeenCalledWith('acc-1', 'u-user');
  });

  it('given no terminal and no --yes, when removing, then a usage error names --yes and nothing is removed', async () => {
    const fake = api(profile('u-admin', 'admin'));
    const { deps } = testDeps(fake);
    const error = await remove
      .run(deps, remove.parse(input(['cy@acme.test'], { account: 'acc-1' })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('Pass --yes to remove a user without a terminal.');
    expect(fake.accounts.users.delete).not.toHaveBeenCalled();
  });

  it('given a terminal, when removing, then it asks: no cancels, yes removes', async () => {
    const fake = api(profile('u-admin', 'admin'));
    const no = testDeps(fake, { interactive: true, answers: ['n'] });
    await expect(
      remove.run(no.deps, remove.parse(input(['cy@acme.test'], { account: 'acc-1' }))),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(fake.accounts.users.delete).not.toHaveBeenCalled();
    const yes = testDeps(fake, { interactive: true, answers: ['y'] });
    await remove.run(yes.deps, remove.parse(input(['cy@acme.test'], { account: 'acc-1' })));
    expect(fake.accounts.users.delete).toHaveBeenCalledWith('acc-1', 'u-user');
  });

  it('given owner as the new role, when parsed, then it points to transfer-ownership', () => {
    expect(() => role.parse(input(['cy@acme.test', 'owner'], { account: 'acc-1' }))).toThrow(
      /transfer-ownership/,
    );
  });

  it('given a user-role viewer, when changing a role, then it is refused', async () => {
    const { deps } = testDeps(api(profile('u-user', 'user')));
    await expect(
      role.run(deps, role.parse(input(['bo@acme.test', 'user'], { account: 'acc-1' }))),
    ).rejects.toThrow('Only owners and admins can change roles.');
  });

  it('given an admin, when transferring ownership, then only the owner or a super admin may', async () => {
    const { deps } = testDeps(api(profile('u-admin', 'admin')));
    await expect(
      transfer.run(deps, transfer.parse(input(['cy@acme.test'], { account: 'acc-1', yes: true }))),
    ).rejects.toThrow('Only the owner or a super admin can transfer ownership.');
  });

  it('given a super admin on a terminal who answers no, when transferring, then nothing changes', async () => {
    const fake = api(profile('sa', 'user', true));
    const { deps } = testDeps(fake, { interactive: true, answers: ['n'] });
    await expect(
      transfer.run(deps, transfer.parse(input(['cy@acme.test'], { account: 'acc-1' }))),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(fake.accounts.users.updateRole).not.toHaveBeenCalled();
  });

  it('given the owner and --yes, when transferring, then the role becomes owner', async () => {
    const fake = api(profile('u-owner', 'owner'));
    const { deps } = testDeps(fake);
    await transfer.run(deps, transfer.parse(input(['bo@acme.test'], { account: 'acc-1', yes: true })));
    expect(fake.accounts.users.updateRole).toHaveBeenCalledWith('acc-1', 'u-admin', 'owner');
  });
});
