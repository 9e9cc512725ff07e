import type { Queryable } from '../store/types.ts';

/** A query eligible for suggestion, and how often it found something. */
export interface PopularQuery {
  /** As recorded (normalised: lower case, words one space apart). */
  query: string;
  /** Searches of it that found something: its rank, most first. */
  searches: number;
}

/**
 * A client's queries that at least `minVisitors` distinct visitors searched and found something
 * for since `since` (a UTC day), most found first, at most `limit`: what query suggestions
 * offer. Read from the daily query rollup (0011), its found visitors kept since 0022. A visitor id
 * lives one day and two days' ids cannot be told to be one person, so the visitors must be
 * distinct within one day: one person searching their order number on three days (three ids)
 * must not make it a suggestion shown to everyone. The primary key's range (account, client,
 * day) is all it reads.
 */
export async function readPopularQueries(
  db: Queryable,
  client: { accountId: string; clientId: string },
  since: string,
  minVisitors: number,
  limit: number,
): Promise<PopularQuery[]> {
  const { rows } = await db.query<PopularQuery>(
    `SELECT query, sum(searches - zero_result_searches)::int AS searches
     FROM analytics_day_queries
     WHERE account_id = $1 AND client_id = $2 AND day >= $3::date
     GROUP BY query
     HAVING max(cardinality(found_visitors)) >= $4
     ORDER BY 2 DESC, 1
     LIMIT $5`,
    [client.accountId, client.clientId, since, minVisitors, limit],
  );
  return rows;
}
