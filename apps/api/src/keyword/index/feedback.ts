/*
 * Pseudo-relevance feedback for questions (RM3's idea, as Anserini runs it on Lucene): the best
 * pages of a first pass are taken as relevant, the words they share that the question lacks are
 * added to it, weighed by how much they say in those pages, and the question is searched once
 * more. A question says what it is about in its own words; its answers often say it in others
 * ('supersonic' asked, 'mach' answered). Fitted on Cranfield, checked on CISI, SciFact held out
 * (docs/adr/0045-relevance-on-questions.md).
 */
import { isStopword } from '../analysis/index.ts';
import type { ExpandedSlot } from './expand.ts';
import type { IndexData } from './index-data.ts';
import { SIGNATURE_TERMS } from './signatures.ts';

/** The best pages of the first pass taken as relevant (5 and 20 tried on Cranfield). */
const FEEDBACK_PAGES = 10;
/** Words added to the question at most (5 and 20 tried on Cranfield). */
const FEEDBACK_TERMS = 10;
/**
 * The weight of the most telling word added, against a typed word's 1 (the others by their share
 * of it): 0.5, 0.8, 1 and 1.2 tried on Cranfield, 0.8–1.2 alike.
 */
const FEEDBACK_WEIGHT = 1;
/**
 * Questions of this many words (function words aside) or more get feedback. The known-item
 * bench's questions of four words (one page answers each) lost more ranks than they won with it;
 * on Cranfield, five words or more did as well as four.
 */
export const FEEDBACK_FROM = 5;

/**
 * The words to add to a question from `ranked`, its first pass's pages best first: each term of
 * the best FEEDBACK_PAGES pages' signatures weighed by its share of its page's signature times the
 * page's share of their scores, summed over the pages (RM3's relevance model); the FEEDBACK_TERMS
 * heaviest that are neither the question's (`asked`) nor function words, at most `room`, each a
 * slot of its own weighing FEEDBACK_WEIGHT times its weight against the heaviest's.
 */
export function feedbackSlots(
  data: IndexData,
  ranked: readonly { page: number; score: number }[],
  asked: ReadonlySet<number>,
  room: number,
): ExpandedSlot[] {
  const best = ranked.slice(0, FEEDBACK_PAGES);
  const total = best.reduce((sum, { score }) => sum + score, 0);
  if (total <= 0 || room <= 0) return [];
  const weights = new Map<number, number>();
  for (const { page, score } of best) {
    const base = page * SIGNATURE_TERMS;
    let said = 0;
    for (let i = 0; i < SIGNATURE_TERMS; i++)
      if ((data.signatureTerms[base + i] as number) >= 0) said += data.signatureScores[base + i] as number;
    if (said <= 0) continue;
    for (let i = 0; i < SIGNATURE_TERMS; i++) {
      const term = data.signatureTerms[base + i] as number;
      // A function word says nothing of the answers however rare on the site (see isStopword).
      if (term < 0 || asked.has(term) || isStopword(data.terms[term] as string)) continue;
      const weight = ((score / total) * (data.signatureScores[base + i] as number)) / said;
      weights.set(term, (weights.get(term) ?? 0) + weight);
    }
  }
  const chosen = [...weights]
    .sort(([termA, a], [termB, b]) => b - a || termA - termB)
    .slice(0, Math.min(FEEDBACK_TERMS, room));
  const heaviest = chosen[0]?.[1] ?? 0;
  return chosen.map(([term, weight]) => ({
    phrase: false,
    alternatives: [{ words: [[{ term, weight: 1 }]], weight: (FEEDBACK_WEIGHT * weight) / heaviest }],
  }));
}
