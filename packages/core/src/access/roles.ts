import type { Role, RoleOrUnknown } from '../domain/common.ts';
import { UNKNOWN_ROLE } from '../domain/common.ts';

/**
 * Rank of each role (spec: superadmin > owner > admin > user). UNKNOWN means "no role" and ranks
 * below every real role, so a rank comparison never grants it anything.
 */
export const ROLE_RANK: Readonly<Record<RoleOrUnknown, number>> = {
  superadmin: 4,
  owner: 3,
  admin: 2,
  user: 1,
  [UNKNOWN_ROLE]: 0,
};

/** The rank of a role; higher outranks lower, UNKNOWN is 0. */
export function roleRank(role: RoleOrUnknown): number {
  return ROLE_RANK[role];
}

/** Whether `role` is `minimum` or outranks it; UNKNOWN is never at least any role. */
export function isRoleAtLeast(role: RoleOrUnknown, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

/** The higher-ranked of two roles. */
export function higherRole(a: RoleOrUnknown, b: RoleOrUnknown): RoleOrUnknown {
  return roleRank(b) > roleRank(a) ? b : a;
}
