/**
 * The lexemes of an engine's rows (`tsvector_to_array(search)`, as PostgreSQL made them), inverted:
 * which rows hold a lexeme starting with a given prefix. With it a text search is answered in
 * memory exactly as `search @@ to_tsquery('simple', 'w1:* & w2:*')` would answer it.
 */
export class TextIndex {
  /** Distinct lexemes, sorted by code unit, so the lexemes sharing a prefix are neighbours. */
  readonly #lexemes: string[];
  /** Row positions of each lexeme, ascending. */
  readonly #postings: Int32Array[];
  readonly #rows: number;
  readonly bytes: number;

  private constructor(lexemes: string[], postings: Int32Array[], rows: number, bytes: number) {
    this.#lexemes = lexemes;
    this.#postings = postings;
    this.#rows = rows;
    this.bytes = bytes;
  }

  /** From the builder's lexemes: the only way to make one. */
  static async fromPostings(positions: Map<string, number[]>, rows: number): Promise<TextIndex> {
    // The default sort compares UTF-16 code units, as `<` does in `#lowerBound`.
    const lexemes = [...positions.keys()].sort();
    let bytes = 0;
    const postings: Int32Array[] = [];
    for (const [i, lexeme] of lexemes.entries()) {
      const list = Int32Array.from(positions.get(lexeme) ?? []);
      bytes += lexeme.length * 2 + 64 + list.byteLength;
      postings.push(list);
      // A few ms at a time: the index is built beside live traffic.
      if (i % 20_000 === 19_999) await new Promise((resolve) => setImmediate(resolve));
    }
    return new TextIndex(lexemes, postings, rows, bytes);
  }

  /** The positions of the rows holding, for every prefix, a lexeme that starts with it (an AND of prefix terms). */
  match(prefixes: readonly string[]): Int32Array {
    const hits = new Uint16Array(this.#rows);
    prefixes.forEach((prefix, term) => {
      // A row counts once per term, however many of its lexemes start with the prefix.
      for (let i = this.#lowerBound(prefix); i < this.#lexemes.length; i++) {
        if (!(this.#lexemes[i] as string).startsWith(prefix)) break;
        for (const position of this.#postings[i] as Int32Array) {
          if (hits[position] === term) hits[position] = term + 1;
        }
      }
    });
    let count = 0;
    for (let i = 0; i < hits.length; i++) if (hits[i] === prefixes.length) count++;
    const matched = new Int32Array(count);
    for (let i = 0, at = 0; i < hits.length; i++) if (hits[i] === prefixes.length) matched[at++] = i;
    return matched;
  }

  #lowerBound(prefix: string): number {
    let low = 0;
    let high = this.#lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#lexemes[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Collects the rows' lexemes as they are read (rows in position order), then makes the index. */
export class TextIndexBuilder {
  readonly #positions = new Map<string, number[]>();
  #rows = 0;

  add(position: number, lexemes: readonly string[]): void {
    for (const lexeme of lexemes) {
      const list = this.#positions.get(lexeme);
      if (list) list.push(position);
      else this.#positions.set(lexeme, [position]);
    }
    this.#rows = Math.max(this.#rows, position + 1);
  }

  finish(): Promise<TextIndex> {
    return TextIndex.fromPostings(this.#positions, this.#rows);
  }
}

/**
 * The prefixes of a tsquery as PostgreSQL prints it, when it is an AND of prefix terms only
 * (`'rugg':* & 'amp':*`); undefined for anything else (a word the parser split into a phrase, an
 * empty query...), which the caller answers in SQL instead.
 */
export function prefixTerms(tsquery: string): string[] | undefined {
  const terms: string[] = [];
  let i = 0;
  while (i < tsquery.length) {
    if (tsquery[i] !== "'") return undefined;
    let lexeme = '';
    i++;
    for (;;) {
      const char = tsquery[i];
      if (char === undefined) return undefined;
      // tsqueryout doubles quotes and backslashes inside a lexeme.
      if ((char === "'" || char === '\\') && tsquery[i + 1] === char) {
        lexeme += char;
        i += 2;
      } else if (char === "'") {
        i++;
        break;
      } else {
        lexeme += char;
        i++;
      }
    }
    if (tsquery.slice(i, i + 2) !== ':*') return undefined;
    i += 2;
    terms.push(lexeme);
    if (i === tsquery.length) break;
    if (tsquery.slice(i, i + 3) !== ' & ') return undefined;
    i += 3;
  }
  return terms.length > 0 ? terms : undefined;
}
