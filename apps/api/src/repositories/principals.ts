import type { AccountRole, ViewerAccount } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

/** What authentication reads on every call: API keys, a login's memberships, and sign-in grants. */

/**
 * The account whose API key hashes to `hash`, if any, noting that the key was used: in the same
 * statement, and at most once a minute per key, so a busy CI pipeline costs no write per call.
 */
export async function findAccountIdByApiKeyHash(db: Queryable, hash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `WITH key AS (SELECT id, api_key_last_used_at AS used FROM accounts WHERE api_key_hash = $1),
     noted AS (
       UPDATE accounts a SET api_key_last_used_at = now() FROM key
       WHERE a.id = key.id AND (key.used IS NULL OR key.used < now() - interval '1 minute')
     )
     SELECT id FROM key`,
    [hash],
  );
  return rows[0]?.id;
}

/** The accounts a login belongs to, with its role and the account's products, by account name. */
export async function listMemberships(db: Queryable, userId: string): Promise<ViewerAccount[]> {
  const { rows } = await db.query<{ id: string; role: AccountRole; products: ('pm' | 'kw')[] }>(
    `SELECT a.id, au.role, a.products FROM account_users au JOIN accounts a ON a.id = au.account_id
     WHERE au.user_id = $1 ORDER BY a.name`,
    [userId],
  );
  return rows;
}

/**
 * Whether the embedded provider still holds the grant `grantId` (the row its adapter stores for
 * the `Grant` model). Logout and revocation delete the grant, so its absence ends the sign-in.
 */
export async function grantExists(db: Queryable, grantId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM oidc_models
     WHERE model = 'Grant' AND id = $1 AND (expires_at IS NULL OR expires_at > now())`,
    [grantId],
  );
  return rowCount > 0;
}
