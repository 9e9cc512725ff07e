import { z } from 'zod';
import { withoutBidiControls } from './bidi-controls.ts';
import { withoutControlCharacters } from './control-characters.ts';

/** Distinct visitors a query needs by default before it is suggested to others. */
export const SUGGESTION_VISITORS_DEFAULT = 3;
/**
 * The most distinct visitors the setting may ask for: what the recorder keeps of each query's
 * visitors a day is capped at it, so the count is exact up to here.
 */
export const SUGGESTION_VISITORS_MAX = 20;
/** Terms a block list may hold, and characters a term may have. */
export const BLOCKED_TERMS_MAX = 500;
export const BLOCKED_TERM_CHARS_MAX = 100;

/**
 * A blocked term, as stored and matched: lower case, words one space apart. It blocks every
 * suggestion holding it as a word (or, for several words, as consecutive words).
 */
export const BlockedTerm = z
  .string()
  .overwrite(withoutControlCharacters)
  .overwrite(withoutBidiControls)
  .overwrite((text) => text.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' '))
  .min(1, 'A blocked term cannot be empty.')
  .max(BLOCKED_TERM_CHARS_MAX, `A blocked term has at most ${BLOCKED_TERM_CHARS_MAX} characters.`);

/**
 * What a keyword engine's query suggestions may show: only queries that at least `minVisitors`
 * distinct visitors searched (and found results for), and nothing holding a blocked term. Part of
 * the engine's settings (the wizard's Influence step) and of its client's (what searches read).
 */
export const SuggestionSettings = z.object({
  minVisitors: z.number().int().min(1).max(SUGGESTION_VISITORS_MAX).default(SUGGESTION_VISITORS_DEFAULT),
  blockedTerms: z
    .array(BlockedTerm)
    .max(BLOCKED_TERMS_MAX, `At most ${BLOCKED_TERMS_MAX} blocked terms.`)
    .default([]),
});
export type SuggestionSettings = z.infer<typeof SuggestionSettings>;

/** The settings of an engine that never set them (a new object each time: nothing shares its list). */
export function defaultSuggestionSettings(): SuggestionSettings {
  return { minVisitors: SUGGESTION_VISITORS_DEFAULT, blockedTerms: [] };
}

/** The block list's terms one a line, as the wizard's field shows them. */
export function blockedTermsText(terms: readonly string[]): string {
  return terms.join('\n');
}

/** The terms of the wizard's field: one a line (commas separate too), blanks left out. */
export function blockedTermsOf(text: string): string[] {
  return text
    .split(/[\n,]/u)
    .map((term) => term.trim())
    .filter((term) => term !== '');
}
