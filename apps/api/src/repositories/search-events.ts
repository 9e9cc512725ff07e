import type { Queryable } from '../store/types.ts';

/** A row of `search_events` (0010-search-events.sql), ready to store. */
export interface SearchEventRow {
  accountId: string;
  clientId: string;
  id: string;
  at: Date;
  engineId: string;
  engineType: 'kw' | 'pm';
  query: string;
  tab: string | null;
  /** JSON text, or null. */
  filters: string | null;
  page: number;
  resultCount: number;
  latencyMs: number;
  visitorId: string;
}

/** A click as recorded, before its search is looked up (the search gives its account). */
export interface SearchClickRow {
  clientId: string;
  searchId: string;
  at: Date;
  url: string;
  position: number;
  visitorId: string;
}

/**
 * Stores searches in one statement. A row whose client is gone (deleted since the search) is left
 * out rather than failing the others. Returns the rows stored.
 */
export async function insertSearchEvents(db: Queryable, rows: readonly SearchEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO search_events (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters,
       page, result_count, latency_ms, visitor_id)
     SELECT e.account_id, e.client_id, e.id, e.at, e.engine_id, e.engine_type, e.query, e.tab, e.filters::jsonb,
       e.page, e.result_count, e.latency_ms, e.visitor_id
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::int[], $11::int[], $12::real[], $13::text[])
       AS e (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters, page, result_count,
         latency_ms, visitor_id)
     JOIN clients c ON c.account_id = e.account_id AND c.id = e.client_id`,
    [
      rows.map((r) => r.accountId),
      rows.map((r) => r.clientId),
      rows.map((r) => r.id),
      rows.map((r) => r.at.toISOString()),
      rows.map((r) => r.engineId),
      rows.map((r) => r.engineType),
      rows.map((r) => r.query),
      rows.map((r) => r.tab),
      rows.map((r) => r.filters),
      rows.map((r) => r.page),
      rows.map((r) => r.resultCount),
      rows.map((r) => r.latencyMs),
      rows.map((r) => r.visitorId),
    ],
  );
  return rowCount;
}

/**
 * Stores clicks in one statement, each under the account of its client and only when it names a
 * search of that client: a click naming another client's search (or none) is left out. Returns
 * the clicks stored.
 */
export async function insertSearchClicks(db: Queryable, rows: readonly SearchClickRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO search_clicks (account_id, client_id, search_id, at, url, position, visitor_id)
     SELECT s.account_id, s.client_id, s.id, k.at, k.url, k.position, k.visitor_id
     FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::int[], $6::text[])
       AS k (client_id, search_id, at, url, position, visitor_id)
     JOIN clients c ON c.id = k.client_id
     JOIN search_events s ON s.account_id = c.account_id AND s.client_id = c.id AND s.id = k.search_id`,
    [
      rows.map((r) => r.clientId),
      rows.map((r) => r.searchId),
      rows.map((r) => r.at.toISOString()),
      rows.map((r) => r.url),
      rows.map((r) => r.position),
      rows.map((r) => r.visitorId),
    ],
  );
  return rowCount;
}
