/** Collapses every run of whitespace (NBSP included: `&nbsp;` is a space to a reader) and trims. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text cut to at most `max` characters: at the last space of the final 100 characters when there
 * is one (no half word), never inside a surrogate pair.
 */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const space = text.lastIndexOf(' ', max);
  if (space > max - 100 && space > 0) end = space;
  else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return { text: text.slice(0, end).trimEnd(), truncated: true };
}
