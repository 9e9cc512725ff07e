/**
 * Text PostgreSQL refuses, and what is stored instead. A `text` value refuses U+0000 (SQLSTATE
 * 22021), and `json` / `jsonb` refuse the `\u0000` escape and an escape of half a surrogate pair
 * (22P05, 22P02), which JSON.stringify writes for a string holding one. (In a `text` value the
 * drivers encode such a half as U+FFFD without a word.) Text from outside (crawled pages, what
 * visitors search and click) may hold either, and one refused value fails the whole statement: a
 * NUL in one page stopped its crawl for good (issue 34), one in a search lost its batch of
 * searches. Each is stored as U+FFFD, the character Unicode keeps for one that could not be
 * read, as browsers show a NUL of a page's title: the text around it stays as it was, and two
 * values that differed only by it stay apart.
 *
 * Applied where text from outside meets the store: the crawler's repository functions (every
 * writer of a crawl goes through them, and the rule is the store's, not extraction's), and the
 * search recorder where it bounds what it stores (search-events/events.ts).
 */
const REPLACEMENT_CHARACTER = '\uFFFD';

/** Whether PostgreSQL stores the text as it is (see storableText). */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/** The text with each NUL and each half of a surrogate pair made U+FFFD; the text itself when none. */
export function storableText(text: string): string {
  if (isStorableText(text)) return text;
  return text.toWellFormed().replaceAll('\0', REPLACEMENT_CHARACTER);
}

/** storableText of a text that may be null. */
export function storableOrNull(text: string | null | undefined): string | null {
  return text == null ? null : storableText(text);
}
