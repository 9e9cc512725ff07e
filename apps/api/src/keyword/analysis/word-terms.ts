import {
  isDigitDot,
  isOwnWordCodePoint,
  isWordCodePoint,
  MAX_WORD_LENGTH,
  normaliseWord,
} from '@siteseer/core';

/*
 * A text's words as term ids, for the index build: the words `words` finds (same boundaries, same
 * normalisation), looked up without making a string per word. Indexing reads every word of every
 * page, and a string per word plus a Map look-up by it was most of the build's time; an ASCII word
 * (nearly all of them) is hashed as its characters are scanned and found in an open-addressing
 * table of the words seen before, compared character by character. A word seen for the first time,
 * and every word that is not ASCII, goes through `resolve` (normalise, stem, vocabulary) once.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const INITIAL_SLOTS = 1 << 14;

function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** The term of a normalised word, made when the word is new (stemmed, added to the vocabulary). */
export type ResolveWord = (word: string) => number;

export class WordTerms {
  readonly #resolve: ResolveWord;
  /** Slot → entry + 1 (0: empty). */
  #slots = new Int32Array(INITIAL_SLOTS);
  #hashes = new Int32Array(1024);
  #starts = new Int32Array(1024);
  #lengths = new Uint8Array(1024);
  #terms = new Int32Array(1024);
  #entries = 0;
  /** The lower-cased characters of the entries, back to back. */
  #chars = new Uint16Array(1 << 16);
  #charCount = 0;
  /** Terms of the last `read`, in order. */
  terms = new Int32Array(1024);
  /** With `offsets`: where each word of the last `read` starts and ends in its text. */
  wordStarts = new Int32Array(0);
  wordEnds = new Int32Array(0);
  readonly #offsets: boolean;

  /**
   * `offsets`: `read` also gives where each word is (`wordStarts`, `wordEnds`), and keeps the words
   * that normalise to nothing (only marks), as the term -1, so that every word of the text is there.
   */
  constructor(resolve: ResolveWord, options: { offsets?: boolean } = {}) {
    this.#resolve = resolve;
    this.#offsets = options.offsets === true;
    if (this.#offsets) {
      this.wordStarts = new Int32Array(this.terms.length);
      this.wordEnds = new Int32Array(this.terms.length);
    }
  }

  /**
   * Reads `text`'s words (at most `limit`) into `terms`; returns how many. Same words, in the same
   * order, as `words(text).slice(0, limit)` mapped through `resolve` (with `offsets`, also those
   * `words` leaves out, as -1).
   */
  read(text: string, limit: number): number {
    let count = 0;
    let start = -1;
    let ascii = true;
    let hash = FNV_OFFSET;
    const length = text.length;
    let index = 0;
    while (index <= length && count < limit) {
      let word = false;
      let width = 1;
      let code = 0;
      if (index < length) {
        code = text.charCodeAt(index);
        if (code < 128) word = isWordCodePoint(code) || (start >= 0 && isDigitDot(text, index));
        else {
          // A surrogate pair is one code point; a lone surrogate stays itself.
          code = text.codePointAt(index) as number;
          if (code > 0xffff) width = 2;
          if (isOwnWordCodePoint(code)) {
            // A word of its own: the word before it ends, and it is one.
            if (start >= 0) count = this.#add(count, text, start, index, ascii, hash);
            if (count < limit) count = this.#add(count, text, index, index + width, false, hash);
            start = -1;
            index += width;
            continue;
          }
          word = isWordCodePoint(code);
        }
      }
      if (word) {
        if (start < 0) {
          start = index;
          ascii = true;
          hash = FNV_OFFSET;
        }
        if (code >= 128) ascii = false;
        else if (index - start < MAX_WORD_LENGTH) hash = Math.imul(hash ^ lower(code), FNV_PRIME);
      } else if (start >= 0) {
        count = this.#add(count, text, start, index, ascii, hash);
        start = -1;
      }
      index += width;
    }
    return count;
  }

  /** Adds the word from `start` to `end` (its FNV hash so far when ASCII); returns the new count. */
  #add(count: number, text: string, start: number, end: number, ascii: boolean, hash: number): number {
    const term = ascii ? this.#asciiTerm(text, start, end, hash) : this.#otherTerm(text, start, end);
    if (term < 0 && !this.#offsets) return count;
    if (count === this.terms.length) this.#growWords();
    this.terms[count] = term;
    if (this.#offsets) {
      this.wordStarts[count] = start;
      this.wordEnds[count] = end;
    }
    return count + 1;
  }

  #growWords(): void {
    const grow = (array: Int32Array) => {
      const grown = new Int32Array(array.length * 2);
      grown.set(array);
      return grown;
    };
    this.terms = grow(this.terms);
    if (this.#offsets) {
      this.wordStarts = grow(this.wordStarts);
      this.wordEnds = grow(this.wordEnds);
    }
  }

  #otherTerm(text: string, start: number, end: number): number {
    const word = normaliseWord(text.slice(start, end));
    return word === '' ? -1 : this.#resolve(word);
  }

  #asciiTerm(text: string, start: number, end: number, hash: number): number {
    const length = Math.min(end - start, MAX_WORD_LENGTH);
    const mask = this.#slots.length - 1;
    const chars = this.#chars;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (this.#slots[slot] as number) - 1;
      if (entry < 0) {
        const term = this.#resolve(text.slice(start, start + length).toLowerCase());
        this.#insert(slot, hash, text, start, length, term);
        return term;
      }
      if (this.#hashes[entry] !== hash || this.#lengths[entry] !== length) continue;
      const from = this.#starts[entry] as number;
      let same = true;
      for (let k = 0; k < length; k++) {
        if (chars[from + k] !== lower(text.charCodeAt(start + k))) {
          same = false;
          break;
        }
      }
      if (same) return this.#terms[entry] as number;
    }
  }

  #insert(slot: number, hash: number, text: string, start: number, length: number, term: number): void {
    const entry = this.#entries++;
    if (entry === this.#terms.length) this.#growEntries();
    if (this.#charCount + length > this.#chars.length) {
      const grown = new Uint16Array(this.#chars.length * 2);
      grown.set(this.#chars);
      this.#chars = grown;
    }
    for (let k = 0; k < length; k++) this.#chars[this.#charCount + k] = lower(text.charCodeAt(start + k));
    this.#hashes[entry] = hash;
    this.#starts[entry] = this.#charCount;
    this.#lengths[entry] = length;
    this.#terms[entry] = term;
    this.#charCount += length;
    this.#slots[slot] = entry + 1;
    // At most half full: probes stay short.
    if (this.#entries * 2 > this.#slots.length) this.#rehash();
  }

  #growEntries(): void {
    const size = this.#terms.length * 2;
    const grow = <T extends Int32Array | Uint8Array>(array: T, make: (n: number) => T): T => {
      const grown = make(size);
      grown.set(array);
      return grown;
    };
    this.#hashes = grow(this.#hashes, (n) => new Int32Array(n));
    this.#starts = grow(this.#starts, (n) => new Int32Array(n));
    this.#lengths = grow(this.#lengths, (n) => new Uint8Array(n));
    this.#terms = grow(this.#terms, (n) => new Int32Array(n));
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.#entries; entry++) {
      let slot = (this.#hashes[entry] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.#slots = slots;
  }
}
