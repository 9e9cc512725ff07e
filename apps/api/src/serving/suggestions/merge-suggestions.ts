import {
  type KeywordSuggestion,
  type KeywordSuggestions,
  type PageSuggestion,
  POPULAR_SUGGESTIONS_MAX,
  SUGGESTIONS_MAX,
} from '@siteseer/core';

/**
 * Popular queries a suggestion list shows for `typed`: up to POPULAR_SUGGESTIONS_MAX while
 * something is typed, so pages keep room; a whole list of them for an empty box (the widget's
 * "popular searches on focus").
 */
export function popularQueryLimit(typed: string): number {
  return typed.trim() === '' ? SUGGESTIONS_MAX : POPULAR_SUGGESTIONS_MAX;
}

/** The answer of a suggestion call: popular queries first, then pages, SUGGESTIONS_MAX in all. */
export function mergeSuggestions(
  queries: readonly string[],
  pages: readonly PageSuggestion[],
): KeywordSuggestions {
  const suggestions: KeywordSuggestion[] = [
    ...queries.map((query): KeywordSuggestion => ({ kind: 'query', query })),
    ...pages,
  ];
  return { suggestions: suggestions.slice(0, SUGGESTIONS_MAX) };
}
