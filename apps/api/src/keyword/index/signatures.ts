/*
 * Page signatures: per page, the few terms that say most about it, kept as the postings are packed
 * and read by pseudo-relevance feedback (feedback.ts) in place of the page's text. Apart from
 * feedback so that packing (pack-postings.ts) needs nothing of the query side.
 */

/**
 * Terms kept per page as its signature: its best-scoring ones (BM25F, so rare words said often).
 * 16 and 64 did no better on Cranfield; 32 costs 256 bytes a page.
 */
export const SIGNATURE_TERMS = 32;
/**
 * Per page, its SIGNATURE_TERMS best-scoring terms (their packed BM25F and title prior): what a
 * page says most, in a few terms, read by feedback in place of the page's text. Filled while the
 * postings are packed (pack-postings.ts offers each posting's score), so it costs no pass of its own.
 */
export class SignatureBuilder {
  /** Page p's terms at p · SIGNATURE_TERMS (-1: none, a page of fewer terms) and their scores. */
  readonly terms: Int32Array;
  readonly scores: Float32Array;
  /** Per page, where among its terms the lowest score is (the one a better term replaces). */
  readonly #lowest: Uint8Array;

  constructor(pageCount: number) {
    this.terms = new Int32Array(pageCount * SIGNATURE_TERMS).fill(-1);
    this.scores = new Float32Array(pageCount * SIGNATURE_TERMS);
    this.#lowest = new Uint8Array(pageCount);
  }

  /** `term` of `score` into the page's signature, when it has room or beats its lowest. */
  offer(page: number, term: number, score: number): void {
    const base = page * SIGNATURE_TERMS;
    const lowest = base + (this.#lowest[page] as number);
    if ((this.terms[lowest] as number) >= 0 && score <= (this.scores[lowest] as number)) return;
    this.terms[lowest] = term;
    this.scores[lowest] = score;
    // The next place to fill: an empty one (they fill in order), else the lowest score.
    let next = 0;
    for (let i = 0; i < SIGNATURE_TERMS; i++) {
      if ((this.terms[base + i] as number) < 0) {
        next = i;
        break;
      }
      if ((this.scores[base + i] as number) < (this.scores[base + next] as number)) next = i;
    }
    this.#lowest[page] = next;
  }
}
