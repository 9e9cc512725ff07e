// One wording for the URLs the crawl fetched but left out of search, written by the crawl loop and
// counted by the report: the status stays the spec's code (Success, or Fetch Failed for a body
// too large), the reason says why search does not have the page.

const PREFIX = 'Not indexed: ';

/** The reason of a URL fetched but not indexed: 'Not indexed: ' and why. */
export function notIndexedReason(why: string): string {
  return `${PREFIX}${why}`;
}

/** Whether a URL's reason says it was fetched but not indexed. */
export function isNotIndexed(reason: string | null | undefined): boolean {
  return reason?.startsWith(PREFIX) ?? false;
}
