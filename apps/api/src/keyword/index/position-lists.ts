/** Lists a page's positions are read into at most: one per slot of a query (MAX_SLOTS). */
const MAX_LISTS = 32;

/**
 * Ascending lists of word positions one after the other in one growing array (list n ends at
 * `ends[n]`): the positions of a page's query terms, read for each page re-ranked without an
 * array per list. `clear` empties it for the next page.
 */
export class PositionLists {
  values = new Int32Array(1024);
  /** Positions held, across lists. */
  length = 0;
  /** Lists held. */
  count = 0;
  /** The smallest span the last `smallestSpan` found within its range. */
  spanWithin = Number.POSITIVE_INFINITY;
  readonly #ends = new Int32Array(MAX_LISTS);
  readonly #at = new Int32Array(MAX_LISTS);

  clear(): void {
    this.length = 0;
    this.count = 0;
  }

  /** Appends a position to the list being read. */
  push(position: number): void {
    if (this.length === this.values.length) {
      const values = new Int32Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.values[this.length++] = position;
  }

  /**
   * Ends the list being read (the positions pushed since the last one ended); an empty one is
   * dropped, as is one past MAX_LISTS.
   */
  endList(): void {
    const start = this.count === 0 ? 0 : (this.#ends[this.count - 1] as number);
    if (this.length === start || this.count === MAX_LISTS) {
      this.length = start;
      return;
    }
    this.#ends[this.count++] = this.length;
  }

  /** The least distance between a position of list `a` and one of list `b` (Infinity: none). */
  closest(a: number, b: number): number {
    const { values } = this;
    const ends = this.#ends;
    let i = a === 0 ? 0 : (ends[a - 1] as number);
    let j = b === 0 ? 0 : (ends[b - 1] as number);
    const endA = ends[a] as number;
    const endB = ends[b] as number;
    let best = Number.POSITIVE_INFINITY;
    // Merged in order: each step moves on the lower position, whose next can only come closer.
    while (i < endA && j < endB) {
      const x = values[i] as number;
      const y = values[j] as number;
      if (x < y) {
        best = Math.min(best, y - x);
        i++;
      } else {
        best = Math.min(best, x - y);
        j++;
      }
    }
    return best;
  }

  /**
   * The smallest span of positions holding one position of every list (Infinity with none): one
   * pointer per list, the lowest moved on each step, as in merging them. The smallest of those
   * spans lying within [from, to) is left in `spanWithin` (Infinity with none).
   */
  smallestSpan(from = 0, to = 0): number {
    const { values, count } = this;
    const ends = this.#ends;
    const at = this.#at;
    this.spanWithin = Number.POSITIVE_INFINITY;
    if (count === 0) return Number.POSITIVE_INFINITY;
    for (let n = 0; n < count; n++) at[n] = n === 0 ? 0 : (ends[n - 1] as number);
    let best = Number.POSITIVE_INFINITY;
    for (;;) {
      let low = 0;
      let lowest = Number.POSITIVE_INFINITY;
      let highest = Number.NEGATIVE_INFINITY;
      for (let n = 0; n < count; n++) {
        const position = values[at[n] as number] as number;
        if (position < lowest) {
          lowest = position;
          low = n;
        }
        if (position > highest) highest = position;
      }
      const span = highest - lowest + 1;
      if (span < best) best = span;
      if (lowest >= from && highest < to && span < this.spanWithin) this.spanWithin = span;
      const next = (at[low] as number) + 1;
      if (next >= (ends[low] as number)) return best;
      at[low] = next;
    }
  }
}
