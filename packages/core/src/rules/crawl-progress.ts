import { CRAWL_STATUS, CRAWL_STATUS_LABELS, crawlStatusLabel } from '../constants.ts';
import type { CrawlReportResponse, CrawlState } from '../domain/crawl-report.ts';

/** Statuses of URLs still waiting to be fetched (Created, Pending Fetch). */
export const WAITING_CRAWL_STATUSES: readonly number[] = [CRAWL_STATUS.CREATED, CRAWL_STATUS.PENDING_FETCH];

/** Not fetched either: those a stop interrupted (a stopped crawl has fetched none of them). */
const NOT_FETCHED: readonly number[] = [...WAITING_CRAWL_STATUSES, CRAWL_STATUS.INTERRUPTED];

/** Where a crawl is; an older server's report answer has only `finalized`. */
export function crawlStateOf(report: Pick<CrawlReportResponse, 'state' | 'finalized'>): CrawlState {
  return report.state ?? (report.finalized ? 'finished' : 'crawling');
}

/** One status of the report's counts: its code, display text and number of URLs. */
export interface CrawlStatusCount {
  code: number;
  label: string;
  count: number;
}

/**
 * The statuses that have URLs, in code order (an object keyed by label would put '404' first);
 * codes the spec does not list come last, labelled 'Unknown'.
 */
export function crawlStatusCounts(counts: CrawlReportResponse['counts']): CrawlStatusCount[] {
  const known = Object.keys(CRAWL_STATUS_LABELS).map(Number);
  const others = Object.keys(counts)
    .map(Number)
    .filter((code) => Number.isInteger(code) && !known.includes(code))
    .sort((a, b) => a - b);
  return [...known, ...others]
    .map((code) => ({ code, label: crawlStatusLabel(code), count: counts[String(code)] ?? 0 }))
    .filter((entry) => entry.count > 0);
}

/** How far a crawl got: every URL it knows, and those fetched (neither waiting nor Interrupted). */
export interface CrawlFetchProgress {
  known: number;
  fetched: number;
}

/** The progress of a crawl from the report's counts by status. */
export function crawlFetchProgress(counts: CrawlReportResponse['counts']): CrawlFetchProgress {
  let known = 0;
  let fetched = 0;
  for (const [code, count] of Object.entries(counts)) {
    known += count;
    if (!NOT_FETCHED.includes(Number(code))) fetched += count;
  }
  return { known, fetched };
}
