import { randomBytes } from 'node:crypto';
import {
  type Account,
  type AccountCreate,
  type AccountUpdate,
  type ApiKeyInfo,
  canGenerateApiKey,
  canManageAccounts,
  canManageAccountUsers,
  type NewApiKeyResult,
  type ProductType,
  productRemovalErrors,
  type Viewer,
  validateAccountName,
} from '@siteseer/core';
import { hashApiKey } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { ConflictError, InputError, NotAllowedError, NotFoundError } from '../errors.ts';
import { announceKeywordGeneration } from '../keyword/runtime/publish-announce.ts';
import {
  accountNames,
  deleteAccountRow,
  findAccount,
  findApiKeyDates,
  insertAccount,
  listAllAccounts,
  setApiKeyHash,
  updateAccountRow,
} from '../repositories/accounts.ts';
import { listEngines } from '../repositories/engines.ts';
import { announceClientsChanged } from '../serving/live-clients.ts';
import type { Queryable, Store } from '../store/types.ts';
import { visibleAccount } from './guards.ts';
import { deliverInvitation } from './invitations.ts';
import { insertAccountUsers, type UserServiceDeps } from './users.ts';

function requireAccountAdmin(viewer: Viewer): void {
  if (!canManageAccounts(viewer)) throw new NotAllowedError('Only super admins can administer accounts.');
}

/**
 * The spec's account name rule (core's): required, and not equal to another of the user's account
 * names. A super admin has every account, so for them names are unique across all accounts.
 */
async function checkName(db: Queryable, viewer: Viewer, name: string, accountId?: string): Promise<string> {
  const accounts = await accountNames(db, viewer.isSuperAdmin ? null : viewer.id);
  const problem = validateAccountName(name, accounts, accountId);
  if (problem) throw new InputError(problem, { field: 'name' });
  return name.trim();
}

/** Products cannot be removed while the account has engines of that type (core's rule). */
async function checkProducts(
  db: Queryable,
  account: Account,
  products: readonly ProductType[],
): Promise<void> {
  const engines = await listEngines(db, { accountIds: [account.id] });
  const [problem] = productRemovalErrors(account.id, account.products, products, engines);
  if (problem) throw new ConflictError(problem, { field: 'products' });
}

export function listAccountsForAdmin(store: Store, viewer: Viewer): Promise<Account[]> {
  requireAccountAdmin(viewer);
  return listAllAccounts(store, viewer.id);
}

export async function getAccount(store: Store, viewer: Viewer, accountId: string): Promise<Account> {
  return visibleAccount(store, viewer, accountId);
}

/** One account through the administration routes: super admins only, like the rest of `admin/`. */
export async function getAccountForAdmin(store: Store, viewer: Viewer, accountId: string): Promise<Account> {
  requireAccountAdmin(viewer);
  return visibleAccount(store, viewer, accountId);
}

/**
 * Updates name and/or products. Owners and admins may rename their account; the products an
 * account has are what it pays for, so only super admins change them.
 */
export async function updateAccount(
  store: Store,
  viewer: Viewer,
  accountId: string,
  changes: AccountUpdate,
): Promise<Account> {
  const account = await visibleAccount(store, viewer, accountId);
  if (!canManageAccountUsers(viewer, accountId))
    throw new NotAllowedError('Only owners and admins can edit the account.');
  const productsChange =
    changes.products !== undefined &&
    [...new Set(changes.products)].sort().join() !== [...account.products].sort().join();
  if (productsChange && !viewer.isSuperAdmin) {
    throw new NotAllowedError('Only super admins can change an account\u2019s products.');
  }
  return store.transaction(async (tx) => {
    const name =
      changes.name === undefined ? undefined : await checkName(tx, viewer, changes.name, accountId);
    const products = changes.products && [...new Set(changes.products)];
    if (products) await checkProducts(tx, account, products);
    await updateAccountRow(tx, accountId, { name, products });
    return (await findAccount(tx, accountId, viewer.id)) as Account;
  });
}

/** Creates an account with its first users (super admins). All or nothing. */
export async function createAccount(
  deps: UserServiceDeps,
  viewer: Viewer,
  input: AccountCreate,
): Promise<Account> {
  requireAccountAdmin(viewer);
  const { account, invitations } = await deps.store.transaction(async (tx) => {
    const name = await checkName(tx, viewer, input.name);
    const account = await insertAccount(tx, name, [...new Set(input.products)]);
    if (input.users.length === 0) return { account, invitations: [] };
    const added = await insertAccountUsers(deps, tx, viewer, account.id, input.users);
    return { account, invitations: added.invitations };
  });
  for (const invitation of invitations) deliverInvitation(deps, invitation);
  return account;
}

export async function adminUpdateAccount(
  store: Store,
  viewer: Viewer,
  accountId: string,
  changes: AccountUpdate,
) {
  requireAccountAdmin(viewer);
  return updateAccount(store, viewer, accountId, changes);
}

/** Deletes an account with its engines, clients and memberships (cascades). */
export async function deleteAccount(
  store: Store,
  changes: Changes,
  viewer: Viewer,
  accountId: string,
): Promise<{ id: string }> {
  requireAccountAdmin(viewer);
  if (!(await findAccount(store, accountId))) throw new NotFoundError('Account');
  const keywordEngines = await listEngines(store, { accountIds: [accountId], type: 'kw' });
  await deleteAccountRow(store, accountId);
  // Search forgets the account's clients now, and every process drops its engines' indexes (each
  // announcement finds the engine gone), rather than when memory runs short.
  for (const engine of keywordEngines)
    await announceKeywordGeneration(changes, { accountId, engineId: engine.id });
  await announceClientsChanged(changes);
  return { id: accountId };
}

/** A new API key for the account, shown once; only its hash is kept, and the previous key stops working. */
export async function newApiKey(store: Store, viewer: Viewer, accountId: string): Promise<NewApiKeyResult> {
  await visibleAccount(store, viewer, accountId);
  if (!canGenerateApiKey(viewer, accountId))
    throw new NotAllowedError('Only owners and admins can generate API keys.');
  const key = `ssk_${randomBytes(32).toString('base64url')}`;
  await setApiKeyHash(store, accountId, hashApiKey(key));
  return { key, isValid: true };
}

/** When the account's API key was made and last authenticated a call; every member may see it. */
export async function apiKeyInfo(store: Store, viewer: Viewer, accountId: string): Promise<ApiKeyInfo> {
  await visibleAccount(store, viewer, accountId);
  return findApiKeyDates(store, accountId);
}
