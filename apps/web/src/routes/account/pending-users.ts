import type { AccountRole, AccountUser, NewAccountUser } from '@siteseer/core';
import { temporaryUserId } from '@siteseer/core';

/**
 * A user added in edit (or create) mode and held locally until Save (spec 4): the form's fields and
 * a temporary id, a random number below 100000, that tells it apart until the server gives it one.
 */
export interface PendingUser extends NewAccountUser {
  tempId: number;
}

/** A row of the users table: a saved user, or one still pending. */
export type UsersTableRow =
  | { kind: 'saved'; key: string; user: AccountUser }
  | { kind: 'pending'; key: string; user: PendingUser };

/** Adds a user to the pending list with a fresh temporary id. */
export function addPendingUser(
  pending: readonly PendingUser[],
  user: NewAccountUser,
  random?: () => number,
): PendingUser[] {
  const tempId = temporaryUserId(
    pending.map((p) => p.tempId),
    random,
  );
  return [...pending, { ...user, tempId }];
}

/** The pending list without one user. */
export function removePendingUser(pending: readonly PendingUser[], tempId: number): PendingUser[] {
  return pending.filter((p) => p.tempId !== tempId);
}

/** The pending list with one user's role changed. */
export function setPendingRole(
  pending: readonly PendingUser[],
  tempId: number,
  role: AccountRole,
): PendingUser[] {
  return pending.map((p) => (p.tempId === tempId ? { ...p, role } : p));
}

/** What Save sends for the pending users (the temporary ids stay in the browser). */
export function pendingToNewUsers(pending: readonly PendingUser[]): NewAccountUser[] {
  return pending.map(({ first, last, email, role }) => ({ first, last, email, role }));
}

/** The table's rows: saved users first, in the server's order, then the pending ones as added. */
export function usersTableRows(
  saved: readonly AccountUser[],
  pending: readonly PendingUser[],
): UsersTableRow[] {
  return [
    ...saved.map((user) => ({ kind: 'saved' as const, key: `saved-${user.id}`, user })),
    ...pending.map((user) => ({ kind: 'pending' as const, key: `pending-${user.tempId}`, user })),
  ];
}

/** Every user the account will have after Save: whose emails and roles the add-user rules count. */
export function allUsers(
  saved: readonly AccountUser[],
  pending: readonly PendingUser[],
): Pick<AccountUser, 'email' | 'role'>[] {
  return [...saved, ...pending];
}
