import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MigrationError, StoreQueryError } from './errors.ts';
import type { Session, Store } from './types.ts';

/** The schema migrations of the API: `NNNN-name.sql`, applied in order, never edited once applied. */
export const defaultMigrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

const fileName = /^(\d{4})-([a-z0-9][a-z0-9-]*)\.sql$/;

/** Reads and checks the migration files of `dir`, in version order. Other files (.gitkeep) are ignored. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = fileName.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new MigrationError(
        `Migration file ${file} must be named NNNN-name.sql (four digits, lowercase words joined by -)`,
        file,
      );
    }
    const version = Number(match[1]);
    const previous = migrations.at(-1);
    if (previous?.version === version) {
      throw new MigrationError(
        `Migrations ${previous.file} and ${file} have the same number: renumber ${file}`,
        file,
      );
    }
    const sql = await readFile(join(dir, file), 'utf8');
    // Line endings are left out of the checksum, so a checkout with CRLF is not a "changed" file.
    const checksum = createHash('sha256').update(sql.replaceAll('\r\n', '\n')).digest('hex');
    migrations.push({ version, name: match[2], file, sql, checksum });
  }
  return migrations;
}

export interface MigrateResult {
  /** Files applied by this run, in order (empty when the database was up to date). */
  applied: string[];
}

// Two int4 keys: a constant for "siteseer migrations" and the schema, so schemas migrate independently.
const lockSql = `SELECT pg_advisory_lock(1936287077, hashtext(current_schema()))`;
const unlockSql = `SELECT pg_advisory_unlock(1936287077, hashtext(current_schema()))`;

/**
 * Applies the migrations of `dir` not yet applied, each in its own transaction, recorded in
 * `schema_migrations`. The run holds an advisory lock, so API processes starting together on one
 * PostgreSQL apply each migration once. Throws `MigrationError` for a failed or changed migration.
 */
export async function migrate(store: Store, dir: string = defaultMigrationsDir): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  return store.withSession(async (session) => {
    await session.query(lockSql);
    try {
      return await applyPending(session, migrations, dir);
    } finally {
      await session.query(unlockSql);
    }
  });
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

async function applyPending(session: Session, migrations: Migration[], dir: string): Promise<MigrateResult> {
  // Created under the lock: concurrent CREATE TABLE IF NOT EXISTS can fail on PostgreSQL.
  await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await session.query<AppliedRow>(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  );
  const byVersion = new Map(migrations.map((migration) => [migration.version, migration]));
  for (const row of rows) {
    const migration = byVersion.get(row.version);
    const recordedFile = `${String(row.version).padStart(4, '0')}-${row.name}.sql`;
    if (!migration) {
      throw new MigrationError(
        `The database has migration ${recordedFile}, which ${dir} lacks: a newer build applied it. ` +
          'Run that build, or restore the file.',
        recordedFile,
      );
    }
    if (migration.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${migration.file} was changed after it was applied (checksum ${row.checksum.slice(0, 12)} ` +
          `recorded, ${migration.checksum.slice(0, 12)} on disk). Restore the applied file and put the change ` +
          'in a new migration.',
        migration.file,
      );
    }
  }
  const lastApplied = rows.at(-1)?.version ?? 0;
  const appliedVersions = new Set(rows.map((row) => row.version));
  const pending = migrations.filter((migration) => !appliedVersions.has(migration.version));
  const applied: string[] = [];
  for (const migration of pending) {
    if (migration.version < lastApplied) {
      throw new MigrationError(
        `Migration ${migration.file} is numbered below ${String(lastApplied).padStart(4, '0')}, which is ` +
          'already applied: migrations run forward only, so renumber it after the last one.',
        migration.file,
      );
    }
    if (await applyOne(session, migration)) applied.push(migration.file);
  }
  return { applied };
}

/** Applies one migration in its own transaction; false when another run applied it meanwhile. */
async function applyOne(session: Session, migration: Migration): Promise<boolean> {
  try {
    return await session.transaction(async (tx) => {
      const already = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (already.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const sqlState = StoreQueryError.from(error)?.code;
    throw new MigrationError(
      `Migration ${migration.file} failed and nothing of it was applied: ${reason}` +
        (sqlState ? ` (SQLSTATE ${sqlState})` : ''),
      migration.file,
      { cause: error },
    );
  }
}
