import { z } from 'zod';
import { AccountUser, NewAccountUser, PendingInvitation, UserCheckResult } from '../../domain/account.ts';
import { AccountRole, Id } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';
import { IdParams } from './wire-schemas.ts';

/** Path parameters of a call on one user of an account. */
export const AccountUserParams = z.object({ id: Id, userId: Id });

/** Body of `POST account/{id}/users`. */
export const AddAccountUsersBody = z.object({ users: z.array(NewAccountUser).min(1) });
export type AddAccountUsersBody = z.infer<typeof AddAccountUsersBody>;

/** Body of `PUT account/{id}/user/{userId}`; role `owner` transfers ownership (the former owner becomes admin). */
export const UpdateAccountUserBody = z.object({ role: AccountRole });
export type UpdateAccountUserBody = z.infer<typeof UpdateAccountUserBody>;

/** Query of `GET account/{id}/user/check`. */
export const UserCheckQuery = z.object({ email: z.email() });

/** Answer of `POST account/{id}/invitation/{userId}/link`: a fresh link (the previous one stops working). */
export const InvitationLink = z.object({ link: z.url() });
export type InvitationLink = z.infer<typeof InvitationLink>;

/** The users of an account. Every change answers with the account's users after the change. */
export const accountUserContracts = {
  list: defineCall({
    name: 'accounts.users.list',
    method: 'GET',
    path: 'account/:id/users',
    params: IdParams,
    response: z.array(AccountUser),
  }),
  add: defineCall({
    name: 'accounts.users.add',
    method: 'POST',
    path: 'account/:id/users',
    params: IdParams,
    body: AddAccountUsersBody,
    response: z.array(AccountUser),
  }),
  updateRole: defineCall({
    name: 'accounts.users.updateRole',
    method: 'PUT',
    path: 'account/:id/user/:userId',
    params: AccountUserParams,
    body: UpdateAccountUserBody,
    response: z.array(AccountUser),
  }),
  delete: defineCall({
    name: 'accounts.users.delete',
    method: 'DELETE',
    path: 'account/:id/user/:userId',
    params: AccountUserParams,
    response: z.array(AccountUser),
  }),
  /** 200 with the login when it exists; 204 (no body) when it does not. */
  check: defineCall({
    name: 'accounts.users.check',
    method: 'GET',
    path: 'account/:id/user/check',
    params: IdParams,
    query: UserCheckQuery,
    response: UserCheckResult,
    emptyStatuses: [204],
  }),
  /** The account's invited users who have not set a password yet. */
  invitations: defineCall({
    name: 'accounts.users.invitations',
    method: 'GET',
    path: 'account/:id/invitations',
    params: IdParams,
    response: z.array(PendingInvitation),
  }),
  /** A fresh invitation link to copy; the links sent before stop working. */
  invitationLink: defineCall({
    name: 'accounts.users.invitationLink',
    method: 'POST',
    path: 'account/:id/invitation/:userId/link',
    params: AccountUserParams,
    response: InvitationLink,
  }),
  /** Sends the invitation again with a fresh link; the links sent before stop working. */
  resendInvitation: defineCall({
    name: 'accounts.users.resendInvitation',
    method: 'POST',
    path: 'account/:id/invitation/:userId/resend',
    params: AccountUserParams,
    response: z.array(PendingInvitation),
  }),
  /** Withdraws an invitation: the user leaves the account and its links stop working. */
  revokeInvitation: defineCall({
    name: 'accounts.users.revokeInvitation',
    method: 'DELETE',
    path: 'account/:id/invitation/:userId',
    params: AccountUserParams,
    response: z.array(PendingInvitation),
  }),
} as const;
