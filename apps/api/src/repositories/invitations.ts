import type { InvitationDelivery, PendingInvitation } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

/** A pending invitation as stored; whether the server e-mails it is the service's to add. */
export type StoredInvitation = Omit<PendingInvitation, 'emailEnabled'>;

interface InvitationRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: PendingInvitation['role'];
  sent_at: Date;
  expires_at: Date | null;
  delivery: InvitationDelivery;
}

/**
 * The account's members whose login is still invited (no password set), with their newest valid
 * link's end. A member invited before invitations were recorded shows as `link`, sent when the
 * login was made.
 */
export async function listPendingInvitations(
  db: Queryable,
  accountId: string,
  userId?: string,
): Promise<StoredInvitation[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT u.id AS user_id, u.email, u.first_name, u.last_name, au.role,
            coalesce(i.sent_at, u.created_at) AS sent_at, coalesce(i.delivery, 'link') AS delivery,
            (SELECT max(t.expires_at) FROM password_tokens t
              WHERE t.user_id = u.id AND t.purpose = 'invite' AND t.used_at IS NULL
                AND t.expires_at > now()) AS expires_at
     FROM account_users au
     JOIN users u ON u.id = au.user_id
     LEFT JOIN invitations i ON i.account_id = au.account_id AND i.user_id = au.user_id
     WHERE au.account_id = $1 AND u.status = 'INVITED' AND ($2::uuid IS NULL OR u.id = $2::uuid)
     ORDER BY lower(u.email)`,
    [accountId, userId ?? null],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    first: r.first_name,
    last: r.last_name,
    role: r.role,
    sentAt: r.sent_at.toISOString(),
    expiresAt: r.expires_at ? r.expires_at.toISOString() : null,
    delivery: r.delivery,
  }));
}

/** The pending invitation of one member of the account, if there is one. */
export async function findPendingInvitation(
  db: Queryable,
  accountId: string,
  userId: string,
): Promise<StoredInvitation | undefined> {
  if (!isUuid(userId)) return undefined;
  return (await listPendingInvitations(db, accountId, userId))[0];
}

/** Records that the account sent (or is sending) the login a link now. */
export async function recordInvitation(
  db: Queryable,
  accountId: string,
  userId: string,
  delivery: InvitationDelivery,
): Promise<void> {
  await db.query(
    `INSERT INTO invitations (account_id, user_id, delivery) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, user_id) DO UPDATE SET delivery = $3, sent_at = now()`,
    [accountId, userId, delivery],
  );
}

/** How the e-mail of the account's invitation went (`sent` or `failed`), once it is known. */
export async function setInvitationDelivery(
  db: Queryable,
  accountId: string,
  userId: string,
  delivery: 'sent' | 'failed',
): Promise<void> {
  await db.query(
    `UPDATE invitations SET delivery = $3 WHERE account_id = $1 AND user_id = $2 AND delivery = 'sending'`,
    [accountId, userId, delivery],
  );
}

/** Makes every unused invitation link of the login stop working. */
export async function expireInvitationTokens(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `DELETE FROM password_tokens WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL`,
    [userId],
  );
}

/** Forgets the account's invitation of the login. */
export async function deleteInvitation(db: Queryable, accountId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM invitations WHERE account_id = $1 AND user_id = $2', [accountId, userId]);
}

/**
 * Deletes the login when it is still invited and no account has it any more (its tokens go with
 * it); answers whether it did.
 */
export async function deleteOrphanInvitedUser(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM users u WHERE u.id = $1 AND u.status = 'INVITED'
       AND NOT EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id)
     RETURNING u.id`,
    [userId],
  );
  return rows.length > 0;
}
