/**
 * nDCG@10 of a ranking against graded judgments, as trec_eval's `ndcg_cut.10` computes it (and
 * BEIR through pytrec_eval): linear gain (a document's gain is its judged relevance; 0 and below,
 * or not judged, count nothing), discount 1 / log2(rank + 1), and an ideal ranking made of the
 * judged documents only, best gain first. The mean is over every judged query: a query the engine
 * answers with nothing scores 0 (trec_eval's `-c`), so an engine cannot gain by failing.
 */

/** The cut-off: a page of results. */
export const CUT = 10;

/** One query's judgments: document id → relevance (a collection's grades mapped to gains). */
export type Judgments = ReadonlyMap<string, number>;

/** The gain of one judged relevance: positive relevance as is, anything else 0. */
const gain = (relevance: number | undefined): number =>
  relevance !== undefined && relevance > 0 ? relevance : 0;

/** DCG of gains in rank order, the first `k`. */
function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) sum += (gains[i] as number) / Math.log2(i + 2);
  return sum;
}

/**
 * nDCG@k of `ranked` (document ids, best first; an id repeated counts where it came first only)
 * against `judged`; 0 when nothing is judged relevant.
 */
export function ndcgCut(ranked: readonly string[], judged: Judgments, k = CUT): number {
  const ideal = dcg(
    [...judged.values()]
      .map(gain)
      .filter((g) => g > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 0;
  const seen = new Set<string>();
  // A repeat keeps its rank and counts nothing.
  const gains = ranked.map((id) => {
    if (seen.has(id)) return 0;
    seen.add(id);
    return gain(judged.get(id));
  });
  return dcg(gains, k) / ideal;
}

/** The mean nDCG@k over the judged queries (`rankings` by query id; a missing one ranks nothing). */
export function meanNdcg(
  judgments: ReadonlyMap<string, Judgments>,
  rankings: ReadonlyMap<string, readonly string[]>,
  k = CUT,
): number {
  if (judgments.size === 0) return 0;
  let sum = 0;
  for (const [query, judged] of judgments) sum += ndcgCut(rankings.get(query) ?? [], judged, k);
  return sum / judgments.size;
}
