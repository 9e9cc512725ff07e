import { canWriteAccountEngines, PRODUCT_LABELS, type SearchEngine, type Viewer } from '@siteseer/core';
import type { Principal } from '../auth/authenticate.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { findAccount } from '../repositories/accounts.ts';
import { findEngine } from '../repositories/engines.ts';
import type { Queryable } from '../store/types.ts';

/**
 * Who may work on an account's parametric data: a member (or super admin), or the account's own
 * API key (the data-source API). Anyone else gets a 404, as if the account did not exist.
 */
export async function parametricAccount(db: Queryable, principal: Principal, accountId: string) {
  const allowed =
    principal.kind === 'apiKey'
      ? principal.accountId === accountId
      : canWriteAccountEngines(principal.viewer, accountId);
  const account = allowed ? await findAccount(db, accountId) : undefined;
  if (!account) throw new NotFoundError('Account');
  if (!account.products.includes('pm')) {
    throw new InputError(`This account does not support ${PRODUCT_LABELS.pm} engines.`);
  }
  return account;
}

/** A parametric engine of the account, or a 404. */
export async function parametricEngine(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<SearchEngine> {
  const engine = await findEngine(db, accountId, engineId);
  if (engine?.searchEngineType !== 'pm') throw new NotFoundError('Search engine');
  return engine;
}

/** The author recorded on changes: the login's e-mail, or INGEST_API for an API key. */
export function authorOf(principal: Principal): string {
  return principal.kind === 'apiKey' ? 'INGEST_API' : principal.user.email;
}

export function viewerOf(principal: Principal): Viewer | undefined {
  return principal.kind === 'user' ? principal.viewer : undefined;
}
