import type { Client, ProductType } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

/** A `clients` row as the database answers it. */
export interface ClientRow {
  id: string;
  account_id: string;
  engine_id: string;
  type: ProductType;
  index_name: string;
  settings: Record<string, unknown>;
}

const COLUMNS = 'id, account_id, engine_id, type, index_name, settings';

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    accountId: row.account_id,
    engineId: row.engine_id,
    type: row.type,
    indexName: row.index_name,
    settings: row.settings,
  };
}

/** Clients of the given accounts (all accounts when null), optionally of some engines only. */
export async function listClients(
  db: Queryable,
  accountIds: readonly string[] | null,
  engineIds?: readonly string[],
): Promise<Client[]> {
  const engines = engineIds?.filter(isUuid);
  const { rows } = await db.query<ClientRow>(
    `SELECT ${COLUMNS} FROM clients
     WHERE ($1::uuid[] IS NULL OR account_id = ANY($1::uuid[])) AND ($2::uuid[] IS NULL OR engine_id = ANY($2::uuid[]))
     ORDER BY created_at, id`,
    [accountIds, engines ?? null],
  );
  return rows.map(toClient);
}

/** A client by id, whatever its account: the caller checks access to `accountId`. */
export async function findClient(db: Queryable, clientId: string): Promise<Client | undefined> {
  if (!isUuid(clientId)) return undefined;
  const { rows } = await db.query<ClientRow>(`SELECT ${COLUMNS} FROM clients WHERE id = $1`, [clientId]);
  return rows[0] && toClient(rows[0]);
}

export async function findClientOfEngine(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<Client | undefined> {
  if (!isUuid(engineId)) return undefined;
  const { rows } = await db.query<ClientRow>(
    `SELECT ${COLUMNS} FROM clients WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  return rows[0] && toClient(rows[0]);
}

export async function insertClient(
  db: Queryable,
  client: { accountId: string; engineId: string; type: ProductType; indexName: string; settings: object },
): Promise<Client> {
  const { rows } = await db.query<ClientRow>(
    `INSERT INTO clients (account_id, engine_id, type, index_name, settings)
     VALUES ($1, $2, $3, $4, $5::text::jsonb) RETURNING ${COLUMNS}`,
    [client.accountId, client.engineId, client.type, client.indexName, JSON.stringify(client.settings)],
  );
  return toClient(rows[0] as ClientRow);
}

export async function updateClientSettings(
  db: Queryable,
  accountId: string,
  clientId: string,
  settings: object,
): Promise<Client | undefined> {
  const { rows } = await db.query<ClientRow>(
    `UPDATE clients SET settings = $3::text::jsonb WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [accountId, clientId, JSON.stringify(settings)],
  );
  return rows[0] && toClient(rows[0]);
}

/** Sets one key of the settings of an engine's client, the others as they are. False when it has none. */
export async function setClientSettingOfEngine(
  db: Queryable,
  accountId: string,
  engineId: string,
  setting: { key: string; value: unknown },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE clients SET settings = jsonb_set(settings, ARRAY[$3::text], $4::text::jsonb)
     WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId, setting.key, JSON.stringify(setting.value)],
  );
  return rowCount > 0;
}
