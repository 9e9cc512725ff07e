import { z } from 'zod';
import type { ResultRankingEntry } from '../domain/keyword.ts';
import { MESSAGES, rankingPinnedAndHiddenMessage } from './messages.ts';
import type { FieldErrors, RuleResult } from './rule-result.ts';
import { fail, fieldErrorsOf, ok } from './rule-result.ts';

function sameQuery(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** URLs as the editor and the file give them: each trimmed, empty ones dropped, repeats kept once. */
const UrlList = z
  .array(z.string(), { error: MESSAGES.rankingResultsRequired })
  .transform((urls) => [...new Set(urls.map((url) => url.trim()).filter((url) => url !== ''))]);

/**
 * The result ranking editor's fields: a query (trimmed, required), its pinned URLs in order and
 * its hidden URLs (each list trimmed, empty ones dropped, repeats kept once). At least one URL,
 * pinned or hidden; a URL cannot be both. `hidden` is left out when empty, as entries made before
 * it have it.
 */
export const ResultRankingEntryForm = z
  .object({
    query: z.string({ error: MESSAGES.rankingQueryRequired }).trim().min(1, MESSAGES.rankingQueryRequired),
    results: UrlList,
    hidden: UrlList.optional(),
  })
  .superRefine(({ results, hidden = [] }, context) => {
    if (results.length === 0 && hidden.length === 0)
      context.addIssue({ code: 'custom', path: ['results'], message: MESSAGES.rankingResultsRequired });
    const both = hidden.find((url) => results.includes(url));
    if (both !== undefined)
      context.addIssue({ code: 'custom', path: ['hidden'], message: rankingPinnedAndHiddenMessage(both) });
  })
  .transform(
    ({ query, results, hidden = [] }): ResultRankingEntry =>
      hidden.length > 0 ? { query, results, hidden } : { query, results },
  );

/** What the result ranking editor submits (any field may still be missing). */
export interface ResultRankingEntryInput {
  query?: unknown;
  results?: unknown;
  hidden?: unknown;
}

/** Errors of the result ranking editor by field; empty when valid. */
export function validateResultRankingEntry(
  input: ResultRankingEntryInput,
): FieldErrors<'query' | 'results' | 'hidden'> {
  const result = ResultRankingEntryForm.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

function parseEntry(input: ResultRankingEntryInput): RuleResult<ResultRankingEntry> {
  const result = ResultRankingEntryForm.safeParse(input);
  return result.success
    ? ok(result.data)
    : fail(result.error.issues[0]?.message ?? MESSAGES.rankingQueryRequired);
}

/**
 * Saves an entry from the editor. In add mode (no `originalQuery`) an entry whose query exists
 * (case-insensitively) gets the new URLs rather than a second competing entry, as tabs do. In edit
 * mode the entry of `originalQuery` is replaced, and may be renamed, but not onto another entry.
 */
export function saveResultRankingEntry(
  entries: readonly ResultRankingEntry[],
  input: ResultRankingEntryInput,
  originalQuery?: string,
): RuleResult<ResultRankingEntry[]> {
  const parsed = parseEntry(input);
  if (!parsed.ok) return parsed;
  const entry = parsed.value;
  const at =
    originalQuery === undefined
      ? entries.findIndex((existing) => sameQuery(existing.query, entry.query))
      : entries.findIndex((existing) => sameQuery(existing.query, originalQuery));
  if (originalQuery !== undefined) {
    if (at < 0) return fail(MESSAGES.rankingEntryNotFound);
    if (entries.some((existing, index) => index !== at && sameQuery(existing.query, entry.query))) {
      return fail(MESSAGES.rankingQueryTaken);
    }
  }
  if (at < 0) return ok([...entries, entry]);
  return ok(entries.map((existing, index) => (index === at ? entry : existing)));
}

/** Removes the entry of this query (case-insensitively). */
export function deleteResultRankingEntry(
  entries: readonly ResultRankingEntry[],
  query: string,
): ResultRankingEntry[] {
  return entries.filter((entry) => !sameQuery(entry.query, query));
}
