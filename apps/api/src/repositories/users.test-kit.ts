import type { UserStatus } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

/** Sets a user's status in the store directly, for tests that need a deprovisioned user. */
export async function setUserStatus(db: Queryable, id: string, status: UserStatus): Promise<void> {
  await db.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}
