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
  /** Its size, and the remembered prefixes' at most. */
  readonly bytes: number;
  /** Rows by prefix for the prefixes searched lately: visitors type the same beginnings. */
  readonly #byPrefix = new Map<string, Int32Array>();
  #byPrefixBytes = 0;

  private constructor(lexemes: string[], postings: Int32Array[], bytes: number) {
    this.#lexemes = lexemes;
    this.#postings = postings;
    this.bytes = bytes;
  }

  /** From the builder's lexemes: the only way to make one. */
  static async fromPostings(positions: Map<string, number[]>): Promise<TextIndex> {
    // Sorted by their first two characters first, then each group on its own turn of the event
    // loop: one sort of a few hundred thousand lexemes would hold it for a few hundred ms. The
    // default sort compares UTF-16 code units, as `<` does in `#lowerBound`; groups in key order,
    // each sorted, are the whole list sorted (a key is a prefix of every lexeme in its group).
    const groups = new Map<string, string[]>();
    for (const lexeme of positions.keys()) {
      const key = lexeme.slice(0, 2);
      const group = groups.get(key);
      if (group) group.push(lexeme);
      else groups.set(key, [lexeme]);
    }
    const lexemes: string[] = [];
    const postings: Int32Array[] = [];
    let bytes = 0;
    let sinceYield = 0;
    for (const key of [...groups.keys()].sort()) {
      for (const lexeme of (groups.get(key) as string[]).sort()) {
        const list = Int32Array.from(positions.get(lexeme) ?? []);
        bytes += lexeme.length * 2 + 64 + list.byteLength;
        lexemes.push(lexeme);
        postings.push(list);
        sinceYield++;
      }
      if (sinceYield > 20_000) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return new TextIndex(lexemes, postings, bytes + PREFIX_BYTES_KEPT);
  }

  /** The positions of the rows holding, for every prefix, a lexeme that starts with it (an AND of prefix terms). */
  match(prefixes: readonly string[]): Int32Array {
    // Each term's rows (sorted), smallest first, intersected: the work follows the matches, not the table.
    const terms = prefixes.map((prefix) => this.#rowsWithPrefix(prefix)).sort((a, b) => a.length - b.length);
    let matched = terms[0] ?? new Int32Array(0);
    for (const rows of terms.slice(1)) matched = intersect(matched, rows);
    return matched;
  }

  /** Rows holding a lexeme that starts with `prefix`, ascending, each once. */
  #rowsWithPrefix(prefix: string): Int32Array {
    let rows = this.#byPrefix.get(prefix);
    if (!rows) {
      rows = this.#collect(prefix);
      if (this.#byPrefixBytes + rows.byteLength > PREFIX_BYTES_KEPT) {
        this.#byPrefix.clear();
        this.#byPrefixBytes = 0;
      }
      this.#byPrefix.set(prefix, rows);
      this.#byPrefixBytes += rows.byteLength;
    }
    return rows;
  }

  #collect(prefix: string): Int32Array {
    const lists: Int32Array[] = [];
    let total = 0;
    for (let i = this.#lowerBound(prefix); i < this.#lexemes.length; i++) {
      if (!(this.#lexemes[i] as string).startsWith(prefix)) break;
      const list = this.#postings[i] as Int32Array;
      lists.push(list);
      total += list.length;
    }
    if (lists.length <= 1) return lists[0] ?? new Int32Array(0);
    // Several lexemes: their rows merged (a row holding two of them counts once).
    const all = new Int32Array(total);
    let at = 0;
    for (const list of lists) {
      all.set(list, at);
      at += list.length;
    }
    all.sort();
    let kept = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i] as number;
    return all.subarray(0, kept);
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

/** Memory the remembered prefixes of one index may take (a prefix of one letter may match most rows). */
const PREFIX_BYTES_KEPT = 4 * 1024 * 1024;

/** Rows in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/** Collects the rows' lexemes as they are read (rows in position order), then makes the index. */
export class TextIndexBuilder {
  readonly #positions = new Map<string, number[]>();

  add(position: number, lexemes: readonly string[]): void {
    for (const lexeme of lexemes) {
      const list = this.#positions.get(lexeme);
      if (list) list.push(position);
      else this.#positions.set(lexeme, [position]);
    }
  }

  finish(): Promise<TextIndex> {
    return TextIndex.fromPostings(this.#positions);
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
