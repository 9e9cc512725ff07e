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

/** How fast a crawl fetches and, when that says enough, how long its waiting URLs will take. */
export interface CrawlPace {
  pagesPerSecond: number;
  /** Undefined until enough URLs were fetched over long enough to estimate. */
  secondsLeft: number | undefined;
}

/** Below these, a rate is noise (the first pages of a crawl come fast, then the delay bites). */
const PACE_MIN_CHECKED = 5;
const PACE_MIN_SECONDS = 2;

/**
 * A running crawl's pace from the report's stored times: URLs fetched since the run started over
 * the time to the last of them (not to now, so a pause between report reads changes nothing), and
 * the URLs still waiting at that rate. Undefined before a fetch, or when the run is not timed.
 */
export function crawlPace(report: Pick<CrawlReportResponse, 'run' | 'counts'>): CrawlPace | undefined {
  const run = report.run;
  if (!run?.lastCheckAt || run.checked === 0) return undefined;
  const seconds = (Date.parse(run.lastCheckAt) - Date.parse(run.startedAt)) / 1000;
  if (!(seconds > 0)) return undefined;
  const pagesPerSecond = run.checked / seconds;
  const { known, fetched } = crawlFetchProgress(report.counts);
  const enough = run.checked >= PACE_MIN_CHECKED && seconds >= PACE_MIN_SECONDS;
  return {
    pagesPerSecond,
    secondsLeft: enough ? Math.ceil((known - fetched) / pagesPerSecond) : undefined,
  };
}

/** A duration as a person says it: '45 s', '3 min', '1 h 20 min'. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
