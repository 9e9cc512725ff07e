import type { AccountUser } from '../domain/account.ts';

/** Raised when ownership is transferred to a user the list does not hold. */
export class UnknownUserError extends Error {
  readonly userId: string;

  constructor(userId: string) {
    super(`No user ${userId} in this account.`);
    this.name = 'UnknownUserError';
    this.userId = userId;
  }
}

/**
 * The users after ownership moves to `targetUserId`: the target becomes owner and every former
 * owner becomes admin, so exactly one owner remains. Throws UnknownUserError for a missing target.
 */
export function transferOwnership<U extends Pick<AccountUser, 'id' | 'role'>>(
  users: readonly U[],
  targetUserId: string,
): U[] {
  if (!users.some((u) => u.id === targetUserId)) throw new UnknownUserError(targetUserId);
  return users.map((u) => {
    if (u.id === targetUserId) return u.role === 'owner' ? u : { ...u, role: 'owner' };
    // Demoting every other owner (not just the first) also repairs a list that held two.
    return u.role === 'owner' ? { ...u, role: 'admin' } : u;
  });
}
