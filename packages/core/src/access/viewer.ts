import { z } from 'zod';
import type { Account } from '../domain/account.ts';
import type { AccountRole as AccountRoleType, RoleOrUnknown } from '../domain/common.ts';
import { AccountRole, Id, ProductType, UNKNOWN_ROLE } from '../domain/common.ts';
import type { UserProfile } from '../domain/profile.ts';
import { higherRole } from './roles.ts';

/** One account the viewer belongs to: their role on it and the products it supports. */
export const ViewerAccount = z.object({
  id: Id,
  role: AccountRole,
  products: z.array(ProductType).default([]),
});
export type ViewerAccount = z.infer<typeof ViewerAccount>;

/**
 * Who is asking, reduced to what permissions depend on. The portal builds it from the profile,
 * the API server from the token and the account_users rows, the CLI from `profile/me`, so all
 * three ask the same questions of the same shape.
 */
export const Viewer = z.object({
  id: Id,
  isSuperAdmin: z.boolean(),
  accounts: z.array(ViewerAccount).default([]),
});
export type Viewer = z.infer<typeof Viewer>;

/** The parts of a profile that permissions read. */
export type AccessProfile = Pick<UserProfile, 'id' | 'isBZAdmin'> & {
  accounts: readonly Pick<Account, 'id' | 'products' | 'role' | 'users'>[];
};

/** A viewer or a profile: the role questions accept either. */
export type ViewerSource = Viewer | AccessProfile;

/**
 * The user's role on a profile account. `role` is what the server says; an older response may
 * only list the users, so the user's own row is the fallback. An account listed without either
 * still makes the user a member, so it gets the least role rather than none.
 */
function profileAccountRole(account: AccessProfile['accounts'][number], userId: string): AccountRoleType {
  return account.role ?? account.users?.find((u) => u.id === userId)?.role ?? 'user';
}

/** Builds the viewer of a signed-in profile (`isBZAdmin` is the super admin flag). */
export function viewerFromProfile(profile: AccessProfile): Viewer {
  const byId = new Map<string, ViewerAccount>();
  for (const account of profile.accounts) {
    const role = profileAccountRole(account, profile.id);
    const seen = byId.get(account.id);
    // A repeated account keeps its higher role and every product listed, rather than whichever came last.
    byId.set(account.id, {
      id: account.id,
      role: seen ? (higherRole(seen.role, role) as AccountRoleType) : role,
      products: [...new Set([...(seen?.products ?? []), ...account.products])],
    });
  }
  return { id: profile.id, isSuperAdmin: profile.isBZAdmin, accounts: [...byId.values()] };
}

/** Returns the viewer itself, or builds it from a profile. */
export function toViewer(source: ViewerSource): Viewer {
  return 'isSuperAdmin' in source ? source : viewerFromProfile(source);
}

/** The viewer's own membership of an account (super admin status not applied), if any. */
export function membershipOf(viewer: Viewer, accountId: string): ViewerAccount | undefined {
  return viewer.accounts.find((a) => a.id === accountId);
}

/**
 * The highest role across the user's accounts, used for features: 'superadmin' for a super admin,
 * UNKNOWN when the user has no account.
 */
export function highestRole(source: ViewerSource): RoleOrUnknown {
  const viewer = toViewer(source);
  if (viewer.isSuperAdmin) return 'superadmin';
  return viewer.accounts.reduce<RoleOrUnknown>((best, a) => higherRole(best, a.role), UNKNOWN_ROLE);
}

/**
 * The viewer's role on one account: their membership role, UNKNOWN when they are not a member.
 * A super admin gets 'superadmin' on every account, whatever their membership: it outranks admin,
 * so every "admin or higher" check admits them (the spec's "treated as admin of every account"),
 * and the questions that single out super admins (ownership transfer) can still tell them apart.
 */
export function roleOn(source: ViewerSource, accountId: string): RoleOrUnknown {
  const viewer = toViewer(source);
  if (viewer.isSuperAdmin) return 'superadmin';
  return membershipOf(viewer, accountId)?.role ?? UNKNOWN_ROLE;
}
