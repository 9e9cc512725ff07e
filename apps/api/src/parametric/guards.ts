import type { EngineWrite, SearchEngine } from '@siteseer/core';
import {
  type EngineAccess,
  engineOf,
  readAccess,
  requireProduct,
  requireWrite,
} from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Queryable } from '../store/types.ts';

/**
 * Read access to an account's parametric data: a member (or super admin), or the account's own
 * API key. Anyone else gets a 404, as if the account did not exist.
 */
export async function parametricAccess(
  db: Queryable,
  principal: Principal,
  accountId: string,
): Promise<EngineAccess> {
  const access = await readAccess(db, principal, accountId);
  requireProduct(access.account, 'pm');
  return access;
}

/** A parametric engine of the account, or a 404. */
export function parametricEngine(
  db: Queryable,
  access: EngineAccess,
  engineId: string,
): Promise<SearchEngine> {
  return engineOf(db, access, engineId, 'pm');
}

/**
 * The write a change to an engine's table, configuration or publish is: an edit once the engine has
 * been published; before that (or with no engine yet) part of creating it, as the wizard's create
 * mode uploads a file, creates the engine and publishes it.
 */
function parametricWrite(engine: SearchEngine | undefined): EngineWrite {
  return engine?.searchEngineDetail ? 'edit' : 'create';
}

/** Refuses (403) a change the portal would not offer for this engine (or a new one). */
export function requireParametricWrite(
  db: Queryable,
  access: EngineAccess,
  engine: SearchEngine | undefined,
): Promise<void> {
  return requireWrite(
    db,
    access,
    { accountId: access.account.id, searchEngineType: 'pm' },
    parametricWrite(engine),
  );
}

/** Write access to a parametric engine of an account (its read access, the engine, the write checked). */
export async function writableParametricEngine(
  db: Queryable,
  principal: Principal,
  accountId: string,
  engineId: string,
): Promise<{ access: EngineAccess; engine: SearchEngine }> {
  const access = await parametricAccess(db, principal, accountId);
  const engine = await parametricEngine(db, access, engineId);
  await requireParametricWrite(db, access, engine);
  return { access, engine };
}
