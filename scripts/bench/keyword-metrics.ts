/**
 * Known-item relevance measures at a cut-off of k results (10: a page of results), as TREC and
 * BEIR define them. Every query here has one relevant page, so nDCG@k is 1 / log2(rank + 1) and
 * MRR@k is 1 / rank, both 0 when the page is not in the first k; they are written for any set of
 * relevant pages all the same.
 */

export const CUTOFF = 10;

/** 1 / the rank of the first relevant result in the first `k`, or 0. */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>, k = CUTOFF): number {
  const at = ranked.slice(0, k).findIndex((id) => relevant.has(id));
  return at < 0 ? 0 : 1 / (at + 1);
}

/**
 * Normalised discounted cumulative gain at `k` with binary relevance: the gain of the ranking
 * (each relevant result at rank r counts 1 / log2(r + 1), a result repeated counts once) over that
 * of the ideal ranking (every relevant page first). 0 when nothing is relevant.
 */
export function ndcg(ranked: readonly string[], relevant: ReadonlySet<string>, k = CUTOFF): number {
  const seen = new Set<string>();
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (relevant.has(id) && !seen.has(id)) dcg += 1 / Math.log2(i + 2);
    seen.add(id);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** One judged query: what an engine answered (result ids in rank order) and the relevant ids. */
export interface Judged {
  ranked: readonly string[];
  relevant: ReadonlySet<string>;
}

export interface Scores {
  queries: number;
  mrr: number;
  ndcg: number;
  /** Share of the queries whose relevant page came first, and in the first k. */
  top1: number;
  topK: number;
}

/** The means over the queries (all 0 when there are none). */
export function score(judged: readonly Judged[], k = CUTOFF): Scores {
  const n = judged.length;
  if (n === 0) return { queries: 0, mrr: 0, ndcg: 0, top1: 0, topK: 0 };
  const mean = (f: (j: Judged) => number) => judged.reduce((sum, j) => sum + f(j), 0) / n;
  return {
    queries: n,
    mrr: mean((j) => reciprocalRank(j.ranked, j.relevant, k)),
    ndcg: mean((j) => ndcg(j.ranked, j.relevant, k)),
    top1: mean((j) => (reciprocalRank(j.ranked, j.relevant, 1) === 1 ? 1 : 0)),
    topK: mean((j) => (reciprocalRank(j.ranked, j.relevant, k) > 0 ? 1 : 0)),
  };
}
