import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, hasUnsavedChanges } from './account-draft.ts';
import { addPendingUser, pendingToNewUsers, removePendingUser, setPendingRole } from './pending-users.ts';

const saved = { name: 'Acme', products: ['pm', 'kw'] as const };
const ada = { first: 'Ada', last: 'Admin', email: 'ada@example.com', role: 'admin' as const };

describe('account draft', () => {
  it('Given a fresh draft of a saved account, Then nothing is unsaved', () => {
    expect(hasUnsavedChanges(draftOf({ ...saved, products: [...saved.products] }), saved)).toBe(false);
  });

  it('Given a name with only trailing spaces added, Then it is no change; a new name is', () => {
    const draft = draftOf({ ...saved, products: ['pm', 'kw'] });
    expect(changedFields({ ...draft, name: 'Acme  ' }, saved)).toEqual({});
    expect(changedFields({ ...draft, name: ' Acme Ltd ' }, saved)).toEqual({ name: 'Acme Ltd' });
  });

  it('Given the products reordered, Then no change; one removed, Then the new list', () => {
    const draft = draftOf({ ...saved, products: ['kw', 'pm'] });
    expect(changedFields(draft, saved)).toEqual({});
    expect(changedFields({ ...draft, products: ['kw'] }, saved)).toEqual({ products: ['kw'] });
  });

  it('Given a pending user, Then the draft is unsaved; removing them makes it saved again', () => {
    const draft = draftOf({ ...saved, products: ['pm', 'kw'] });
    const pending = addPendingUser([], ada);
    expect(hasUnsavedChanges({ ...draft, pending }, saved)).toBe(true);
    const tempId = pending[0]?.tempId ?? -1;
    expect(hasUnsavedChanges({ ...draft, pending: removePendingUser(pending, tempId) }, saved)).toBe(false);
  });

  it('Given a new account, Then empty is no change and a name is one', () => {
    expect(hasUnsavedChanges(draftOf(undefined), undefined)).toBe(false);
    expect(hasUnsavedChanges({ ...draftOf(undefined), name: 'New' }, undefined)).toBe(true);
  });
});

describe('pending users', () => {
  it('Given users added, Then each gets a distinct temporary id below 100000 and Save sends the fields only', () => {
    const random = () => 0.5;
    let pending = addPendingUser([], ada, random);
    pending = addPendingUser(pending, { ...ada, email: 'bo@example.com', role: 'user' }, random);
    expect(pending.map((p) => p.tempId)).toEqual([50000, 50001]);
    pending = setPendingRole(pending, 50001, 'owner');
    expect(pendingToNewUsers(pending)).toEqual([ada, { ...ada, email: 'bo@example.com', role: 'owner' }]);
  });
});
