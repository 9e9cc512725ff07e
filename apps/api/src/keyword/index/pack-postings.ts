import { idf, saturate, titlePrior, titlePriorWeight } from './bm25f.ts';
import { ByteReader, ByteWriter } from './bytes.ts';
import { FIELD_COUNT, TITLE } from './fields.ts';
import { SignatureBuilder } from './signatures.ts';

/**
 * The last step of a build: the terms' records as indexing wrote them (build.ts: page delta, the
 * fields holding the term, its count in each, the positions) packed into what searches read. Each
 * posting's score (BM25F over the fields, plus the title prior) depends on nothing a query says
 * but a factor, so it is worked out here once: the scoring pass then walks two compact arrays per
 * term, its pages as varint deltas and its scores as 16-bit steps of its best score, at a few
 * nanoseconds a posting (decoding counts and norms per posting cost ten times that; a cache of
 * decoded lists only helped terms searched twice). The records keep their positions, for phrases
 * and proximity, without the counts.
 */

/** A term's best score is this many steps; the others are rounded to the nearest step. */
export const SCORE_STEPS = 0xffff;

export interface PageScores {
  /**
   * Per term, from `pageStart[t]` to `pageStart[t + 1]`: its pages as varint deltas (the first:
   * page + 1); none for a term kept as a bitset.
   */
  pages: Uint8Array;
  pageStart: Uint32Array;
  /**
   * The pages of each term in more than a BITSET_SHARE-th of the pages (and more than
   * CHAMPIONS_FROM): from `bitsets.get(t)` on, `pageWords(pageCount)` words of `bits` (page p is
   * bit p % 32 of word p / 32), and per word the term's pages before it in `bitRanks`, so that a
   * page's posting number (its score's) is known without reading the list. A search checks a page
   * of a few candidates in one of these instead of reading the term's whole list.
   */
  bitsets: Map<number, number>;
  bits: Uint32Array;
  bitRanks: Uint32Array;
  /** Per posting, term after term (term t's from `scoreStart[t]`, in page order): its score in steps. */
  scores: Uint16Array;
  scoreStart: Uint32Array;
  /** A step's worth per term: the term's score in its n-th page is `scores[scoreStart[t] + n] × scoreScale[t]`. */
  scoreScale: Float32Array;
  /**
   * The CHAMPIONS best pages of each term in more than CHAMPIONS_FROM pages (highest score first
   * among equals the earlier page), from `champions.get(t)` on in `championPages` and their
   * steps in `championSteps`: a one-word search ranks these instead of the term's whole list.
   */
  champions: Map<number, number>;
  championPages: Uint32Array;
  championSteps: Uint16Array;
  /**
   * Per page, its SIGNATURE_TERMS best-scoring terms (-1: none) and their scores, at page ·
   * SIGNATURE_TERMS: what feedback reads of a question's best pages (feedback.ts).
   */
  signatureTerms: Int32Array;
  signatureScores: Float32Array;
}

/**
 * Pages kept per frequent term, best first: as many as a search re-ranks (keyword-index.ts's
 * RERANK), which a one-word search needs and no more for its first ten pages of results.
 */
export const CHAMPIONS = 100;
/** Terms in more pages than this keep their best pages aside (~1,000 terms of 50k pages). */
export const CHAMPIONS_FROM = 2048;

/** What the scores are worked out from, known once every page is in. */
export interface ScoreInputs {
  pageCount: number;
  /** Pages per term, and per term in their title. */
  frequencies: Uint32Array;
  titleFrequencies: Uint32Array;
  /** Per page, the summed title idf of its title's terms (see IndexData). */
  titleWeights: Float32Array;
  /** BM25F per page and field: weight / (1 − b + b · length / average length); at page · FIELD_COUNT + field. */
  norms: Float32Array;
}

/**
 * A term in more than this share of the pages keeps them as a bitset: it is then no larger than
 * the varint deltas with its ranks (~400 terms of 50k pages, most of the postings).
 */
const BITSET_SHARE = 8;

/** Whether a term of `frequency` pages of `pageCount` keeps them as a bitset. */
function isBitsetTerm(frequency: number, pageCount: number): boolean {
  return frequency > CHAMPIONS_FROM && frequency * BITSET_SHARE > pageCount;
}

/** Whether the bitset at `bitset` in `bits` (32 pages a word) holds `page`. */
export function hasPage(bits: Uint32Array, bitset: number, page: number): boolean {
  return (((bits[bitset + (page >>> 5)] as number) >>> (page & 31)) & 1) === 1;
}

/** The 32-bit words of a bitset of `pageCount` pages. */
export function pageWords(pageCount: number): number {
  return (pageCount + 31) >>> 5;
}

/**
 * Every SKIP-th record of a term is listed in its skip table, so one page's record is found fast
 * (re-ranking seeks its best pages' records). A 16th made several-word searches ~5 % faster in
 * process, nothing measurable over HTTP, and took the index to 298 MB per 100k pages of 300.
 */
export const SKIP = 64;

/** What `packPostings` makes: the records without counts, their skip tables, and the scores. */
export interface PackedPostings extends PageScores {
  /** Per term, from `termStart[t]` to `termStart[t + 1]`: its records (see IndexData). */
  postings: Uint8Array;
  termStart: Uint32Array;
  /** Per term with more than SKIP records: pairs (page number, offset after its page delta). */
  skips: Map<number, Uint32Array>;
}

/**
 * Postings packed between two pauses of `packPostings`: a few milliseconds. (200,000 made pauses of
 * 35–100 ms for a site of 12,000 pages of 25 KB on a 2-CPU machine, each a stall of the searches
 * beside it: issue 34.)
 */
const PACKED_PER_PAUSE = 25_000;
/** What a term's records are replaced with once packed. */
const DROPPED = new ByteWriter(0);

/** Writes `value` as a varint at `at` of `bytes`; returns the offset after it. */
function putVarint(bytes: Uint8Array, at: number, value: number): number {
  let rest = value;
  let end = at;
  while (rest >= 0x80) {
    bytes[end++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  bytes[end++] = rest;
  return end;
}

/**
 * Packs every term's records (term t's in `records[t]`, as build.ts writes them; each entry
 * dropped once read, so their memory goes as the packed arrays grow) into `packedBytes` bytes (the
 * records' bytes less their counts'), pausing (`yield`) every PACKED_PER_PAUSE postings.
 */
export function* packPostings(
  inputs: ScoreInputs,
  records: ByteWriter[],
  packedBytes: number,
): Generator<void, PackedPostings, void> {
  const { pageCount, frequencies, titleFrequencies, titleWeights, norms } = inputs;
  const termCount = frequencies.length;
  const postings = new Uint8Array(packedBytes);
  const termStart = new Uint32Array(termCount + 1);
  const skips = new Map<number, Uint32Array>();
  const scoreStart = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term++)
    scoreStart[term + 1] = (scoreStart[term] as number) + (frequencies[term] as number);
  const scores = new Uint16Array(scoreStart[termCount] as number);
  const scoreScale = new Float32Array(termCount);
  const pageStart = new Uint32Array(termCount + 1);
  const pages = new ByteWriter(1 << 16);
  const exact = new Float64Array(pageCount);
  const termPages = new Uint32Array(pageCount);
  let championTerms = 0;
  for (const frequency of frequencies) if (frequency > CHAMPIONS_FROM) championTerms++;
  const champions = new Map<number, number>();
  const championPages = new Uint32Array(championTerms * CHAMPIONS);
  const championSteps = new Uint16Array(championTerms * CHAMPIONS);
  const words = pageWords(pageCount);
  let bitsetTerms = 0;
  for (const frequency of frequencies) if (isBitsetTerm(frequency, pageCount)) bitsetTerms++;
  const bitsets = new Map<number, number>();
  const bits = new Uint32Array(bitsetTerms * words);
  const bitRanks = new Uint32Array(bitsetTerms * words);
  const signatures = new SignatureBuilder(pageCount);
  let out = 0;
  let sincePause = 0;
  for (let term = 0; term < termCount; term++) {
    const frequency = frequencies[term] as number;
    sincePause += frequency;
    if (sincePause >= PACKED_PER_PAUSE) {
      sincePause = 0;
      yield;
    }
    const termIdf = idf(pageCount, frequency);
    const titleWeight = titlePriorWeight(pageCount, titleFrequencies[term] as number);
    const reader = new ByteReader((records[term] as ByteWriter).bytes);
    records[term] = DROPPED;
    termStart[term] = out;
    const termSkips: number[] = [];
    const bitset = isBitsetTerm(frequency, pageCount) ? bitsets.size * words : -1;
    if (bitset >= 0) bitsets.set(term, bitset);
    else pages.reserve(5 * frequency);
    let page = -1;
    let best = 0;
    for (let n = 0; n < frequency; n++) {
      const delta = reader.varint();
      page += delta;
      termPages[n] = page;
      if (bitset >= 0) {
        const word = bitset + (page >>> 5);
        bits[word] = (bits[word] as number) | (1 << (page & 31));
      } else pages.put(delta);
      out = putVarint(postings, out, delta);
      if (n > 0 && n % SKIP === 0) termSkips.push(page, out - (termStart[term] as number));
      const mask = reader.byte();
      postings[out++] = mask;
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field++)
        if (mask & (1 << field)) weighted += reader.varint() * (norms[page * FIELD_COUNT + field] as number);
      let score = saturate(termIdf, weighted);
      if (mask & (1 << TITLE)) score += titlePrior(titleWeight, titleWeights[page] as number);
      exact[n] = score;
      if (score > best) best = score;
      const positionBytes = reader.varint();
      out = putVarint(postings, out, positionBytes);
      const bytes = reader.bytes;
      for (let end = reader.at + positionBytes; reader.at < end; )
        postings[out++] = bytes[reader.at++] as number;
    }
    if (termSkips.length > 0) skips.set(term, Uint32Array.from(termSkips));
    pageStart[term + 1] = pages.length;
    if (bitset >= 0) rankWords(bits, bitRanks, bitset, words);
    const scale = best > 0 ? best / SCORE_STEPS : 0;
    scoreScale[term] = scale;
    const from = scoreStart[term] as number;
    for (let n = 0; n < frequency; n++) {
      // At least a step: a page holding the term never scores nothing.
      const steps = scale > 0 ? Math.max(1, Math.round((exact[n] as number) / scale)) : 0;
      scores[from + n] = steps;
      signatures.offer(termPages[n] as number, term, steps * scale);
    }
    if (frequency > CHAMPIONS_FROM) {
      const at = champions.size * CHAMPIONS;
      champions.set(term, at);
      bestPostings(scores.subarray(from, from + frequency)).forEach((n, i) => {
        championPages[at + i] = termPages[n] as number;
        championSteps[at + i] = scores[from + n] as number;
      });
    }
  }
  termStart[termCount] = out;
  if (out !== packedBytes) throw new Error(`Packed ${out} bytes of postings, expected ${packedBytes}.`);
  return {
    postings,
    termStart,
    skips,
    pages: pages.bytes.slice(0, pages.length),
    pageStart,
    scores,
    scoreStart,
    scoreScale,
    champions,
    championPages,
    championSteps,
    bitsets,
    bits,
    bitRanks,
    signatureTerms: signatures.terms,
    signatureScores: signatures.scores,
  };
}

/** Per word of the bitset at `from` (`words` long), its set bits before it, into `ranks`. */
function rankWords(bits: Uint32Array, ranks: Uint32Array, from: number, words: number): void {
  let before = 0;
  for (let w = from; w < from + words; w++) {
    ranks[w] = before;
    before += popcount(bits[w] as number);
  }
}

/** The set bits of a 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The CHAMPIONS best of a term's postings (their numbers in page order) by `steps`: the highest
 * step, among equals the earlier page. A min-heap of the best so far, its worst on top; a later
 * posting takes a place only with a higher step (it comes after every posting held).
 */
export function bestPostings(steps: Uint16Array): Int32Array {
  const heap = new Int32Array(Math.min(CHAMPIONS, steps.length));
  const worse = (a: number, b: number) =>
    (steps[a] as number) < (steps[b] as number) || (steps[a] === steps[b] && a > b);
  const swap = (a: number, b: number) => {
    const held = heap[a] as number;
    heap[a] = heap[b] as number;
    heap[b] = held;
  };
  let size = 0;
  for (let n = 0; n < steps.length; n++) {
    if (size < heap.length) {
      heap[size] = n;
      for (let child = size++; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (!worse(heap[child] as number, heap[parent] as number)) break;
        swap(child, parent);
        child = parent;
      }
    } else if ((steps[n] as number) > (steps[heap[0] as number] as number)) {
      heap[0] = n;
      for (let parent = 0; ; ) {
        const left = parent * 2 + 1;
        let least = parent;
        if (left < size && worse(heap[left] as number, heap[least] as number)) least = left;
        if (left + 1 < size && worse(heap[left + 1] as number, heap[least] as number)) least = left + 1;
        if (least === parent) break;
        swap(parent, least);
        parent = least;
      }
    }
  }
  return heap;
}

/** The score of a term in its `n`-th page (in page order). */
export function scoreAt(scores: PageScores, term: number, n: number): number {
  return (
    (scores.scores[(scores.scoreStart[term] as number) + n] as number) * (scores.scoreScale[term] as number)
  );
}
