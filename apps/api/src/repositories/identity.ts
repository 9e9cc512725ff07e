import type { Queryable } from '../store/types.ts';

// The identity provider's rows: the OpenID Connect models (sessions, grants, codes, tokens) and
// the one-time password tokens. Neither is tenant data: a login belongs to no one account.

/** A stored OpenID Connect model: its JSON payload and when it was consumed (null: not yet). */
export interface OidcModelRecord {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** What an OpenID Connect model is stored with: its payload and the ids it is looked up by. */
export interface OidcModelWrite {
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  /** Seconds it lives from now (null: no expiry). */
  expiresInSeconds: number | null;
}

/** Stores a model under (model, id), replacing what was there. */
export async function upsertOidcModel(
  db: Queryable,
  model: string,
  id: string,
  row: OidcModelWrite,
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES ($1, $2, $3::text::jsonb, $4, $5, $6,
             CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
     ON CONFLICT (model, id) DO UPDATE SET
       payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
       uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
    [model, id, JSON.stringify(row.payload), row.grantId, row.userCode, row.uid, row.expiresInSeconds],
  );
}

/** The unexpired model whose `column` is `value`, or undefined. */
export async function findOidcModel(
  db: Queryable,
  model: string,
  column: 'id' | 'user_code' | 'uid',
  value: string,
): Promise<OidcModelRecord | undefined> {
  const { rows } = await db.query<{ payload: Record<string, unknown>; consumed_at: Date | null }>(
    `SELECT payload, consumed_at FROM oidc_models
     WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
    [model, value],
  );
  const row = rows[0];
  return row && { payload: row.payload, consumedAt: row.consumed_at };
}

/** Marks a model consumed now. */
export async function consumeOidcModel(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [model, id]);
}

/** Deletes a model. */
export async function deleteOidcModel(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);
}

/** Deletes the models of a grant. */
export async function deleteOidcModelsOfGrant(db: Queryable, model: string, grantId: string): Promise<void> {
  await db.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [model, grantId]);
}

/** Deletes every expired model; answers how many. */
export async function deleteExpiredOidcModels(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_models WHERE expires_at < now()');
  return rowCount;
}

/** Stores a password token by its hash, valid for `hours`. */
export async function insertPasswordToken(
  db: Queryable,
  token: { hash: string; userId: string; purpose: string; hours: number },
): Promise<void> {
  await db.query(
    `INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [token.hash, token.userId, token.purpose, token.hours],
  );
}

/** The user of a valid (unused, unexpired) token by its hash, or undefined. */
export async function findPasswordTokenUser(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM password_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash],
  );
  return rows[0]?.user_id;
}

/** Marks a valid token used, by its hash; answers its user, or undefined when it was not valid. */
export async function usePasswordToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE password_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id;
}
