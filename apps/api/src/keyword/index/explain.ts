import type { ScoreExplanation, TermScore } from '../backend.ts';
import { heldShare, idf, K1, lengthNorm, saturate, titlePrior, titlePriorWeight } from './bm25f.ts';
import { heldInformativeness } from './collector.ts';
import type { ExpandedAlternative, ExpandedSlot } from './expand.ts';
import { FIELD_COUNT, FIELD_GAP, FIELDS, TITLE } from './fields.ts';
import type { IndexData } from './index-data.ts';
import { scoreAt } from './pack-postings.ts';
import { adjacent } from './phrase.ts';
import { PostingCursor, recordMask, recordPositions } from './postings.ts';
import type { RerankFactors } from './ranking.ts';

/** What a search pass did that a page's explanation depends on. */
export interface ExplainedPass {
  /** The slots scored, as expanded. */
  expanded: readonly ExpandedSlot[];
  /** The first of `expanded` added by feedback (feedback.ts); its length when none was. */
  feedbackFrom: number;
  /** A search of some of the slots (pages weighed by the share they hold). */
  any: boolean;
  /** Per slot, its informativeness (collector.ts `slotInformativeness`). */
  informativeness: readonly number[];
  /** Per page, its relevance rules' factor; undefined: none. */
  boosts: Float32Array | undefined;
  /** What re-ranking multiplied its pages by. */
  reranked: ReadonlyMap<number, RerankFactors>;
}

/** A term's posting in a page: its number in the term's list and its record; undefined: none. */
function posting(
  data: IndexData,
  term: number,
  page: number,
): { ordinal: number; record: number } | undefined {
  const cursor = new PostingCursor(data, term);
  if (!cursor.advance(page) || cursor.page !== page) return undefined;
  return { ordinal: cursor.ordinal, record: cursor.record };
}

/**
 * A term's packed score in a page, split as pack-postings.ts worked it out: BM25F's share of
 * each field (its count times its norm, of the sum saturated) and the title prior, scaled to the
 * packed score (rounded to a step of the term's best), times `weight`.
 */
function termScore(
  data: IndexData,
  { slot, feedback }: { slot: number; feedback: boolean },
  term: number,
  page: number,
  weight: number,
): TermScore {
  const found = posting(data, term, page);
  if (!found)
    return { slot, term: data.terms[term] as string, feedback, weight, fields: [], titlePrior: 0, score: 0 };
  const mask = recordMask(data, found.record);
  const positions = recordPositions(data, found.record);
  const weighted: number[] = [];
  let sum = 0;
  let start = 0;
  for (let field = 0; field < FIELD_COUNT; field++) {
    const length = data.fieldLengths[page * FIELD_COUNT + field] as number;
    const count = positions.filter((at) => at >= start && at < start + length).length;
    const norm = Math.fround(lengthNorm(field, length, data.fieldAverages[field] as number));
    const part = mask & (1 << field) ? count * norm : 0;
    weighted.push(part);
    sum += part;
    start += length + FIELD_GAP;
  }
  const termIdf = idf(data.pageCount, data.frequencies[term] as number);
  const bm25f = saturate(termIdf, sum);
  const prior =
    mask & (1 << TITLE)
      ? titlePrior(
          titlePriorWeight(data.pageCount, data.titleFrequencies[term] as number),
          data.titleWeights[page] as number,
        )
      : 0;
  const packed = scoreAt(data, term, found.ordinal);
  const scale = bm25f + prior > 0 ? (weight * packed) / (bm25f + prior) : 0;
  const fields = weighted.flatMap((part, field) =>
    part > 0
      ? [
          {
            field: FIELDS[field] as string,
            score: ((termIdf * part * (K1 + 1)) / (K1 + sum)) * scale,
          },
        ]
      : [],
  );
  return {
    slot,
    term: data.terms[term] as string,
    feedback,
    weight,
    fields,
    titlePrior: prior * scale,
    score: weight * packed,
  };
}

/** A phrase alternative's terms' scores in the page (its first term per word), or none. */
function phraseScores(
  data: IndexData,
  slot: { slot: number; feedback: boolean },
  alternative: ExpandedAlternative,
  page: number,
): TermScore[] {
  const terms = alternative.words.map((word) => word[0]?.term);
  if (terms.length === 0 || terms.some((term) => term === undefined)) return [];
  const found = (terms as number[]).map((term) => posting(data, term, page));
  if (found.some((one) => one === undefined)) return [];
  if (
    !adjacent(
      data,
      found.map((one) => (one as { record: number }).record),
    )
  )
    return [];
  return (terms as number[]).map((term) => termScore(data, slot, term, page, alternative.weight));
}

/**
 * The slot's best match in the page, as the scorer keeps it: a word's best term (each term's score
 * times its weights) or a phrase's words together; none when the page does not hold the slot.
 */
function slotScores(
  data: IndexData,
  slot: ExpandedSlot,
  origin: { slot: number; feedback: boolean },
  page: number,
): TermScore[] {
  let best: TermScore[] = [];
  let bestScore = 0;
  for (const alternative of slot.alternatives) {
    const candidates =
      alternative.words.length === 1 && !slot.phrase
        ? (alternative.words[0] ?? []).map(({ term, weight }) => [
            termScore(data, origin, term, page, weight * alternative.weight),
          ])
        : [phraseScores(data, origin, alternative, page)];
    for (const candidate of candidates) {
      const score = candidate.reduce((sum, term) => sum + term.score, 0);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
  }
  return best;
}

/** A page's score in a search pass taken apart (see ScoreExplanation). */
export function explainScore(data: IndexData, page: number, pass: ExplainedPass): ScoreExplanation {
  const bySlot = pass.expanded.map((slot, n) =>
    slotScores(data, slot, { slot: n, feedback: n >= pass.feedbackFrom }, page),
  );
  const terms = bySlot.flat();
  const base = terms.reduce((sum, term) => sum + term.score, 0);
  const held = bySlot.reduce((bits, scores, n) => (scores.length > 0 ? bits | (1 << n) : bits), 0);
  const whole = pass.informativeness.reduce((sum, weight) => sum + weight, 0);
  const share = pass.any ? heldShare(heldInformativeness(held, pass.informativeness), whole) : 1;
  const boost = pass.boosts ? (pass.boosts[page] as number) : 1;
  const { title, proximity, headingProximity, rareProximity, linkShare } = pass.reranked.get(page) ?? {
    title: 1,
    proximity: 1,
    headingProximity: 1,
    rareProximity: 1,
    linkShare: 1,
  };
  const score = base * share * boost * title * proximity * rareProximity * headingProximity * linkShare;
  return {
    score,
    base,
    terms,
    heldShare: share,
    boost,
    title,
    proximity,
    rareProximity,
    headingProximity,
    linkShare,
  };
}
