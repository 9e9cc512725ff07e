import type { Queryable } from '../store/types.ts';

/** The stored secret `name`, or undefined when there is none. */
export async function findSecret<T>(db: Queryable, name: string): Promise<T | undefined> {
  const { rows } = await db.query<{ value: T }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return rows[0]?.value;
}

/**
 * Returns the stored secret `name`, creating it with `create()` on first use. Safe when several
 * processes start together: the first insert wins and everyone reads the winner.
 */
export async function getOrCreateSecret<T>(
  db: Queryable,
  name: string,
  create: () => Promise<T> | T,
): Promise<T> {
  const existing = await findSecret<T>(db, name);
  if (existing !== undefined) return existing;
  const value = await create();
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2::text::jsonb) ON CONFLICT (name) DO NOTHING',
    [name, JSON.stringify(value)],
  );
  return (await findSecret<T>(db, name)) as T;
}

/**
 * Deletes the visitor-id salts (`visitor-salt:YYYY-MM-DD`) named before `keptFrom` (the first
 * salt's name kept), and the secret `retired`; answers how many went.
 */
export async function deleteVisitorSaltsBefore(
  db: Queryable,
  keptFrom: string,
  retired: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM server_secrets
     WHERE (name LIKE 'visitor-salt:%' AND name < $1) OR name = $2`,
    [keptFrom, retired],
  );
  return rowCount;
}
