import { normaliseWord } from '../analysis/index.ts';
import { ByteReader } from '../index/bytes.ts';
import { stemmerOf } from './query-terms.ts';
import { FORM_BYTES, keyHash } from './snippet-table-format.ts';

// Reads the snippet tables whose layout snippet-table-format.ts describes, as snippets are built.

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
