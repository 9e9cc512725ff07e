/**
 * The frontier's key of a URL: two URLs with one key are fetched once. The WHATWG parser already
 * lowercases scheme and host and drops a default port; query parameters are sorted (stable for
 * repeated names) and the fragment is dropped when the crawler removes hash fragments.
 */
export function crawlUrlKey(url: string, removeHashFragments: boolean): string {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  if (removeHashFragments) parsed.hash = '';
  return parsed.href;
}
