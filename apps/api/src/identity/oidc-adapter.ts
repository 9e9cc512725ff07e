import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../store/types.ts';

interface ModelRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * The identity provider's persistent adapter: one table of JSON payloads keyed by model and id,
 * in the same store as everything else, so sessions, grants and tokens survive restarts and are
 * shared by every API process. Expired rows are hidden from `find` and swept by `sweepExpiredOidcModels`.
 */
export function createOidcAdapter(db: Queryable): new (model: string) => Adapter {
  return class StoreAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await db.query(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::text::jsonb, $4, $5, $6,
                 CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET
           payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
           uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ? Math.ceil(expiresIn) : null,
        ],
      );
    }

    private async findWhere(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<ModelRow>(
        `SELECT payload, consumed_at FROM oidc_models
         WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('id', id);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code', userCode);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [
        this.model,
        id,
      ]);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [this.model, grantId]);
    }
  };
}

/** Deletes expired identity rows; run periodically. */
export async function sweepExpiredOidcModels(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_models WHERE expires_at < now()');
  return rowCount;
}
