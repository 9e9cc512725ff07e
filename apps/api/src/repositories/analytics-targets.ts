import type { ProductCode } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

/** An engine and its client, as analytics read them. */
export interface AnalyticsTarget {
  accountId: string;
  engineId: string;
  engineName: string;
  engineType: ProductCode;
  /** null for an engine without a client yet (nothing to report on). */
  clientId: string | null;
}

interface TargetRow {
  account_id: string;
  engine_id: string;
  name: string;
  type: ProductCode;
  client_id: string | null;
}

/**
 * The engine (by engine or client id) with its first client, if it is in one of `accountIds`
 * (null: any account, for a super admin). Ids that are not uuids match nothing.
 */
export async function findAnalyticsTarget(
  db: Queryable,
  by: 'engine' | 'client',
  id: string,
  accountIds: readonly string[] | null,
): Promise<AnalyticsTarget | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<TargetRow>(
    `SELECT e.account_id, e.id AS engine_id, e.name, e.type, c.id AS client_id
     FROM engines e LEFT JOIN clients c ON c.account_id = e.account_id AND c.engine_id = e.id
     WHERE ${by === 'engine' ? 'e.id' : 'c.id'} = $1
       AND ($2::uuid[] IS NULL OR e.account_id = ANY($2::uuid[]))
     ORDER BY c.created_at LIMIT 1`,
    [id, accountIds],
  );
  const row = rows[0];
  return (
    row && {
      accountId: row.account_id,
      engineId: row.engine_id,
      engineName: row.name,
      engineType: row.type,
      clientId: row.client_id,
    }
  );
}
