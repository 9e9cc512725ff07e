import {
  type CrawlReportResponse,
  type CrawlState,
  crawlFetchProgress,
  crawlStateOf,
  crawlStatusLabel,
  WAITING_CRAWL_STATUSES,
} from '@siteseer/core';
import { safeText } from '../../output/safe-text.ts';
import { barText } from '../../views/progress-bar.ts';
import { countsByLabel, nonZeroCounts } from './report.ts';

/** A crawl as one poll of its report saw it. */
export interface CrawlProgress {
  /** When the answer arrived (ms). */
  at: number;
  state: CrawlState;
  /** Every URL of the crawl. */
  known: number;
  /** URLs fetched: neither waiting (Created, Pending Fetch) nor Interrupted. */
  fetched: number;
  /** URLs per status code, as the report counts them. */
  counts: Record<string, number>;
  /** URLs fetched a second since the previous poll (0 when none); null on the first poll. */
  pagesPerSecond: number | null;
  /** The URLs checked last, newest first, with their status label. */
  recent: { url: string; status: string }[];
}

/** The progress a report shows, with the rate since `previous` (a poll `at` ms). */
export function crawlProgress(
  report: CrawlReportResponse,
  at: number,
  previous: Pick<CrawlProgress, 'at' | 'fetched'> | undefined,
): CrawlProgress {
  const { known, fetched } = crawlFetchProgress(report.counts);
  const seconds = previous ? (at - previous.at) / 1000 : 0;
  return {
    at,
    state: crawlStateOf(report),
    known,
    fetched,
    counts: report.counts,
    // A restarted crawl queues fetched URLs again: fetched can fall, a rate cannot.
    pagesPerSecond: previous && seconds > 0 ? Math.max(0, fetched - previous.fetched) / seconds : null,
    recent: report.hits.hits
      .filter((hit) => hit.last_check !== null)
      .map((hit) => ({ url: safeText(hit.url), status: crawlStatusLabel(hit.status) })),
  };
}

/** What a plain or JSON watch prints a line for: the state or a count moved (not the rate alone). */
export function changeKey(progress: CrawlProgress): string {
  return JSON.stringify([progress.state, nonZeroCounts(progress.counts)]);
}

const rateText = (rate: number) => `${rate.toFixed(1)} pages/s`;

/**
 * The line a watch without a terminal prints:
 * `crawling  412/1030 fetched  Success 380 · 404 12 · Redirected 20  38.2 pages/s`
 * (the waiting URLs are the rest of the known ones, so their counts are left out;
 * a stopped crawl's line ends with its Interrupted ones).
 */
export function progressLine(progress: CrawlProgress): string {
  const done = nonZeroCounts(
    Object.fromEntries(
      Object.entries(progress.counts).filter(([code]) => !WAITING_CRAWL_STATUSES.includes(Number(code))),
    ),
  );
  return [
    `${progress.state.padEnd(8)}  ${progress.fetched}/${progress.known} fetched`,
    done.map(([label, count]) => `${label} ${count}`).join(' · '),
    progress.pagesPerSecond === null ? '' : rateText(progress.pagesPerSecond),
  ]
    .filter((part) => part !== '')
    .join('  ');
}

/** The `--json` record of a poll (one JSON object a line): counts by every status label. */
export function progressRecord(progress: CrawlProgress) {
  return {
    state: progress.state,
    known: progress.known,
    fetched: progress.fetched,
    pagesPerSecond: progress.pagesPerSecond,
    counts: countsByLabel(progress.counts),
  };
}

/** The live view's text, part by part (the Ink screen styles them). */
export interface WatchFrame {
  title: string;
  bar: string;
  counts: string;
  recent: { status: string; url: string }[];
}

export function watchFrame(name: string, progress: CrawlProgress): WatchFrame {
  const rate = progress.pagesPerSecond === null ? '' : ` · ${rateText(progress.pagesPerSecond)}`;
  const width = Math.max(0, ...progress.recent.map((hit) => hit.status.length));
  return {
    title: `${name} · ${progress.state}${rate}`,
    bar: `${barText(progress.fetched, progress.known)}  ${progress.fetched} / ${progress.known} URLs fetched`,
    counts: nonZeroCounts(progress.counts)
      .map(([label, count]) => `${label} ${count}`)
      .join(' · '),
    recent: progress.recent.map((hit) => ({ status: hit.status.padEnd(width), url: hit.url })),
  };
}
