import type { UserStatus } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

/** A login as stored. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: UserStatus;
  groups: string[];
}

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  status: UserStatus;
  groups: string[];
}

const COLUMNS = 'id, email, first_name, last_name, password_hash, status, groups';

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    status: row.status,
    groups: row.groups,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] && toRecord(rows[0]);
}

/** E-mail addresses are matched case-insensitively. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
  return rows[0] && toRecord(rows[0]);
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash?: string | null;
  status?: UserStatus;
  groups?: string[];
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name, password_hash, status, groups)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [
      user.email.trim(),
      user.firstName,
      user.lastName,
      user.passwordHash ?? null,
      user.status ?? 'ACTIVE',
      user.groups ?? [],
    ],
  );
  return toRecord(rows[0] as UserRow);
}

/** Sets the password and makes an invited login active. */
export async function setUserPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, updated_at = now(),
       status = CASE WHEN status = 'INVITED' THEN 'ACTIVE' ELSE status END
     WHERE id = $1`,
    [id, passwordHash],
  );
}

/**
 * Takes, until `tx` ends, the lock under which the first logins are created, so processes starting
 * together on one database create them once.
 */
export async function lockFirstLogins(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7214001)');
}

/** How many logins there are. */
export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? 0;
}
