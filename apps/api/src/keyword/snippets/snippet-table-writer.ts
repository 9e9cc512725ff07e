import type { CharacterMapping } from '@siteseer/core';
import { mapCharacters, originalSpan, stemLanguage, WordTerms } from '../analysis/index.ts';
import { ByteWriter } from '../index/bytes.ts';
import { stemmerOf } from './query-terms.ts';
import { endsSentence, FORM_BYTES, keyHash } from './snippet-table-format.ts';
import { wordAffectingMappings } from './word-scan.ts';

// Writes the snippet tables whose layout snippet-table-format.ts describes, as pages are stored.

/** The distinct normalised words met in one language: the hashes of each and of its stem. */
interface Forms {
  words: WordTerms;
  hashes: number[];
  stemHashes: number[];
}

/**
 * Makes the tables of the pages of one generation (its character mapping): the words seen are
 * remembered across pages, so a page's words are each hashed and looked up without making a
 * string (`WordTerms`), and each distinct word is normalised and stemmed once. Drop it when the
 * generation's pages are stored: it holds every distinct word of them.
 */
export class SnippetTableWriter {
  readonly #mappings: readonly CharacterMapping[];
  readonly #forms = new Map<string, Forms>();
  /** Per form of a language, the page that last met it (its number), and its number there. */
  #seenOn: Int32Array = new Int32Array(1024);
  #localOf: Int32Array = new Int32Array(1024);
  #pages = 0;
  /** Scratch of a page, reused by the next: its forms, their word counts, each word's form. */
  #pageForms: Int32Array = new Int32Array(256);
  #formWords: Int32Array = new Int32Array(256);
  #local = new Int32Array(1024);
  #lists = new Int32Array(1024);
  #out = new ByteWriter(1 << 16);

  constructor(mappings: readonly CharacterMapping[]) {
    this.#mappings = wordAffectingMappings(mappings);
  }

  #formsOf(language: string): Forms {
    const key = stemLanguage(language);
    let forms = this.#forms.get(key);
    if (!forms) {
      const stem = stemmerOf(key);
      const hashes: number[] = [];
      const stemHashes: number[] = [];
      const resolve = (word: string) => {
        hashes.push(keyHash(word));
        stemHashes.push(keyHash(stem(word)));
        return hashes.length - 1;
      };
      forms = { words: new WordTerms(resolve, { offsets: true }), hashes, stemHashes };
      this.#forms.set(key, forms);
    }
    return forms;
  }

  /**
   * The table of `text` (the text a page's snippet is taken from) in the page's language, in a
   * buffer of the writer's that the next call writes over: copy it before.
   */
  table(text: string, language: string): Uint8Array {
    const mapped = mapCharacters(text, this.#mappings);
    const forms = this.#formsOf(language);
    const count = forms.words.read(mapped.text, Number.POSITIVE_INFINITY);
    const { terms, wordStarts: starts, wordEnds: ends } = forms.words;
    if (mapped.origin !== null) {
      for (let i = 0; i < count; i++) {
        const span = originalSpan(mapped, starts[i] as number, ends[i] as number);
        starts[i] = span[0];
        ends[i] = span[1];
      }
    }
    const page = ++this.#pages;
    if (this.#local.length < count * 2) {
      this.#local = new Int32Array(count * 2);
      this.#lists = new Int32Array(count);
    }
    // Each word's form on the page (-1: none); then, past the words, the sentence starts. A text
    // the mapping changed gets no forms: its words are not the text's own.
    const local = this.#local;
    let formCount = 0;
    if (mapped.origin === null) {
      for (let i = 0; i < count; i++) {
        const form = terms[i] as number;
        local[i] = form < 0 ? -1 : this.#localForm(form, page, formCount);
        if (local[i] === formCount) formCount++;
      }
    }
    // Room for all of it at once (five varints of five bytes at most, per word two offsets and two
    // varints, per form its fixed part and a varint): then written without checks.
    const width = text.length < 0x10000 ? 2 : 4;
    const out = this.#out;
    out.length = 0;
    out.reserve(25 + count * (2 * width + 10) + formCount * (FORM_BYTES + 5));
    out.put(text.length);
    out.put(count);
    out.bytes[out.length++] = width;
    const putOffset = width === 2 ? putU16 : putU32;
    let sentences = 0;
    for (let i = 0; i < count; i++) {
      putOffset(out, starts[i] as number);
      putOffset(out, ends[i] as number);
      if (i === 0 || endsSentence(text, ends[i - 1] as number, starts[i] as number))
        local[count + sentences++] = i;
    }
    out.put(sentences);
    let previous = 0;
    for (let n = 0; n < sentences; n++) {
      const word = local[count + n] as number;
      out.put(word - previous);
      previous = word;
    }
    out.put(formCount);
    const fixed = out.length;
    out.length += formCount * FORM_BYTES;
    this.#writeRecords(out, forms, formCount, count, fixed);
    return out.bytes.subarray(0, out.length);
  }

  /** The page's number of a form of the language (`next` when the page first meets it). */
  #localForm(form: number, page: number, next: number): number {
    if (form >= this.#seenOn.length) {
      const size = Math.max(form + 1, this.#seenOn.length * 2);
      this.#seenOn = grown(this.#seenOn, size);
      this.#localOf = grown(this.#localOf, size);
    }
    if (this.#seenOn[form] === page) {
      const f = this.#localOf[form] as number;
      this.#formWords[f] = (this.#formWords[f] as number) + 1;
      return f;
    }
    if (next === this.#pageForms.length) {
      this.#pageForms = grown(this.#pageForms, next * 2);
      this.#formWords = grown(this.#formWords, next * 2);
    }
    this.#seenOn[form] = page;
    this.#localOf[form] = next;
    this.#pageForms[next] = form;
    this.#formWords[next] = 1;
    return next;
  }

  /** The forms' hashes and places at `fixed`, and their records from the end of those. */
  #writeRecords(out: ByteWriter, forms: Forms, formCount: number, count: number, fixed: number): void {
    // The words of each form, by counting: where each form's list starts, then the lists filled.
    const firsts = new Int32Array(formCount + 1);
    for (let f = 0; f < formCount; f++)
      firsts[f + 1] = (firsts[f] as number) + (this.#formWords[f] as number);
    const fill = firsts.slice(0, formCount);
    const lists = this.#lists;
    const local = this.#local;
    for (let i = 0; i < count; i++) {
      const f = local[i] as number;
      if (f >= 0) lists[(fill[f] as number)++] = i;
    }
    const recordsStart = out.length;
    for (let f = 0; f < formCount; f++) {
      const form = this.#pageForms[f] as number;
      const at = out.length;
      out.length = fixed + f * FORM_BYTES;
      putU32(out, forms.hashes[form] as number);
      putU32(out, forms.stemHashes[form] as number);
      putU32(out, at - recordsStart);
      out.length = at;
      const first = firsts[f] as number;
      const last = firsts[f + 1] as number;
      out.put(last - first);
      let previous = 0;
      for (let n = first; n < last; n++) {
        out.put((lists[n] as number) - previous);
        previous = lists[n] as number;
      }
    }
  }
}

function grown(array: Int32Array, size: number): Int32Array {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}

function putU16(out: ByteWriter, value: number): void {
  out.bytes[out.length++] = value & 0xff;
  out.bytes[out.length++] = (value >>> 8) & 0xff;
}

function putU32(out: ByteWriter, value: number): void {
  out.bytes[out.length++] = value & 0xff;
  out.bytes[out.length++] = (value >>> 8) & 0xff;
  out.bytes[out.length++] = (value >>> 16) & 0xff;
  out.bytes[out.length++] = (value >>> 24) & 0xff;
}
