import type { AccountUser } from '../domain/account.ts';
import type { AccountRole } from '../domain/common.ts';
import { isRoleAtLeast } from './roles.ts';
import type { Viewer } from './viewer.ts';
import { roleOn } from './viewer.ts';

/** How a control is offered: usable, shown but greyed out, or not shown at all. */
export type ControlState = 'enabled' | 'disabled' | 'hidden';

/**
 * The users table's mode. The account page's create mode behaves as 'edit' (new users are held
 * locally until Save), so callers pass 'edit' for it.
 */
export type UsersTableMode = 'view' | 'edit';

/** Where the users table is shown: who looks, at which account, in which mode. */
export type UsersTableContext = { viewer: Viewer; accountId: string; mode: UsersTableMode };

/** A row of the users table: the parts its controls read. */
export type UserRow = Pick<AccountUser, 'id' | 'role'>;

/**
 * Whether the viewer manages this account's users. The spec disables controls for a 'user' viewer;
 * a viewer with no role there (UNKNOWN) is refused the same way, as the API would refuse them.
 */
function managesUsers(ctx: UsersTableContext): boolean {
  return isRoleAtLeast(roleOn(ctx.viewer, ctx.accountId), 'admin');
}

/** The Delete control of a row: disabled in view mode, for a viewer below admin, for oneself and for the owner row. */
export function deleteUserControl(ctx: UsersTableContext, row: UserRow): ControlState {
  if (ctx.mode === 'view' || !managesUsers(ctx)) return 'disabled';
  if (row.id === ctx.viewer.id || row.role === 'owner') return 'disabled';
  return 'enabled';
}

/**
 * The Transfer ownership control of a row: hidden for the owner row; disabled in view mode, and when
 * editing unless the viewer is the account's owner or a super admin.
 */
export function transferOwnershipControl(ctx: UsersTableContext, row: UserRow): ControlState {
  if (row.role === 'owner') return 'hidden';
  if (ctx.mode === 'view') return 'disabled';
  return isRoleAtLeast(roleOn(ctx.viewer, ctx.accountId), 'owner') ? 'enabled' : 'disabled';
}

/**
 * The role selector of a row: disabled in view mode, for the owner row and for oneself; also for a
 * viewer below admin, whom the API refuses role changes.
 */
export function changeRoleControl(ctx: UsersTableContext, row: UserRow): ControlState {
  if (ctx.mode === 'view' || !managesUsers(ctx)) return 'disabled';
  if (row.id === ctx.viewer.id || row.role === 'owner') return 'disabled';
  return 'enabled';
}

/** The three controls of a users-table row. */
export type UserRowControls = { delete: ControlState; transferOwnership: ControlState; role: ControlState };

/** Every control of a users-table row at once. */
export function userRowControls(ctx: UsersTableContext, row: UserRow): UserRowControls {
  return {
    delete: deleteUserControl(ctx, row),
    transferOwnership: transferOwnershipControl(ctx, row),
    role: changeRoleControl(ctx, row),
  };
}

/** A role option of the add-user form. */
export type RoleOption = { role: AccountRole; disabled: boolean };

/**
 * The roles offered when adding a user, highest first: owner, admin, user. Owner stays listed but
 * is disabled while the account has an owner, since an account has only one.
 */
export function assignableRoles(users: readonly Pick<AccountUser, 'role'>[]): RoleOption[] {
  const hasOwner = users.some((u) => u.role === 'owner');
  return [
    { role: 'owner', disabled: hasOwner },
    { role: 'admin', disabled: false },
    { role: 'user', disabled: false },
  ];
}
