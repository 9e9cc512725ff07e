import type { Queryable } from '../../store/types.ts';

/**
 * The positions of `texts` (0-based) in the order the database sorts them: by their `sortKeys`,
 * then by the text itself, both byte by byte (COLLATE "C"). The two arrays are parallel.
 */
export async function sortedTextPositions(
  db: Queryable,
  sortKeys: readonly string[],
  texts: readonly string[],
): Promise<number[]> {
  const { rows } = await db.query<{ i: number }>(
    `SELECT (x.ord - 1)::int AS i FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x (k, s, ord)
     ORDER BY x.k COLLATE "C", x.s COLLATE "C"`,
    [sortKeys, texts],
  );
  return rows.map((row) => row.i);
}
