import { FIELD_COUNT } from './fields.ts';

function grown<T extends Int32Array | Uint8Array>(array: T, size: number, make: (n: number) => T): T {
  if (size <= array.length) return array;
  let length = array.length * 2;
  while (length < size) length *= 2;
  const bigger = make(length);
  bigger.set(array);
  return bigger;
}

/**
 * The terms of the page being indexed, with their fields, counts and positions, in arrays reused
 * page after page: no object or array per term and page (a Map of objects per page made the
 * garbage collector a third of the indexing time).
 */
export class PageTerms {
  /** Per term (by term id): its words in the page, fields (bit mask), words per field. */
  #counts = new Int32Array(1024);
  #masks = new Uint8Array(1024);
  #fieldCounts = new Int32Array(1024 * FIELD_COUNT);
  /** Per term, after `group`: the end of its positions in `positions`. */
  #ends = new Int32Array(1024);
  /** The terms of the page, in order of first appearance. */
  terms = new Int32Array(256);
  termCount = 0;
  #tokenTerms = new Int32Array(1024);
  #tokenPositions = new Int32Array(1024);
  #tokens = 0;
  /** After `group`: every term's positions, ascending, term after term. */
  positions = new Int32Array(1024);

  /** Records a word of the page: its term, field and position. */
  add(term: number, field: number, position: number): void {
    if (term >= this.#counts.length) this.#growTerms(term + 1);
    if (this.#tokens === this.#tokenTerms.length) {
      this.#tokenTerms = grown(this.#tokenTerms, this.#tokens + 1, (n) => new Int32Array(n));
      this.#tokenPositions = grown(this.#tokenPositions, this.#tokens + 1, (n) => new Int32Array(n));
    }
    if (this.#counts[term] === 0) {
      this.terms = grown(this.terms, this.termCount + 1, (n) => new Int32Array(n));
      this.terms[this.termCount++] = term;
    }
    this.#counts[term] = (this.#counts[term] as number) + 1;
    this.#masks[term] = (this.#masks[term] as number) | (1 << field);
    const at = term * FIELD_COUNT + field;
    this.#fieldCounts[at] = (this.#fieldCounts[at] as number) + 1;
    this.#tokenTerms[this.#tokens] = term;
    this.#tokenPositions[this.#tokens] = position;
    this.#tokens++;
  }

  #growTerms(size: number): void {
    this.#counts = grown(this.#counts, size, (n) => new Int32Array(n));
    this.#masks = grown(this.#masks, size, (n) => new Uint8Array(n));
    this.#ends = grown(this.#ends, size, (n) => new Int32Array(n));
    this.#fieldCounts = grown(this.#fieldCounts, size * FIELD_COUNT, (n) => new Int32Array(n));
  }

  /** Sorts the positions by term (a counting sort: each term's stay in page order). */
  group(): void {
    this.positions = grown(this.positions, this.#tokens, (n) => new Int32Array(n));
    let end = 0;
    for (let i = 0; i < this.termCount; i++) {
      const term = this.terms[i] as number;
      this.#ends[term] = end;
      end += this.#counts[term] as number;
    }
    for (let i = 0; i < this.#tokens; i++) {
      const term = this.#tokenTerms[i] as number;
      this.positions[this.#ends[term] as number] = this.#tokenPositions[i] as number;
      this.#ends[term] = (this.#ends[term] as number) + 1;
    }
  }

  mask(term: number): number {
    return this.#masks[term] as number;
  }

  fieldCount(term: number, field: number): number {
    return this.#fieldCounts[term * FIELD_COUNT + field] as number;
  }

  /** After `group`: the range [start, end) of the term's positions in `positions`. */
  range(term: number): [number, number] {
    const end = this.#ends[term] as number;
    return [end - (this.#counts[term] as number), end];
  }

  /** Forgets the page, ready for the next one. */
  clear(): void {
    for (let i = 0; i < this.termCount; i++) {
      const term = this.terms[i] as number;
      this.#counts[term] = 0;
      this.#masks[term] = 0;
      this.#fieldCounts.fill(0, term * FIELD_COUNT, (term + 1) * FIELD_COUNT);
    }
    this.termCount = 0;
    this.#tokens = 0;
  }
}
