import type { Account, AccountRole, AccountUser, ApiKeyInfo, ProductType } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

interface AccountRow {
  id: string;
  name: string;
  products: ProductType[];
  created_at: Date;
  role?: AccountRole | null;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    products: row.products,
    createdDate: row.created_at.toISOString(),
    ...(row.role ? { role: row.role } : {}),
  };
}

/** Every account, for super admins, with the caller's role where they are a member. */
export async function listAllAccounts(db: Queryable, userId: string): Promise<Account[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.name, a.products, a.created_at, au.role
     FROM accounts a LEFT JOIN account_users au ON au.account_id = a.id AND au.user_id = $1
     ORDER BY lower(a.name), a.id`,
    [userId],
  );
  return rows.map(toAccount);
}

/** The accounts a login belongs to, with its role on each. */
export async function listAccountsOfUser(db: Queryable, userId: string): Promise<Account[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.name, a.products, a.created_at, au.role
     FROM accounts a JOIN account_users au ON au.account_id = a.id
     WHERE au.user_id = $1 ORDER BY lower(a.name), a.id`,
    [userId],
  );
  return rows.map(toAccount);
}

export async function findAccount(
  db: Queryable,
  accountId: string,
  userId?: string,
): Promise<Account | undefined> {
  if (!isUuid(accountId)) return undefined;
  const { rows } = await db.query<AccountRow>(
    `SELECT a.id, a.name, a.products, a.created_at, au.role
     FROM accounts a LEFT JOIN account_users au ON au.account_id = a.id AND au.user_id = $2::uuid
     WHERE a.id = $1`,
    [accountId, userId ?? null],
  );
  return rows[0] && toAccount(rows[0]);
}

export async function insertAccount(
  db: Queryable,
  name: string,
  products: readonly ProductType[],
): Promise<Account> {
  const { rows } = await db.query<AccountRow>(
    'INSERT INTO accounts (name, products) VALUES ($1, $2) RETURNING id, name, products, created_at',
    [name, products],
  );
  return toAccount(rows[0] as AccountRow);
}

export async function updateAccountRow(
  db: Queryable,
  accountId: string,
  changes: { name?: string | undefined; products?: readonly ProductType[] | undefined },
): Promise<void> {
  await db.query(
    `UPDATE accounts SET name = coalesce($2, name), products = coalesce($3, products) WHERE id = $1`,
    [accountId, changes.name ?? null, changes.products ?? null],
  );
}

export async function deleteAccountRow(db: Queryable, accountId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM accounts WHERE id = $1', [accountId]);
  return rowCount > 0;
}

/** Names of the accounts a login belongs to (all accounts when `userId` is null). */
export async function accountNames(
  db: Queryable,
  userId: string | null,
): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    userId === null
      ? 'SELECT id, name FROM accounts'
      : 'SELECT a.id, a.name FROM accounts a JOIN account_users au ON au.account_id = a.id WHERE au.user_id = $1',
    userId === null ? [] : [userId],
  );
  return rows;
}

/** When the account's API key was made and last used (nulls when it has no key or was never used). */
export async function findApiKeyDates(db: Queryable, accountId: string): Promise<ApiKeyInfo> {
  const { rows } = await db.query<{ created: Date | null; used: Date | null }>(
    `SELECT CASE WHEN api_key_hash IS NULL THEN NULL ELSE api_key_created_at END AS created,
            CASE WHEN api_key_hash IS NULL THEN NULL ELSE api_key_last_used_at END AS used
     FROM accounts WHERE id = $1`,
    [accountId],
  );
  const row = rows[0];
  return {
    createdAt: row?.created ? row.created.toISOString() : null,
    lastUsedAt: row?.used ? row.used.toISOString() : null,
  };
}

export async function setApiKeyHash(db: Queryable, accountId: string, hash: string): Promise<void> {
  await db.query(
    'UPDATE accounts SET api_key_hash = $2, api_key_created_at = now(), api_key_last_used_at = NULL WHERE id = $1',
    [accountId, hash],
  );
}

interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AccountRole;
}

/** The users of an account (tenant-scoped by account id). */
export async function listAccountUsers(db: Queryable, accountId: string): Promise<AccountUser[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT u.id, u.first_name, u.last_name, u.email, au.role
     FROM account_users au JOIN users u ON u.id = au.user_id
     WHERE au.account_id = $1
     ORDER BY CASE au.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, lower(u.email)`,
    [accountId],
  );
  return rows.map((r) => ({
    id: r.id,
    first: r.first_name,
    last: r.last_name,
    email: r.email,
    role: r.role,
  }));
}

export async function insertMembership(db: Queryable, accountId: string, userId: string, role: AccountRole) {
  await db.query('INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)', [
    accountId,
    userId,
    role,
  ]);
}

export async function setMembershipRole(db: Queryable, accountId: string, userId: string, role: AccountRole) {
  await db.query('UPDATE account_users SET role = $3 WHERE account_id = $1 AND user_id = $2', [
    accountId,
    userId,
    role,
  ]);
}

export async function deleteMembership(db: Queryable, accountId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM account_users WHERE account_id = $1 AND user_id = $2', [
    accountId,
    userId,
  ]);
  return rowCount > 0;
}
