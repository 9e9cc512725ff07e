import type { Client, ParametricConfiguration } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';
import { type ClientRow, toClient } from '../clients.ts';
import { isUuid } from '../ids.ts';

// The published pointer: which version of which import each engine's search reads, and how.

export interface PublishedRecord {
  importId: string;
  version: number;
  configuration: ParametricConfiguration;
  publishedAt: Date;
  /** New on every publish (see 0003-publish-generation.sql). */
  generation: string;
}

export async function findPublished(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<PublishedRecord | undefined> {
  const { rows } = await db.query<{
    import_id: string;
    version: number;
    configuration: ParametricConfiguration;
    published_at: Date;
    generation: string;
  }>(
    `SELECT import_id, version, configuration, published_at, generation::text AS generation
     FROM parametric_published WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  const row = rows[0];
  return (
    row && {
      importId: row.import_id,
      version: row.version,
      configuration: row.configuration,
      publishedAt: row.published_at,
      generation: row.generation,
    }
  );
}

export async function upsertPublished(
  db: Queryable,
  p: {
    accountId: string;
    engineId: string;
    importId: string;
    version: number;
    configuration: ParametricConfiguration;
    by: string;
  },
): Promise<string> {
  // The generation is set by a trigger on update (0003-publish-generation.sql); RETURNING reads it.
  const { rows } = await db.query<{ generation: string }>(
    `INSERT INTO parametric_published (account_id, engine_id, import_id, version, configuration, published_by)
     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6)
     ON CONFLICT (account_id, engine_id) DO UPDATE SET import_id = EXCLUDED.import_id, version = EXCLUDED.version,
       configuration = EXCLUDED.configuration, published_by = EXCLUDED.published_by, published_at = now()
     RETURNING generation::text AS generation`,
    [p.accountId, p.engineId, p.importId, p.version, JSON.stringify(p.configuration), p.by],
  );
  return (rows[0] as { generation: string }).generation;
}

/** A client with its engine's name and what is published for it (nulls: nothing published). */
export interface LiveClientRecord {
  client: Client;
  engineName: string;
  version: number | null;
  generation: string | null;
}

/**
 * A client, its engine's name and the version and generation published, in one statement by
 * client id alone: the public search runtime knows nothing else of the caller.
 */
export async function findLiveClient(db: Queryable, clientId: string): Promise<LiveClientRecord | undefined> {
  if (!isUuid(clientId)) return undefined;
  const { rows } = await db.query<
    ClientRow & { engine_name: string; version: number | null; generation: string | null }
  >(
    `SELECT c.id, c.account_id, c.engine_id, c.type, c.index_name, c.settings, e.name AS engine_name,
       p.version, p.generation::text AS generation
     FROM clients c
     JOIN engines e ON e.account_id = c.account_id AND e.id = c.engine_id
     LEFT JOIN parametric_published p ON p.account_id = c.account_id AND p.engine_id = c.engine_id
     WHERE c.id = $1`,
    [clientId],
  );
  const row = rows[0];
  return (
    row && {
      client: toClient(row),
      engineName: row.engine_name,
      version: row.version,
      generation: row.generation,
    }
  );
}
