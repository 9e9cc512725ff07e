import type { CrawlLimitReached } from '../domain/crawl-report.ts';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The crawl report's sentence for a limit the crawl reached, e.g. 'Not queued: too many variants of
 * https://example.com/q (the limit is 100 a path): 7,950 links.'
 */
export function crawlLimitSentence(reached: Omit<CrawlLimitReached, 'message'>): string {
  switch (reached.kind) {
    case 'urls':
      return `The crawl reached its limit of ${count(reached.limit)} known URLs: ${plural(reached.count, 'link', 'links')} found after that ${reached.count === 1 ? 'was' : 'were'} not queued.`;
    case 'pages':
      return `The crawl reached its limit of ${count(reached.limit)} fetched pages: ${plural(reached.count, 'URL was', 'URLs were')} not fetched. Start the crawl again to fetch them.`;
    case 'depth':
      return `Links more than ${count(reached.limit)} hops from a start URL were not followed (on ${plural(reached.count, 'page', 'pages')}).`;
    case 'queryVariants':
      return `Not queued: too many variants of ${reached.path ?? 'other paths'} (the limit is ${count(reached.limit)} a path): ${plural(reached.count, 'link', 'links')}.`;
  }
}

/** The reason of a URL a run left unfetched because it reached its page limit. */
export function pageLimitReason(limit: number): string {
  return `Not fetched: the crawl reached its limit of ${count(limit)} pages. Start the crawl again to fetch it.`;
}
