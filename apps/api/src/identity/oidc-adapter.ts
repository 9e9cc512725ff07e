import type { Adapter, AdapterPayload } from 'oidc-provider';
import {
  consumeOidcModel,
  deleteOidcModel,
  deleteOidcModelsOfGrant,
  findOidcModel,
  upsertOidcModel,
} from '../repositories/identity.ts';
import type { Queryable } from '../store/types.ts';

/**
 * The identity provider's persistent adapter: one table of JSON payloads keyed by model and id,
 * in the same store as everything else, so sessions, grants and tokens survive restarts and are
 * shared by every API process. Expired rows are hidden from `find` and swept by the identity sweep (sweep.ts).
 */
export function createOidcAdapter(db: Queryable): new (model: string) => Adapter {
  return class StoreAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertOidcModel(db, this.model, id, {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresInSeconds: expiresIn ? Math.ceil(expiresIn) : null,
      });
    }

    private async findWhere(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await findOidcModel(db, this.model, column, value);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
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

    consume(id: string): Promise<void> {
      return consumeOidcModel(db, this.model, id);
    }

    destroy(id: string): Promise<void> {
      return deleteOidcModel(db, this.model, id);
    }

    revokeByGrantId(grantId: string): Promise<void> {
      return deleteOidcModelsOfGrant(db, this.model, grantId);
    }
  };
}
