import type { BodyOf } from '../contract.ts';
import { accountUserContracts } from '../contracts/users.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.accounts.users`. */
export function accountUserMethods(call: Caller) {
  const c = accountUserContracts;
  return {
    /** GET account/{id}/users */
    list: (id: string, options?: CallOptions) => call(c.list, { params: { id } }, options),
    /** POST account/{id}/users */
    add: (id: string, users: BodyOf<typeof c.add>['users'], options?: CallOptions) =>
      call(c.add, { params: { id }, body: { users } }, options),
    /** PUT account/{id}/user/{userId}; role 'owner' transfers ownership. */
    updateRole: (
      id: string,
      userId: string,
      role: BodyOf<typeof c.updateRole>['role'],
      options?: CallOptions,
    ) => call(c.updateRole, { params: { id, userId }, body: { role } }, options),
    /** DELETE account/{id}/user/{userId} */
    delete: (id: string, userId: string, options?: CallOptions) =>
      call(c.delete, { params: { id, userId } }, options),
    /** GET account/{id}/user/check?email=: status 200 with the login when it exists, 204 when not. */
    check: (id: string, email: string, options?: CallOptions) =>
      call(c.check, { params: { id }, query: { email } }, options),
    /** GET account/{id}/invitations: invited users who have not set a password yet. */
    invitations: (id: string, options?: CallOptions) => call(c.invitations, { params: { id } }, options),
    /** POST account/{id}/invitation/{userId}/link: a fresh link to copy (earlier links stop working). */
    invitationLink: (id: string, userId: string, options?: CallOptions) =>
      call(c.invitationLink, { params: { id, userId } }, options),
    /** POST account/{id}/invitation/{userId}/resend: e-mails a fresh link (earlier links stop working). */
    resendInvitation: (id: string, userId: string, options?: CallOptions) =>
      call(c.resendInvitation, { params: { id, userId } }, options),
    /** DELETE account/{id}/invitation/{userId}: the user leaves the account, its links stop working. */
    revokeInvitation: (id: string, userId: string, options?: CallOptions) =>
      call(c.revokeInvitation, { params: { id, userId } }, options),
  };
}
