import type { CharacterMapping } from '@siteseer/core';
import { mapCharacters, normaliseWord, originalSpan, stemLanguage, WordTerms } from '../analysis/index.ts';
import { ByteReader, ByteWriter } from '../index/bytes.ts';
import { stemmerOf } from './query-terms.ts';
import { wordAffectingMappings } from './word-scan.ts';

/*
 * A page's words as its snippet needs them, worked out when the page is stored so that no search
 * reads the whole page for them: where each word is in the original text, which words start a
 * sentence, and the page's distinct words (normalised: its forms) with the hashes of each one and
 * of its stem and where each one is. A snippet then compares the hashes of its search's terms with
 * the page's forms (a few hundred) instead of matching every word of the page, and reads the words
 * near the hits. Layout (varints unless said):
 *
 *   text length (UTF-16 units), word count W, the width of an offset (a byte: 2 below 65,536
 *     units of text, else 4)
 *   W × [where the word starts, where it ends] in the original text (fixed width, little-endian)
 *   the number of words that start a sentence, and their word numbers (deltas)
 *   form count F, then F × 12 bytes (u32 LE): the hash of the form, of its stem (the same when
 *     the stem is the form), and where the form's record is (from the first record)
 *   F records, in order of first appearance: the form's number of words and their word numbers
 *     (deltas)
 *
 * A hash found is checked against the page's word itself (normalised, or stemmed), so a collision
 * never marks a word. A text the character mapping changes has no forms (F = 0): its words are not
 * the text's own, and it is read in full, as without a table.
 */

/** What the snippet needs of a page's words: offsets in the original text, and the hits. */
export interface PageWords {
  count: number;
  /** Word i is `text.slice(starts[i], ends[i])` of the original text. */
  starts: Int32Array;
  ends: Int32Array;
  /** The words that start a sentence, in order: the first `sentenceCount` (word 0 always). */
  sentences: Int32Array;
  sentenceCount: number;
  /** Word numbers of the words that are terms, in order, and the id of each one's term. */
  hitWords: Int32Array;
  hitIds: Int32Array;
  hitCount: number;
  /** Ids are below this. */
  termCount: number;
}

/** Punctuation that ends a sentence when a space follows it, closing quotes and brackets allowed. */
const SENTENCE_END = /[.!?]["'”’)\]]*\s/;

/** Whether the text between two words (`gapStart` to `gapEnd`) ends a sentence. */
export function endsSentence(text: string, gapStart: number, gapEnd: number): boolean {
  // A single space between two words is never a sentence end: skip the test for most words.
  return gapEnd - gapStart > 1 && SENTENCE_END.test(text.slice(gapStart, gapEnd));
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of a string's UTF-16 units, unsigned. */
export function keyHash(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

/** Bytes per form in the table's fixed part: its hash, its stem's, where its record is. */
const FORM_BYTES = 12;

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

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}

/** Bits of the filter a search's term hashes are first looked up in. */
const FILTER_BITS = 1024;

/** A search's terms as tables are read for them, once per list of terms. */
interface TermKeys {
  terms: readonly string[];
  hashes: Uint32Array;
  /** A bit per term hash (its low bits): most of a page's forms are told apart by one look. */
  filter: Uint32Array;
}

const termKeys = new WeakMap<Iterable<string>, TermKeys>();

function keysOf(terms: Iterable<string>): TermKeys {
  let keys = termKeys.get(terms);
  if (!keys) {
    const list = [...new Set(terms)];
    const hashes = Uint32Array.from(list, keyHash);
    const filter = new Uint32Array(FILTER_BITS / 32);
    for (const hash of hashes) {
      const word = (hash >>> 5) & (FILTER_BITS / 32 - 1);
      filter[word] = (filter[word] as number) | (1 << (hash & 31));
    }
    keys = { terms: list, hashes, filter };
    termKeys.set(terms, keys);
  }
  return keys;
}

function maybeTerm(filter: Uint32Array, hash: number): boolean {
  return (((filter[(hash >>> 5) & (FILTER_BITS / 32 - 1)] as number) >>> (hash & 31)) & 1) === 1;
}

/** Ids a table's hits are packed with: a term's index in the search's terms, below 2^11. */
const MAX_TERMS = 1 << 11;

/** Scratch arrays reused by the next page (a snippet is built synchronously). */
let scratch = {
  starts: new Int32Array(1024),
  ends: new Int32Array(1024),
  sentences: new Int32Array(1024),
  hits: new Float64Array(256),
  hitWords: new Int32Array(256),
  hitIds: new Int32Array(256),
};

function scratchFor(words: number, hits: number): typeof scratch {
  const wordRoom = scratch.starts.length >= words;
  const hitRoom = scratch.hits.length >= hits;
  if (wordRoom && hitRoom) return scratch;
  const grownWords = Math.max(words, scratch.starts.length);
  const grownHits = Math.max(hits, scratch.hits.length);
  scratch = {
    starts: wordRoom ? scratch.starts : new Int32Array(grownWords),
    ends: wordRoom ? scratch.ends : new Int32Array(grownWords),
    sentences: wordRoom ? scratch.sentences : new Int32Array(grownWords),
    hits: hitRoom ? scratch.hits : new Float64Array(grownHits),
    hitWords: hitRoom ? scratch.hitWords : new Int32Array(grownHits),
    hitIds: hitRoom ? scratch.hitIds : new Int32Array(grownHits),
  };
  return scratch;
}

/**
 * The page's words and its hits of `terms` from its stored table, in scratch arrays reused by the
 * next call; undefined when the table cannot be the text's (another length, or it runs past its
 * end): the page is read then. A word is a hit when its stem or its normalised form is a term,
 * the stem's term first (as `termMatcher`).
 */
export function readSnippetTable(
  table: Uint8Array,
  text: string,
  terms: Iterable<string>,
  language: string,
): PageWords | undefined {
  const reader = new ByteReader(table);
  if (reader.varint() !== text.length) return undefined;
  const count = reader.varint();
  const keys = keysOf(terms);
  if (keys.terms.length >= MAX_TERMS) return undefined;
  const width = reader.byte();
  if (count * 2 * width + reader.at > table.length) return undefined;
  let room = scratchFor(count, 0);
  const { starts, ends, sentences } = room;
  let at = reader.at;
  if (width === 2) {
    for (let i = 0; i < count; i++, at += 4) {
      starts[i] = u16(table, at);
      ends[i] = u16(table, at + 2);
    }
  } else {
    for (let i = 0; i < count; i++, at += 8) {
      starts[i] = u32(table, at);
      ends[i] = u32(table, at + 4);
    }
  }
  if (count > 0 && (ends[count - 1] as number) > text.length) return undefined;
  reader.at = at;
  const sentenceCount = reader.varint();
  let sentence = 0;
  for (let n = 0; n < sentenceCount; n++) {
    sentence += reader.varint();
    sentences[n] = sentence;
  }
  const formCount = reader.varint();
  const fixed = reader.at;
  const recordsStart = fixed + formCount * FORM_BYTES;
  if (formCount === 0 || recordsStart > table.length) return undefined;
  // The forms that are terms, checked: per form found, its term and its record.
  const found: number[] = [];
  let hitCount = 0;
  const stem = stemmerOf(language);
  const { filter } = keys;
  for (let f = 0; f < formCount; f++) {
    const place = fixed + f * FORM_BYTES;
    const hash = u32(table, place);
    const stemHash = u32(table, place + 4);
    const byWord = maybeTerm(filter, hash);
    const byStem = maybeTerm(filter, stemHash);
    if (!byWord && !byStem) continue;
    const record = recordsStart + u32(table, place + 8);
    // Its stem's term first: a word whose stem and form are both terms is its stem's.
    const reader = new ByteReader(table, record);
    const words = reader.varint();
    const first = reader.varint();
    const word = normaliseWord(text.slice(starts[first] as number, ends[first] as number));
    let t = byStem ? termOf(keys, stemHash, stem(word)) : -1;
    if (t < 0 && byWord) t = termOf(keys, hash, word);
    if (t < 0) continue;
    found.push(t, record);
    hitCount += words;
  }
  room = scratchFor(count, hitCount);
  const { hits, hitWords, hitIds } = room;
  let packedCount = 0;
  for (let n = 0; n < found.length; n += 2) {
    const term = found[n] as number;
    const record = new ByteReader(table, found[n + 1] as number);
    const words = record.varint();
    let word = 0;
    for (let w = 0; w < words; w++) {
      word += record.varint();
      hits[packedCount++] = word * MAX_TERMS + term;
    }
  }
  // A form is found once (by its stem's term, else its own): each word is in one list.
  const sorted = hits.subarray(0, packedCount).sort();
  for (let n = 0; n < packedCount; n++) {
    const packed = sorted[n] as number;
    hitWords[n] = Math.floor(packed / MAX_TERMS);
    hitIds[n] = packed % MAX_TERMS;
  }
  return {
    count,
    starts,
    ends,
    sentences,
    sentenceCount,
    hitWords,
    hitIds,
    hitCount: packedCount,
    termCount: keys.terms.length,
  };
}

/** The index of the term of hash `hash` that is `key` (a page's word, or its stem), or -1. */
function termOf(keys: TermKeys, hash: number, key: string): number {
  for (let t = 0; t < keys.terms.length; t++) if (keys.hashes[t] === hash && keys.terms[t] === key) return t;
  return -1;
}
