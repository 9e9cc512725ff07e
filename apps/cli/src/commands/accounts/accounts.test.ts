import { MESSAGES } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, input, ok, testDeps } from '../../../test/fakes.ts';
import { CancelledError, UsageError } from '../../errors.ts';
import * as create from './create.ts';
import * as del from './delete.ts';
import * as update from './update.ts';

describe('accounts', () => {
  it('given an account, when the typed name differs, then it is not deleted', async () => {
    const api = fakeApi({ profile: { accounts: async () => ok([account()]) } });
    const { deps } = testDeps(api);
    await expect(
      del.run(deps, del.parse(input(['Acme Corp'], { confirm: 'Acme Corp ' }))),
    ).rejects.toBeInstanceOf(CancelledError);
  });

  it('given the exact name, when deleting, then the note shows and the admin call is made', async () => {
    const api = fakeApi({
      profile: { accounts: async () => ok([account()]) },
      admin: { accounts: { delete: async () => ok({ id: 'acc-1' }) } },
    });
    const { deps, recorded } = testDeps(api);
    await del.run(deps, del.parse(input(['acc-1'], { confirm: 'Acme Corp' })));
    expect(api.admin.accounts.delete).toHaveBeenCalledWith('acc-1');
    expect(recorded.stderr).toContain(MESSAGES.accountDeleteNote);
  });

  it('sends only the fields given when updating', async () => {
    const api = fakeApi({
      profile: { accounts: async () => ok([account()]) },
      accounts: { update: async () => ok(account({ name: 'Acme Inc' })) },
    });
    const { deps } = testDeps(api);
    await update.run(deps, update.parse(input(['Acme Corp'], { name: 'Acme Inc' })));
    expect(api.accounts.update).toHaveBeenCalledWith('acc-1', { name: 'Acme Inc' });
    expect(() => update.parse(input(['Acme Corp'], {}))).toThrow(UsageError);
  });

  it('parses products in either spelling and checks the owner fields', () => {
    expect(create.parse(input([], { name: 'New', products: 'parametric,kw' })).products).toEqual([
      'pm',
      'kw',
    ]);
    expect(() => create.parse(input([], { name: 'New', products: 'search' }))).toThrow(UsageError);
    expect(() => create.parse(input([], { name: 'New', ownerEmail: 'a@b.test' }))).toThrow(
      MESSAGES.firstNameRequired,
    );
  });
});
