import {
  canManageAccountUsers,
  type InvitationDelivery,
  type PendingInvitation,
  type Viewer,
} from '@siteseer/core';
import type { Config } from '../config.ts';
import { ConflictError, NotAllowedError, NotFoundError } from '../errors.ts';
import type { Mailer } from '../identity/invitation-mail.ts';
import { createPasswordToken, invitationExpiry } from '../identity/passwords.ts';
import { deleteMembership, findAccount } from '../repositories/accounts.ts';
import {
  deleteInvitation,
  deleteOrphanInvitedUser,
  expireInvitationTokens,
  findPendingInvitation,
  listPendingInvitations,
  recordInvitation,
  type StoredInvitation,
  setInvitationDelivery,
} from '../repositories/invitations.ts';
import { findUserById } from '../repositories/users.ts';
import type { Queryable, Store } from '../store/types.ts';
import { visibleAccount } from './guards.ts';

/** What sending invitations needs: the store, the public URL, the log and the mailer. */
export interface InvitationDeps {
  store: Store;
  config: Config;
  /** Where every invitation link goes besides the e-mail: the server log (tests read it). */
  onInvitation: (email: string, link: string) => void;
  /** Sends invitation e-mails; undefined when no SMTP server is configured (links are shown in the portal). */
  mailer: Mailer | undefined;
  /** Where a failed invitation e-mail is reported (the server log). */
  onMailError: (error: unknown, what: string) => void;
}

/** An invitation made in a transaction, delivered once the transaction committed. */
export interface IssuedInvitation {
  accountId: string;
  userId: string;
  email: string;
  firstName: string;
  accountName: string;
  inviter: string;
  token: string;
}

/**
 * Makes a fresh invitation link for a login of the account: the links made before stop working
 * (only hashes are stored, so a link can be shown again only by making a new one), and the
 * invitation is recorded with how the link goes out.
 */
export async function issueInvitation(
  db: Queryable,
  viewer: Viewer,
  accountId: string,
  login: { id: string; email: string; firstName: string },
  delivery: InvitationDelivery,
): Promise<IssuedInvitation> {
  await expireInvitationTokens(db, login.id);
  const token = await createPasswordToken(db, login.id, 'invite');
  await recordInvitation(db, accountId, login.id, delivery);
  const [account, inviter] = await Promise.all([findAccount(db, accountId), findUserById(db, viewer.id)]);
  const inviterName = inviter
    ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email
    : 'Siteseer';
  return {
    accountId,
    userId: login.id,
    email: login.email,
    firstName: login.firstName,
    accountName: account?.name ?? '',
    inviter: inviterName,
    token,
  };
}

/** How a new invitation goes out: by e-mail when an SMTP server is configured, else as a link only. */
export function mailDelivery(deps: Pick<InvitationDeps, 'mailer'>): InvitationDelivery {
  return deps.mailer ? 'sending' : 'link';
}

/** The set-password page's address for an invitation's token. */
function invitationLink(deps: Pick<InvitationDeps, 'config'>, token: string): string {
  return `${deps.config.publicUrl}/auth/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * Hands a committed invitation to the server log and, when an SMTP server is configured, to the
 * mailer, without waiting for it: a slow or failing mail server never holds up or fails the
 * request. How the send went is recorded afterwards (`sent` or `failed`, with the error logged).
 */
export function deliverInvitation(deps: InvitationDeps, invitation: IssuedInvitation): void {
  const link = invitationLink(deps, invitation.token);
  deps.onInvitation(invitation.email, link);
  const { mailer } = deps;
  if (!mailer) return;
  const settle = (delivery: 'sent' | 'failed') =>
    setInvitationDelivery(deps.store, invitation.accountId, invitation.userId, delivery).catch(
      (error: unknown) => deps.onMailError(error, 'recording an invitation e-mail'),
    );
  mailer
    .send({
      to: invitation.email,
      firstName: invitation.firstName,
      accountName: invitation.accountName,
      inviter: invitation.inviter,
      link,
      expiresAt: invitationExpiry(new Date()),
    })
    .then(
      () => settle('sent'),
      (error: unknown) => {
        deps.onMailError(error, `sending the invitation e-mail to ${invitation.email}`);
        return settle('failed');
      },
    );
}

/** The account's pending invitations, each saying whether this server can e-mail it. */
async function pendingInvitations(
  deps: Pick<InvitationDeps, 'mailer'>,
  db: Queryable,
  accountId: string,
): Promise<PendingInvitation[]> {
  const emailEnabled = deps.mailer !== undefined;
  return (await listPendingInvitations(db, accountId)).map((stored) => ({ ...stored, emailEnabled }));
}

/** The account's pending invitations; every member may see them (as they see the users). */
export async function listInvitations(
  deps: InvitationDeps,
  viewer: Viewer,
  accountId: string,
): Promise<PendingInvitation[]> {
  await visibleAccount(deps.store, viewer, accountId);
  return pendingInvitations(deps, deps.store, accountId);
}

async function pendingForManager(
  db: Queryable,
  viewer: Viewer,
  accountId: string,
  userId: string,
): Promise<StoredInvitation> {
  if (!canManageAccountUsers(viewer, accountId))
    throw new NotAllowedError('Only owners and admins can manage invitations.');
  const pending = await findPendingInvitation(db, accountId, userId);
  if (!pending) throw new NotFoundError('Invitation');
  return pending;
}

async function reissue(
  deps: InvitationDeps,
  viewer: Viewer,
  target: { accountId: string; userId: string },
  delivery: InvitationDelivery,
) {
  await visibleAccount(deps.store, viewer, target.accountId);
  return deps.store.transaction(async (tx) => {
    const pending = await pendingForManager(tx, viewer, target.accountId, target.userId);
    const login = { id: pending.userId, email: pending.email, firstName: pending.first };
    return issueInvitation(tx, viewer, target.accountId, login, delivery);
  });
}

/**
 * A fresh link to copy and hand over by other means. It is not e-mailed, and the links sent
 * before stop working, so only the newest link given out opens the set-password page.
 */
export async function copyInvitationLink(
  deps: InvitationDeps,
  viewer: Viewer,
  accountId: string,
  userId: string,
): Promise<{ link: string }> {
  const issued = await reissue(deps, viewer, { accountId, userId }, 'link');
  return { link: invitationLink(deps, issued.token) };
}

/**
 * E-mails the invitation again with a fresh link (the earlier links stop working). Refused when
 * the server sends no e-mail: it would only end the link already handed over.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  viewer: Viewer,
  accountId: string,
  userId: string,
): Promise<PendingInvitation[]> {
  if (!deps.mailer) {
    // Another account's invitation is as missing as one that does not exist, e-mail or not.
    await visibleAccount(deps.store, viewer, accountId);
    await pendingForManager(deps.store, viewer, accountId, userId);
    throw new ConflictError('This server sends no e-mail: copy the invitation link and send it yourself.');
  }
  deliverInvitation(deps, await reissue(deps, viewer, { accountId, userId }, mailDelivery(deps)));
  return pendingInvitations(deps, deps.store, accountId);
}

/**
 * Withdraws an invitation: the user leaves the account, and their login with its links is deleted
 * when no other account has it (an invitation of another account stays valid).
 */
export async function revokeInvitation(
  deps: InvitationDeps,
  viewer: Viewer,
  accountId: string,
  userId: string,
): Promise<PendingInvitation[]> {
  await visibleAccount(deps.store, viewer, accountId);
  return deps.store.transaction(async (tx) => {
    const pending = await pendingForManager(tx, viewer, accountId, userId);
    if (pending.role === 'owner')
      throw new ConflictError('The owner’s invitation cannot be revoked: transfer ownership first.');
    await deleteMembership(tx, accountId, userId);
    await deleteInvitation(tx, accountId, userId);
    await deleteOrphanInvitedUser(tx, userId);
    return pendingInvitations(deps, tx, accountId);
  });
}
