import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../domain/account.ts';
import { transferOwnership, UnknownUserError } from './ownership.ts';

function u(id: string, role: AccountUser['role']): AccountUser {
  return { id, first: id, last: id, email: `${id}@example.com`, role };
}

describe('transferOwnership', () => {
  it('Given an owner, an admin and a user, When ownership goes to the user, Then the user is owner and the former owner admin', () => {
    const users = [u('o', 'owner'), u('a', 'admin'), u('x', 'user')];
    expect(transferOwnership(users, 'x')).toEqual([u('o', 'admin'), u('a', 'admin'), u('x', 'owner')]);
  });

  it('Given an account without an owner, When ownership goes to an admin, Then that admin is the only owner', () => {
    const result = transferOwnership([u('a', 'admin'), u('b', 'admin')], 'b');
    expect(result.map((x) => x.role)).toEqual(['admin', 'owner']);
  });

  it('Given a list that wrongly holds two owners, When ownership goes to a user, Then exactly one owner remains', () => {
    const result = transferOwnership([u('o1', 'owner'), u('o2', 'owner'), u('x', 'user')], 'x');
    expect(result.filter((x) => x.role === 'owner').map((x) => x.id)).toEqual(['x']);
  });

  it('Given the target already owns the account, When transferring to them, Then nothing changes', () => {
    const users = [u('o', 'owner'), u('a', 'admin')];
    expect(transferOwnership(users, 'o')).toEqual(users);
  });

  it('Given a users list, When transferring, Then the input list is left untouched', () => {
    const users = [u('o', 'owner'), u('x', 'user')];
    transferOwnership(users, 'x');
    expect(users.map((x) => x.role)).toEqual(['owner', 'user']);
  });

  it('Given a target not in the list, When transferring, Then UnknownUserError names it', () => {
    expect(() => transferOwnership([u('o', 'owner')], 'ghost')).toThrow(UnknownUserError);
    expect(() => transferOwnership([u('o', 'owner')], 'ghost')).toThrow(/ghost/);
  });

  it('Given rows with extra fields, When transferring, Then the other fields are kept', () => {
    const [first] = transferOwnership([{ ...u('x', 'user'), email: 'kept@example.com' }], 'x');
    expect(first).toEqual({ id: 'x', first: 'x', last: 'x', email: 'kept@example.com', role: 'owner' });
  });
});
