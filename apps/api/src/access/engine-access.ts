import {
  type Account,
  canReadAccountEngines,
  type EngineWrite,
  engineWriteRefusal,
  INGEST_API_CREATOR,
  PRODUCT_LABELS,
  type ProductType,
  type SearchEngine,
} from '@siteseer/core';
import type { Principal } from '../auth/authenticate.ts';
import { InputError, NotAllowedError, NotFoundError } from '../errors.ts';
import { findAccount } from '../repositories/accounts.ts';
import { findEngine } from '../repositories/engines.ts';
import { listFeatures } from '../repositories/features.ts';
import type { Queryable } from '../store/types.ts';

// The one place the API decides who may read and write an account's engines, clients and
// parametric data. The caller is a principal, never a viewer made up for an API key: a key is
// not a login, so nothing here reads a user id from it.

/** A caller's access to one account, checked once and passed down to what the call does. */
export interface EngineAccess {
  principal: Principal;
  account: Account;
  /** The author changes record: the login's e-mail, or INGEST_API for the account's API key. */
  author: string;
}

/** The ids of the accounts whose engines the caller may read; null means every account (super admin). */
export function readableAccountIds(principal: Principal): string[] | null {
  if (principal.kind === 'apiKey') return [principal.accountId];
  return principal.viewer.isSuperAdmin ? null : principal.viewer.accounts.map((a) => a.id);
}

function mayRead(principal: Principal, accountId: string): boolean {
  return principal.kind === 'apiKey'
    ? principal.accountId === accountId
    : canReadAccountEngines(principal.viewer, accountId);
}

/**
 * Read access to an account's engines: a member or super admin, or the account's own API key.
 * Anyone else gets a 404, the same as a missing account: another tenant's ids reveal nothing.
 */
export async function readAccess(
  db: Queryable,
  principal: Principal,
  accountId: string,
): Promise<EngineAccess> {
  const account = mayRead(principal, accountId) ? await findAccount(db, accountId) : undefined;
  if (!account) throw new NotFoundError('Account');
  const author = principal.kind === 'apiKey' ? INGEST_API_CREATOR : principal.user.email;
  return { principal, account, author };
}

/** An engine of the account the access is to (of `type` when given), or a 404. */
export async function engineOf(
  db: Queryable,
  access: EngineAccess,
  engineId: string,
  type?: ProductType,
): Promise<SearchEngine> {
  const engine = await findEngine(db, access.account.id, engineId);
  if (!engine || (type && engine.searchEngineType !== type)) throw new NotFoundError('Search engine');
  return engine;
}

/**
 * Refuses (403) a write the portal would not offer: core's `engineWriteRefusal` with the features
 * as configured now (creating a keyword engine needs ENGINE_EDIT too: its crawler is an edit). An
 * API key writes only through the data-source API (`ingestAccess`).
 */
export async function requireWrite(
  db: Queryable,
  access: EngineAccess,
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
  write: EngineWrite,
): Promise<void> {
  const { principal } = access;
  if (principal.kind === 'apiKey') {
    throw new NotAllowedError(
      "An API key cannot be used for this call: it reads its account's engines and uploads files through the data-source API (datasource/parametric).",
    );
  }
  const refusal = engineWriteRefusal(principal.viewer, await listFeatures(db), engine, write);
  if (refusal) throw new NotAllowedError(refusal);
}

/** Read access, then `requireWrite` for a write to a new or an existing engine of the account. */
export async function writeAccess(
  db: Queryable,
  principal: Principal,
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
  write: EngineWrite,
): Promise<EngineAccess> {
  const access = await readAccess(db, principal, engine.accountId);
  await requireWrite(db, access, engine, write);
  return access;
}

/** The data-source API is for account API keys only; checked before the upload is read. */
export function requireApiKey(principal: Principal): string {
  if (principal.kind !== 'apiKey')
    throw new NotAllowedError('The data-source API takes an account API key (X-Api-Key).');
  return principal.accountId;
}

/** The data-source API's access: an account API key, to its own account, which must support parametric engines. */
export async function ingestAccess(db: Queryable, principal: Principal): Promise<EngineAccess> {
  const access = await readAccess(db, principal, requireApiKey(principal));
  requireProduct(access.account, 'pm');
  return access;
}

/** Refuses (400) an engine of a type the account does not support. */
export function requireProduct(account: Account, type: ProductType): void {
  if (!account.products.includes(type)) {
    throw new InputError(`This account does not support ${PRODUCT_LABELS[type]} engines.`);
  }
}
