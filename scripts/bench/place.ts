import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestSchema } from '@siteseer/test-support/store';

export type Db = 'pglite' | 'postgres';

export interface Place {
  dataDir: string;
  /** PostgreSQL: the server and the fresh schema; absent on PGlite. */
  database: { url: string; schema: string } | undefined;
  /** Removes the directory and drops the schema. */
  remove(): Promise<void>;
}

/** A place for one database: a temp directory, or a fresh schema on the PostgreSQL server. */
export async function place(db: Db, databaseUrl: string | undefined): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'siteseer-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (db === 'pglite' || !databaseUrl) {
    return { dataDir, database: undefined, remove: async () => removeDir() };
  }
  const { schema, drop } = await createTestSchema(databaseUrl);
  return {
    dataDir,
    database: { url: databaseUrl, schema },
    remove: async () => {
      removeDir();
      await drop();
    },
  };
}
