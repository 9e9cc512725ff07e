import {
  type AccountRole,
  type AccountUser,
  assignableRoles,
  canManageAccountUsers,
  changeRoleControl,
  deleteUserControl,
  MESSAGES,
  type NewAccountUser,
  PLATFORM_NAME,
  transferOwnershipControl,
  type UserCheckResult,
  userCheckRefusal,
  type Viewer,
  validateNewUser,
} from '@siteseer/core';
import type { Config } from '../config.ts';
import { ConflictError, InputError, NotAllowedError, NotFoundError } from '../errors.ts';
import {
  deleteMembership,
  insertMembership,
  listAccountUsers,
  setMembershipRole,
} from '../repositories/accounts.ts';
import { findUserByEmail, insertUser, type UserRecord } from '../repositories/users.ts';
import type { Queryable, Store } from '../store/types.ts';
import { visibleAccount } from './guards.ts';
import {
  deliverInvitation,
  type InvitationDeps,
  type IssuedInvitation,
  issueInvitation,
  mailDelivery,
} from './invitations.ts';

/** What the user services need: the store, the configuration and where invitations go. */
export type UserServiceDeps = InvitationDeps;

export async function listUsers(store: Store, viewer: Viewer, accountId: string): Promise<AccountUser[]> {
  await visibleAccount(store, viewer, accountId);
  return listAccountUsers(store, accountId);
}

function isSuperAdminLogin(user: UserRecord, config: Config): boolean {
  return user.groups.includes(config.identity.adminGroup);
}

/** The existence check of the add-user form: the login, or undefined (204) when there is none. */
export async function checkUser(
  deps: UserServiceDeps,
  viewer: Viewer,
  accountId: string,
  email: string,
): Promise<UserCheckResult | undefined> {
  await visibleAccount(deps.store, viewer, accountId);
  if (!canManageAccountUsers(viewer, accountId)) throw new NotAllowedError();
  const user = await findUserByEmail(deps.store, email);
  if (!user) return undefined;
  return {
    status: user.status,
    isBZUser: isSuperAdminLogin(user, deps.config),
    exists: true,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  };
}

/**
 * Adds users to an account in `db`'s transaction and answers the account's users with the
 * invitations to deliver (deliverInvitation) once it commits. A login that does not exist yet is
 * created (invited) with a link to set a password. The spec's rules: unique e-mail in the account,
 * no super admin logins, no deactivated logins, one owner.
 */
export async function insertAccountUsers(
  deps: UserServiceDeps,
  db: Queryable,
  viewer: Viewer,
  accountId: string,
  users: readonly NewAccountUser[],
): Promise<{ users: AccountUser[]; invitations: IssuedInvitation[] }> {
  if (!canManageAccountUsers(viewer, accountId))
    throw new NotAllowedError('Only owners and admins can add users.');
  const invitations: IssuedInvitation[] = [];
  for (const input of users) {
    const current = await listAccountUsers(db, accountId);
    const email = input.email.trim();
    const errors = validateNewUser(
      input,
      current.map((u) => u.email),
    );
    const [field, problem] = Object.entries(errors)[0] ?? [];
    if (problem) {
      const Err = problem === MESSAGES.emailInUse ? ConflictError : InputError;
      throw new Err(problem, { field, email });
    }
    if (input.role === 'owner' && assignableRoles(current).find((o) => o.role === 'owner')?.disabled) {
      throw new ConflictError('This account already has an owner.', { field: 'role' });
    }
    const login = await findUserByEmail(db, email);
    const refusal =
      login &&
      userCheckRefusal(
        { status: login.status, isBZUser: isSuperAdminLogin(login, deps.config) },
        PLATFORM_NAME,
      );
    if (refusal) throw new ConflictError(refusal, { field: 'email', email });
    if (login) {
      await insertMembership(db, accountId, login.id, input.role);
      continue;
    }
    const invited = await insertUser(db, {
      email,
      firstName: input.first,
      lastName: input.last,
      status: 'INVITED',
    });
    await insertMembership(db, accountId, invited.id, input.role);
    invitations.push(await issueInvitation(db, viewer, accountId, invited, mailDelivery(deps)));
  }
  return { users: await listAccountUsers(db, accountId), invitations };
}

/** Adds users to an account, all or none (insertAccountUsers), and then sends their invitations. */
export async function addUsers(
  deps: UserServiceDeps,
  viewer: Viewer,
  accountId: string,
  users: readonly NewAccountUser[],
): Promise<AccountUser[]> {
  await visibleAccount(deps.store, viewer, accountId);
  const result = await deps.store.transaction((tx) => insertAccountUsers(deps, tx, viewer, accountId, users));
  // After the commit: a link is only handed out once it works.
  for (const invitation of result.invitations) deliverInvitation(deps, invitation);
  return result.users;
}

async function memberRow(db: Queryable, accountId: string, userId: string): Promise<AccountUser> {
  const row = (await listAccountUsers(db, accountId)).find((u) => u.id === userId);
  if (!row) throw new NotFoundError('User');
  return row;
}

/**
 * Changes a user's role. Setting `owner` transfers ownership: the former owner becomes admin.
 * The owner cannot be demoted (transfer instead), and nobody changes their own role.
 */
export async function changeRole(
  store: Store,
  viewer: Viewer,
  accountId: string,
  userId: string,
  role: AccountRole,
): Promise<AccountUser[]> {
  await visibleAccount(store, viewer, accountId);
  // Before anything else: a viewer who does not manage users gets no answer, not even a no-op.
  if (!canManageAccountUsers(viewer, accountId))
    throw new NotAllowedError('Only owners and admins can change roles.');
  return store.transaction(async (tx) => {
    const row = await memberRow(tx, accountId, userId);
    const ctx = { viewer, accountId, mode: 'edit' as const };
    if (role === 'owner') {
      if (row.role === 'owner') return listAccountUsers(tx, accountId);
      if (transferOwnershipControl(ctx, row) !== 'enabled') {
        throw new NotAllowedError('Only the owner or a super admin can transfer ownership.');
      }
      const owners = (await listAccountUsers(tx, accountId)).filter((u) => u.role === 'owner');
      for (const owner of owners) await setMembershipRole(tx, accountId, owner.id, 'admin');
      await setMembershipRole(tx, accountId, userId, 'owner');
      return listAccountUsers(tx, accountId);
    }
    if (row.role === 'owner')
      throw new ConflictError('The owner cannot be demoted: transfer ownership instead.');
    if (changeRoleControl(ctx, row) !== 'enabled')
      throw new NotAllowedError('You cannot change this user\u2019s role.');
    await setMembershipRole(tx, accountId, userId, role);
    return listAccountUsers(tx, accountId);
  });
}

/** Removes a user from an account (their login stays). Not the owner, not oneself. */
export async function removeUser(store: Store, viewer: Viewer, accountId: string, userId: string) {
  await visibleAccount(store, viewer, accountId);
  return store.transaction(async (tx) => {
    const row = await memberRow(tx, accountId, userId);
    if (row.role === 'owner')
      throw new ConflictError('The owner cannot be removed: transfer ownership first.');
    if (deleteUserControl({ viewer, accountId, mode: 'edit' }, row) !== 'enabled') {
      throw new NotAllowedError('You cannot remove this user.');
    }
    await deleteMembership(tx, accountId, userId);
    return listAccountUsers(tx, accountId);
  });
}
