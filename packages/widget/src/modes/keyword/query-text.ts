import { KEYWORD_QUERY_MAX } from './limits.ts';

/**
 * The search text the service takes: trimmed, and at most its 500 characters. A page's own input
 * has no maxlength, and the service refuses a longer query outright (400), which the visitor
 * would read as 'Search is unavailable right now.' A cut never splits a surrogate pair.
 */
export function queryText(raw: string): string {
  const text = raw.trim();
  if (text.length <= KEYWORD_QUERY_MAX) return text;
  const highSurrogateLast = /[\uD800-\uDBFF]/.test(text.charAt(KEYWORD_QUERY_MAX - 1));
  return text.slice(0, highSurrogateLast ? KEYWORD_QUERY_MAX - 1 : KEYWORD_QUERY_MAX).trimEnd();
}
