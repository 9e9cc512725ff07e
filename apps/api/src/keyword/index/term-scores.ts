/**
 * Decoded postings of the terms searched most, for the scoring pass. A term's score in a page
 * (BM25F with the title prior) depends on nothing the query says but a factor, so once decoded it
 * is two arrays, pages and scores, read at a few nanoseconds a posting instead of decoding varints,
 * field counts and norms at ten times that. Searches repeat words (a site's vocabulary is Zipfian,
 * and every keystroke of a word is a query), so the common terms' lists are kept, least recently
 * used dropped past a budget of bytes; a rare term's list is short enough to decode every time.
 */

/** Lists shorter than this are decoded by every search (and not kept). */
export const MIN_KEPT_POSTINGS = 256;
/** Bytes per kept posting: its page (Int32) and its score (Float32). */
const POSTING_BYTES = 8;

export interface TermList {
  pages: Int32Array;
  scores: Float32Array;
}

export class TermScores {
  readonly #budget: number;
  readonly #lists = new Map<number, TermList>();
  #bytes = 0;

  /** `budget`: the bytes the kept lists may take together. */
  constructor(budget: number) {
    this.#budget = budget;
  }

  /** The term's kept list (now the most recently used), or undefined. */
  get(term: number): TermList | undefined {
    const list = this.#lists.get(term);
    if (list) {
      this.#lists.delete(term);
      this.#lists.set(term, list);
    }
    return list;
  }

  /** Keeps a term's decoded list, dropping the least recently used past the budget. */
  keep(term: number, list: TermList): void {
    const bytes = list.pages.length * POSTING_BYTES;
    if (bytes > this.#budget) return;
    this.#lists.set(term, list);
    this.#bytes += bytes;
    for (const [oldest, dropped] of this.#lists) {
      if (this.#bytes <= this.#budget) break;
      this.#lists.delete(oldest);
      this.#bytes -= dropped.pages.length * POSTING_BYTES;
    }
  }

  /** Bytes the kept lists take. */
  get bytes(): number {
    return this.#bytes;
  }
}
