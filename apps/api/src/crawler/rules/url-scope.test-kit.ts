import { urlScope } from './url-scope.ts';

/** Whether the crawl of these sites with these URL filters may fetch the URL (see urlScope). */
export function urlAllowed(
  url: string,
  filters: readonly string[] | null,
  sites: readonly string[],
): boolean {
  return urlScope(sites, filters)(url);
}
