import type { Client } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';
import { type ClientRow, toClient } from '../clients.ts';
import { isUuid } from '../ids.ts';

// The keyword runtime's reads of clients, engines and crawlers (what a keyword search starts
// from): the columns a search needs, read together.

/** What an engine row holds for search: the synonyms file and the character mapping text. */
export interface EngineSearchSettings {
  csvSynonymTable: string;
  csvCharMappings: string | undefined;
  /** When the engine row last changed: parsed settings are cached under it. */
  updatedAt: string;
}

/** A keyword client, its engine and the run published (null: none yet). */
export interface LiveKeywordRecord {
  client: Client;
  engineName: string;
  publishedRunId: string | null;
  engine: EngineSearchSettings;
}

interface EngineColumns {
  engine_settings: Record<string, unknown> | null;
  engine_updated_at: Date;
}

function engineSettingsOf(row: EngineColumns): EngineSearchSettings {
  const settings = row.engine_settings ?? {};
  const synonyms = settings.csvSynonymTable;
  const mappings = settings.csvCharMappings;
  return {
    csvSynonymTable: typeof synonyms === 'string' ? synonyms : '',
    // Absent: the engine predates the setting, and the spec's default applies.
    csvCharMappings: typeof mappings === 'string' ? mappings : undefined,
    updatedAt: row.engine_updated_at.toISOString(),
  };
}

/**
 * A keyword client with its engine and published run, by client id alone (the public search knows
 * nothing else of the caller); the joins are by the client's account.
 */
export async function findLiveKeywordClient(
  db: Queryable,
  clientId: string,
): Promise<LiveKeywordRecord | undefined> {
  if (!isUuid(clientId)) return undefined;
  const { rows } = await db.query<
    ClientRow & EngineColumns & { engine_name: string; published_run_id: string | null }
  >(
    `SELECT c.id, c.account_id, c.engine_id, c.type, c.index_name, c.settings, e.name AS engine_name,
       e.settings AS engine_settings, e.updated_at AS engine_updated_at,
       cr.published_run_id::text AS published_run_id
     FROM clients c
     JOIN engines e ON e.account_id = c.account_id AND e.id = c.engine_id
     LEFT JOIN crawlers cr ON cr.account_id = c.account_id AND cr.engine_id = c.engine_id
     WHERE c.id = $1 AND c.type = 'kw'`,
    [clientId],
  );
  const row = rows[0];
  return (
    row && {
      client: toClient(row),
      engineName: row.engine_name,
      publishedRunId: row.published_run_id,
      engine: engineSettingsOf(row),
    }
  );
}

/** A keyword engine's published run and search settings (null run: nothing published). */
export async function findPublishedKeyword(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<{ publishedRunId: string | null; engine: EngineSearchSettings } | undefined> {
  const { rows } = await db.query<EngineColumns & { published_run_id: string | null }>(
    `SELECT e.settings AS engine_settings, e.updated_at AS engine_updated_at,
       cr.published_run_id::text AS published_run_id
     FROM engines e
     LEFT JOIN crawlers cr ON cr.account_id = e.account_id AND cr.engine_id = e.id
     WHERE e.account_id = $1 AND e.id = $2 AND e.type = 'kw'`,
    [accountId, engineId],
  );
  const row = rows[0];
  return row && { publishedRunId: row.published_run_id, engine: engineSettingsOf(row) };
}
