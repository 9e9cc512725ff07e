import { ByteReader, ByteWriter } from './bytes.ts';
import { FIELD_COUNT, K1, TITLE } from './fields.ts';

/**
 * What each term scores in each page holding it, worked out once when the index is finished. A
 * term's score in a page (BM25F over the fields, plus the title prior) depends on nothing a query
 * says but a factor, so a search reads it instead of working it out from field counts and norms:
 * the scoring pass walks two compact arrays per term, the pages as varint deltas and the scores
 * as 16-bit steps of the term's best score, at a few nanoseconds a posting. (Decoding counts and
 * norms per posting cost ten times that; a cache of decoded lists only helped terms searched twice.)
 */

/** A term's best score is this many steps; the others are rounded to the nearest step. */
const SCORE_STEPS = 0xffff;

/**
 * A word in the title adds this much of its title idf (how rare it is among titles) on top of
 * BM25F, which saturates: without it a page saying a word thirty times in its body scores like one
 * with the word in its title, and a word of every page's navigation ('modules' on every page of a
 * manual) ranks nothing. Half of it always, half by how much of the title the word is, so short
 * titles naming the word come first. The re-ranking weighs the whole query against the title.
 */
const TITLE_PRIOR = 1;

export interface PageScores {
  /** Per term, from `pageStart[t]` to `pageStart[t + 1]`: its pages as varint deltas (the first: page + 1). */
  pages: Uint8Array;
  pageStart: Uint32Array;
  /** Per posting, term after term (term t's from `scoreStart[t]`, in page order): its score in steps. */
  scores: Uint16Array;
  scoreStart: Uint32Array;
  /** A step's worth per term: the term's score in its n-th page is `scores[scoreStart[t] + n] × scoreScale[t]`. */
  scoreScale: Float32Array;
}

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

/** BM25's inverse document frequency of a term in `frequency` of `pageCount` pages. */
export function idf(pageCount: number, frequency: number): number {
  return Math.log(1 + (pageCount - frequency + 0.5) / (frequency + 0.5));
}

/**
 * Writes a page's counts of a term while indexing: the page delta, the fields holding it (a bit
 * mask) and its count in each of them. `scorePages` turns these into the scores.
 */
export function writeCounts(
  writer: ByteWriter,
  delta: number,
  mask: number,
  term: number,
  counts: { fieldCount(term: number, field: number): number },
): void {
  writer.reserve(5 * (FIELD_COUNT + 2));
  writer.put(delta);
  writer.put(mask);
  for (let field = 0; field < FIELD_COUNT; field++)
    if (mask & (1 << field)) writer.put(counts.fieldCount(term, field));
}

/** Postings scored between two pauses of `scorePages`: a few milliseconds. */
const SCORED_PER_PAUSE = 200_000;

/**
 * The scores of every term in every page, from the counts written by `writeCounts` (term t's in
 * `counts(t)`, each dropped once read); pauses (`yield`) every SCORED_PER_PAUSE postings.
 */
export function* scorePages(
  inputs: ScoreInputs,
  counts: (term: number) => ByteWriter,
): Generator<void, PageScores, void> {
  const { pageCount, frequencies, titleFrequencies, titleWeights, norms } = inputs;
  const termCount = frequencies.length;
  const scoreStart = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term++)
    scoreStart[term + 1] = (scoreStart[term] as number) + (frequencies[term] as number);
  const scores = new Uint16Array(scoreStart[termCount] as number);
  const scoreScale = new Float32Array(termCount);
  const pageStart = new Uint32Array(termCount + 1);
  const pages = new ByteWriter(1 << 16);
  const exact = new Float64Array(pageCount);
  let sincePause = 0;
  for (let term = 0; term < termCount; term++) {
    const frequency = frequencies[term] as number;
    sincePause += frequency;
    if (sincePause >= SCORED_PER_PAUSE) {
      sincePause = 0;
      yield;
    }
    const termIdf = idf(pageCount, frequency);
    const titleWeight = TITLE_PRIOR * idf(pageCount, titleFrequencies[term] as number);
    const writer = counts(term);
    const reader = new ByteReader(writer.bytes);
    pages.reserve(5 * frequency);
    let page = -1;
    let best = 0;
    for (let n = 0; n < frequency; n++) {
      const delta = reader.varint();
      pages.put(delta);
      page += delta;
      const mask = reader.byte();
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field++)
        if (mask & (1 << field)) weighted += reader.varint() * (norms[page * FIELD_COUNT + field] as number);
      let score = (termIdf * weighted * (K1 + 1)) / (K1 + weighted);
      if (mask & (1 << TITLE)) score += titlePrior(titleWeight, titleWeights[page] as number);
      exact[n] = score;
      if (score > best) best = score;
    }
    pageStart[term + 1] = pages.length;
    const scale = best > 0 ? best / SCORE_STEPS : 0;
    scoreScale[term] = scale;
    const from = scoreStart[term] as number;
    for (let n = 0; n < frequency; n++)
      // At least a step: a page holding the term never scores nothing.
      scores[from + n] = scale > 0 ? Math.max(1, Math.round((exact[n] as number) / scale)) : 0;
  }
  return { pages: pages.bytes.slice(0, pages.length), pageStart, scores, scoreStart, scoreScale };
}

/**
 * The title prior of a term whose TITLE_PRIOR times title idf is `weight`, in a page whose title
 * weighs `pageTitleWeight`.
 */
function titlePrior(weight: number, pageTitleWeight: number): number {
  const share = Math.min(1, weight / TITLE_PRIOR / Math.max(pageTitleWeight, 1e-6));
  return weight * (0.5 + 0.5 * share);
}

/** The score of a term in its `n`-th page (in page order). */
export function scoreAt(scores: PageScores, term: number, n: number): number {
  return (
    (scores.scores[(scores.scoreStart[term] as number) + n] as number) * (scores.scoreScale[term] as number)
  );
}
