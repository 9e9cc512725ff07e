/**
 * The `size` best pages by score, kept in a min-heap while pages stream by (every matching page of
 * a search is offered: no allocation per page, the heap's holes moved rather than swapped).
 */
export class TopPages {
  readonly #size: number;
  #pages: Int32Array;
  #scores: Float64Array;
  #length = 0;

  constructor(size: number) {
    this.#size = size;
    // Grown as pages come: a deep result page asks for many, few searches find them.
    const capacity = Math.min(size, 128);
    this.#pages = new Int32Array(capacity);
    this.#scores = new Float64Array(capacity);
  }

  push(page: number, score: number): void {
    const length = this.#length;
    if (length < this.#size) {
      if (length === this.#pages.length) this.#grow();
      this.#length = length + 1;
      this.#up(length, page, score);
    } else if (length > 0 && score > (this.#scores[0] as number)) {
      this.#down(page, score);
    }
  }

  /** How many pages are kept. */
  get size(): number {
    return this.#size;
  }

  /** The lowest score kept (the next page must beat it); -Infinity while none is. */
  lowest(): number {
    return this.#length === 0 ? Number.NEGATIVE_INFINITY : (this.#scores[0] as number);
  }

  /**
   * The pages with their scores, best first (ties: the earlier page first): taken from the heap
   * lowest first, which leaves it empty.
   */
  ranked(): { page: number; score: number }[] {
    const ranked = new Array<{ page: number; score: number }>(this.#length);
    while (this.#length > 0) {
      const last = this.#length - 1;
      ranked[last] = { page: this.#pages[0] as number, score: this.#scores[0] as number };
      this.#length = last;
      if (last > 0) this.#down(this.#pages[last] as number, this.#scores[last] as number);
    }
    return ranked;
  }

  #grow(): void {
    const capacity = Math.min(this.#size, this.#pages.length * 2);
    const pages = new Int32Array(capacity);
    const scores = new Float64Array(capacity);
    pages.set(this.#pages);
    scores.set(this.#scores);
    this.#pages = pages;
    this.#scores = scores;
  }

  /** Places (page, score) from the hole at `at` up towards the root. */
  #up(at: number, page: number, score: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    let hole = at;
    while (hole > 0) {
      const parent = (hole - 1) >> 1;
      if (!ranksBelow(page, score, pages[parent] as number, scores[parent] as number)) break;
      pages[hole] = pages[parent] as number;
      scores[hole] = scores[parent] as number;
      hole = parent;
    }
    pages[hole] = page;
    scores[hole] = score;
  }

  /** Replaces the root (the lowest) with (page, score), moved down to its place. */
  #down(page: number, score: number): void {
    const pages = this.#pages;
    const scores = this.#scores;
    const length = this.#length;
    let hole = 0;
    for (;;) {
      const left = hole * 2 + 1;
      if (left >= length) break;
      const right = left + 1;
      let child = left;
      if (
        right < length &&
        ranksBelow(
          pages[right] as number,
          scores[right] as number,
          pages[left] as number,
          scores[left] as number,
        )
      )
        child = right;
      const childPage = pages[child] as number;
      const childScore = scores[child] as number;
      if (!ranksBelow(childPage, childScore, page, score)) break;
      pages[hole] = childPage;
      scores[hole] = childScore;
      hole = child;
    }
    pages[hole] = page;
    scores[hole] = score;
  }
}

/** Whether page a (scored `aScore`) ranks below page b: a lower score, or a later page on a tie. */
function ranksBelow(a: number, aScore: number, b: number, bScore: number): boolean {
  return aScore < bScore || (aScore === bScore && a > b);
}
