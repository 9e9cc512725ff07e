import type { Row } from '@siteseer/core';
import { inTurns, yieldToLoop } from '../event-loop.ts';

/**
 * The marks folding removes: accents ('é' is 'e'), as the keyword engine's words do, but not the
 * kana voicing marks, which make other letters ('ガ' is not 'カ').
 */
const MARKS = /(?![\u3099\u309a])\p{M}/gu;

/**
 * The words of a text, lowercased and without accents: runs of letters and digits. A query's words
 * and a row's words are made by this one function, so what a visitor types is read as the rows were
 * ("usb-c" is "usb" and "c" on both sides; "3.5" is "3" and "5"). Accents are folded because
 * visitors seldom type them: "creme" finds "Crème", "zurich" finds "Zürich", and a value written
 * decomposed (e + U+0301, as macOS writes file names) is the same word as its composed form.
 */
export function words(text: string): string[] {
  const lower = text.toLowerCase();
  // ASCII (most values): no marks to fold, no scripts to tell apart.
  if (ASCII.test(lower)) return lower.match(/[a-z0-9]+/g) ?? [];
  return foldMarks(lower).match(WORD) ?? [];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range
const ASCII = /^[\x00-\x7f]*$/;

function foldMarks(lower: string): string {
  return lower.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

/**
 * Chinese and Japanese write words without spaces: each of their characters is a word of its own
 * (as the keyword engine's words, and Lucene's CJK unigrams), so '渋谷' finds '東京都渋谷区' and
 * 'ヘッドホン' finds 'ワイヤレスヘッドホン' (was: nothing, a whole run was one word and only its
 * start could be typed). A query of several such characters asks for rows holding each of them.
 */
const OWN = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc]';
const WORD = new RegExp(`${OWN}\\p{M}*|(?:(?!${OWN})[\\p{L}\\p{N}\\p{M}])+`, 'gu');

/** A text lowercased and without accents (see `words`; also what text values are sorted by). */
export function folded(text: string): string {
  const lower = text.toLowerCase();
  return ASCII.test(lower) ? lower : foldMarks(lower);
}

/** The distinct words of a row's values in `columns` (numbers and booleans as JSON prints them). */
export function rowWords(row: Row, columns: readonly string[]): string[] {
  const found = new Set<string>();
  for (const id of columns) {
    const value = row[id];
    if (value === null || value === undefined) continue;
    for (const word of words(String(value))) found.add(word);
  }
  return [...found];
}

/**
 * The words of an engine's rows, inverted (the lexemes): which rows hold a word starting with a
 * given prefix. A text search finds the rows holding, for each of its words, a word starting with it.
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
    const lexemes = await sortedInTurns([...positions.keys()], 1);
    const postings: Int32Array[] = new Array(lexemes.length);
    let bytes = 0;
    await inTurns(lexemes.length, 20_000, (i) => {
      const lexeme = lexemes[i] as string;
      const list = Int32Array.from(positions.get(lexeme) ?? []);
      bytes += lexeme.length * 2 + 64 + list.byteLength;
      postings[i] = list;
    });
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

/** Lexemes sorted in one go at most; a larger group is split by one more character. */
const SORTED_AT_ONCE = 10_000;

/**
 * `words` sorted by UTF-16 code units (as `<` compares them in `#lowerBound`), a group at a time
 * with turns of the event loop between them: one sort of a few hundred thousand lexemes held it for
 * a few hundred ms. Grouped by their first `depth` characters (the whole word when shorter): the
 * groups in key order, each sorted, are the whole list sorted, since a word's key is a prefix of it.
 * A group still too large (unique codes sharing a prefix) is split by one more character.
 */
async function sortedInTurns(words: string[], depth: number): Promise<string[]> {
  if (words.length <= SORTED_AT_ONCE) return words.sort();
  const groups = new Map<string, string[]>();
  await inTurns(words.length, 50_000, (i) => {
    const word = words[i] as string;
    const key = word.slice(0, depth);
    const group = groups.get(key);
    if (group) group.push(word);
    else groups.set(key, [word]);
  });
  const sorted: string[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) as string[];
    // Every word of a group no longer than `depth` is the key itself: one word, nothing to split.
    for (const word of group.length === 1 ? group : await sortedInTurns(group, depth + 1)) sorted.push(word);
    if (group.length > 1000) await yieldToLoop();
  }
  return sorted;
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

/** Collects the rows' words (rows in position order, each word once per row), then makes the index. */
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
