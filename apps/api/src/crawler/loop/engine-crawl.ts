import type { CrawlReportSitemap, CrawlReportSitemaps } from '@siteseer/core';
import { CRAWL_STATUS, PAGE_LOAD_DELAYS, pageLimitReason } from '@siteseer/core';
import {
  leaseCrawl,
  markSitemapsRead,
  releaseCrawl,
  sitemapsRead,
} from '../../repositories/crawler/crawl-leases.ts';
import { type Crawler, endRun, saveRunLimits } from '../../repositories/crawler/crawlers.ts';
import {
  countCheckedSince,
  countHttpErrors,
  countStatus,
  countWaiting,
  type LeasedUrl,
  leaveUnfetched,
  queueFound,
  recoverExpiredLeases,
  takeWork,
} from '../../repositories/crawler/frontier.ts';
import { vacuumOnPglite } from '../../store/pglite-maintenance.ts';
import { loadEngineCredentials } from '../credentials/index.ts';
import { type FinishedRun, finishCrawlRun } from '../frontier/publish.ts';
import { readSitemaps, sitemapOutcome, sitemapReport, sitemapUrls, urlScope } from '../rules/index.ts';
import { LimitTally } from './crawl-limits.ts';
import { type CrawlDeps, crawlUrl, type HostUse, type RunContext } from './crawl-url.ts';
import { HostGate } from './host-gate.ts';
import { RunWriter } from './run-writer.ts';

/** How the loop paces itself; the defaults suit production, tests shorten the lease. */
export interface LoopTiming {
  /** A crawl's lease (and its URLs'); renewed every third of it while the crawl is driven. */
  leaseMs: number;
  /** How long to wait before looking again when there is nothing to take. */
  idleMs: number;
  /** How often a process looks for ended crawls with URLs due again (the crawl frequency). */
  recrawlCheckMs: number;
  /** How long one page may take, redirects and body included, before it is a Timeout (6). */
  pageTimeoutMs: number;
}

/** URLs taken from the frontier ahead of their turn, per crawl. */
const BUFFER = 64;
/** URLs fetched and waiting for their record to be written, at most, before fetching waits too. */
const MAX_UNWRITTEN = 256;

/** A crawl (one engine's run) as one process drives it. */
interface Drive {
  crawler: Crawler;
  run: RunContext;
  /** What the run left out by reaching a crawl limit. */
  tally: LimitTally;
  abort: AbortController;
}

function pageLoadDelayMs(crawler: Crawler): number {
  return PAGE_LOAD_DELAYS.find((delay) => delay.value === crawler.pageLoadDelay)?.ms ?? 0;
}

/**
 * Drives one engine's crawl in this process while it holds the crawl's lease: reads the sitemaps
 * once per run, takes URLs from the frontier, fetches each when its host's turn comes, and ends the
 * run when no URL is left waiting. Stops when the crawl is stopped, restarted (another run) or
 * taken by another process, or when `signal` aborts (the process is closing); fetches in flight
 * are then aborted unrecorded, their URLs taken again when their lease runs out (or resumed, if
 * the crawl was stopped: they are Interrupted).
 */
export async function driveCrawl(
  deps: CrawlDeps,
  owner: string,
  leased: Crawler,
  timing: LoopTiming,
  signal: AbortSignal,
  /** Receives the drive's "look at the crawl now" (it was stopped, restarted or given new settings). */
  control: { recheck?: () => void },
): Promise<void> {
  const { accountId, engineId, runId } = leased;
  const abort = new AbortController();
  const onClose = () => abort.abort(signal.reason);
  signal.addEventListener('abort', onClose, { once: true });
  const tally = new LimitTally(deps.limits, leased.runLimits);
  const credentials = await loadEngineCredentials(deps.store, deps.secrets, accountId, engineId);
  const drive: Drive = {
    crawler: leased,
    abort,
    tally,
    run: {
      crawler: leased,
      owner,
      leaseMs: timing.leaseMs,
      pageTimeoutMs: timing.pageTimeoutMs,
      scope: urlScope(leased.urls, leased.urlFilters),
      credentials,
      writer: new RunWriter(deps.store, { accountId, engineId, runId, owner }, tally),
      signal: abort.signal,
    },
  };
  // A crawl taken over from a process that died: its URLs are Pending fetch again.
  await recoverExpiredLeases(deps.store, accountId, engineId);
  control.recheck = () => void renew(deps, owner, drive, timing);
  const renewal = setInterval(control.recheck, timing.leaseMs / 3);
  try {
    if (!(await sitemapsRead(deps.store, leased, runId))) {
      const sitemaps = await queueSitemapPages(deps, drive.run, drive.tally);
      await markSitemapsRead(deps.store, leased, runId, sitemaps);
    }
    await crawlFrontier(deps, drive, timing);
  } finally {
    clearInterval(renewal);
    signal.removeEventListener('abort', onClose);
    await releaseCrawl(deps.store, leased, owner);
  }
}

/** Renews the crawl's lease; aborts the drive when the crawl is no longer this process's run. */
async function renew(deps: CrawlDeps, owner: string, drive: Drive, timing: LoopTiming): Promise<void> {
  if (drive.abort.signal.aborted) return;
  try {
    const crawler = await leaseCrawl(deps.store, drive.crawler, owner, timing.leaseMs);
    if (!crawler || crawler.runId !== drive.crawler.runId) {
      drive.abort.abort(new Error('The crawl was stopped, restarted or taken over.'));
      return;
    }
    // Settings saved while the crawl runs (filters, delay, targets) apply from now on.
    drive.crawler = crawler;
    drive.run.crawler = crawler;
    drive.run.scope = urlScope(crawler.urls, crawler.urlFilters);
    drive.run.credentials = await loadEngineCredentials(
      deps.store,
      deps.secrets,
      crawler.accountId,
      crawler.engineId,
    );
  } catch (error) {
    // The store failed once (a restart of PostgreSQL...): the next renewal tries again; if the
    // lease runs out meanwhile, another process takes the crawl over, as after a crash.
    console.error('Crawl lease renewal failed:', error);
  }
}

/**
 * Queues the pages the start sites' sitemaps list (robots.txt `Sitemap:` lines, /sitemap.xml) that
 * are in the crawl's scope, within the crawl limits; answers what came of each sitemap, for the
 * crawl report.
 */
async function queueSitemapPages(
  deps: CrawlDeps,
  run: RunContext,
  tally: LimitTally,
): Promise<CrawlReportSitemaps> {
  const { crawler } = run;
  const files: CrawlReportSitemap[] = [];
  for (const site of crawler.urls) {
    const origin = new URL(site).origin;
    // The site's sitemaps are asked for signed in, as its pages are (its origin's only).
    const auth = run.credentials.forSite(site);
    const fetch = (url: URL) =>
      deps.fetcher.fetchBytes(url, {
        userAgent: deps.userAgent,
        signal: run.signal,
        ...(auth && !('error' in auth) ? { auth } : {}),
      });
    const robots = await deps.robots.get(origin);
    const discovery = await readSitemaps(sitemapUrls(origin, robots), fetch);
    const outcome = sitemapOutcome(discovery, {
      sites: crawler.urls,
      scope: run.scope,
      removeHashFragments: crawler.removeHashFragments,
      ignoreParameters: crawler.ignoreParameters,
    });
    files.push(...outcome.files);
    const urls = outcome.pages.map((page) => ({ ...page, site, depth: 1, discoveredFrom: null }));
    // Within the crawl limits: a sitemap may list millions of URLs.
    tally.queued(await queueFound(deps.store, crawler.accountId, crawler.engineId, urls, deps.limits));
  }
  const reached = tally.changes();
  if (reached) await saveRunLimits(deps.store, crawler, reached);
  return sitemapReport(files);
}

/** The loop of one crawl: take, wait for each host's turn, fetch, until nothing is left waiting. */
async function crawlFrontier(deps: CrawlDeps, drive: Drive, timing: LoopTiming): Promise<void> {
  const { accountId, engineId } = drive.crawler;
  const gate = new HostGate();
  // Fetches at once adapt to the event loop's delay: it answers searches too (issue 34).
  const { governor } = deps;
  const buffer: LeasedUrl[] = [];
  const inFlight = new Set<Promise<void>>();
  // Set when the frontier had nothing to take; cleared when a URL ends (it may have queued links).
  let drained = false;
  let wake = () => {};
  const signal = drive.abort.signal;
  signal.addEventListener('abort', () => wake(), { once: true });
  // URLs fetched in this run (a crawl taken over counts what the run fetched before).
  let started = await countCheckedSince(deps.store, accountId, engineId, drive.crawler.runStartedAt);
  const atPageLimit = () => started >= deps.limits.maxPages;

  // Taking runs beside the loop: while the store is busy, the URLs in the buffer go on being fetched.
  let taking: Promise<void> | undefined;
  const take = () =>
    takeWork(deps.store, {
      accountId,
      engineId,
      owner: drive.run.owner,
      leaseMs: timing.leaseMs,
      limit: BUFFER - buffer.length,
    })
      .then((taken) => {
        buffer.push(...taken);
        for (const url of taken) drive.run.writer.know(url.urlKey);
        drained = taken.length === 0;
      })
      // The store failed once: the next turn takes again (a lasting failure ends the lease).
      .catch((error: unknown) => console.error('Taking URLs to crawl failed:', error))
      .finally(() => {
        taking = undefined;
        wake();
      });

  while (!signal.aborted) {
    if (!atPageLimit() && !drained && !taking && buffer.length < BUFFER / 2) taking = take();
    const now = deps.now().getTime();
    let nextTurnMs = timing.idleMs;
    for (
      let i = 0;
      i < buffer.length &&
      inFlight.size < MAX_UNWRITTEN &&
      !atPageLimit() &&
      governor.mayStart(performance.now());
    ) {
      const url = buffer[i] as LeasedUrl;
      const host = new URL(url.url).host;
      // A URL outside the crawl is recorded without a request: its host's robots.txt is not read.
      const robots = drive.run.scope(url.url) ? await deps.robots.get(url.url) : undefined;
      const delayMs = Math.max(pageLoadDelayMs(drive.crawler), robots?.crawlDelayMs ?? 0);
      const waitMs = gate.waitFor(host, delayMs, now);
      if (waitMs > 0) {
        nextTurnMs = Math.min(nextTurnMs, waitMs);
        i += 1;
        continue;
      }
      buffer.splice(i, 1);
      started += 1;
      gate.begin(host);
      governor.begin();
      let ended = false;
      const fetched = (use: HostUse) => {
        ended = true;
        governor.end();
        gate.end(host, deps.now().getTime(), use.requested ? delayMs : 0, use.pauseMs);
        wake();
      };
      const task = crawlUrl(deps, drive.run, url, fetched).catch((error: unknown) => {
        if (!ended) fetched({ requested: true, pauseMs: 0 });
        // Aborted: the crawl stopped or the process closes; the URL's lease brings it back.
        if (!signal.aborted) console.error(`Crawling ${url.url} failed:`, error);
      });
      const tracked: Promise<void> = task.finally(() => {
        inFlight.delete(tracked);
        drained = false;
      });
      inFlight.add(tracked);
    }
    if (atPageLimit() && inFlight.size === 0 && !taking) {
      await endAtPageLimit(deps, drive);
      return;
    }
    if (buffer.length === 0 && inFlight.size === 0 && drained && !taking) {
      if ((await countWaiting(deps.store, accountId, engineId)) === 0) {
        await endCrawl(deps, drive.crawler);
        return;
      }
      // URLs deferred by a 429/503 or leased elsewhere: look again later.
      drained = false;
    }
    // Until a URL is written, URLs are taken, a host is free again, the next host's turn comes, or
    // the crawl is stopped.
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const timer = setTimeout(wake, nextTurnMs);
    await Promise.race([...inFlight, woken]);
    clearTimeout(timer);
  }
  // Stopped: records not written yet are dropped (their URLs wait again), and the fetches in flight
  // see the abort and settle before the lease is released.
  drive.run.writer.discard();
  await Promise.allSettled([...inFlight, taking]);
}

/**
 * The run fetched as many URLs as the page limit allows: the URLs still waiting (taken ahead of
 * their turn too) are left Interrupted with a reason, the report says so, and the run ends as if
 * nothing was left, published with what it fetched.
 */
async function endAtPageLimit(deps: CrawlDeps, drive: Drive): Promise<void> {
  const { accountId, engineId } = drive.crawler;
  const left = await leaveUnfetched(deps.store, accountId, engineId, pageLimitReason(deps.limits.maxPages));
  if (left > 0) drive.tally.unfetched(left);
  const reached = drive.tally.changes();
  if (reached) await saveRunLimits(deps.store, drive.crawler, reached);
  await endCrawl(deps, drive.crawler);
}

/**
 * The run is over: finished and published (unless the 10 % guard holds it) when any URL was fetched
 * well, else failed, with nothing to publish.
 */
async function endCrawl(deps: CrawlDeps, crawler: Crawler): Promise<void> {
  const { accountId, engineId, runId } = crawler;
  const succeeded = await countStatus(deps.store, accountId, engineId, CRAWL_STATUS.SUCCESS);
  const finished =
    succeeded > 0
      ? await finishCrawlRun(deps.store, deps.changes, accountId, engineId, runId)
      : (await endRun(deps.store, accountId, engineId, runId, 'failed'))
        ? { published: false, failed: true, pages: 0, previousPages: 0 }
        : null;
  if (finished) await tellCrawlEnded(deps, crawler, finished);
  // A run updates each of its URLs a few times (taken, fetched, scheduled): on PGlite those row
  // versions stay until vacuumed, and every recrawl would add as many again.
  await vacuumOnPglite(deps.store, CRAWL_TABLES).catch((error: unknown) =>
    console.error('Vacuuming the crawl tables after a run failed:', error),
  );
}

/** Tells the run's listener how it ended; its failure is logged, the crawl has ended all the same. */
async function tellCrawlEnded(
  deps: CrawlDeps,
  crawler: Crawler,
  finished: FinishedRun & { failed?: boolean },
): Promise<void> {
  if (!deps.crawlEnded) return;
  const { accountId, engineId, runId } = crawler;
  try {
    await deps.crawlEnded({
      accountId,
      engineId,
      runId,
      outcome: finished.failed ? 'failed' : finished.published ? 'published' : 'held',
      pages: finished.pages,
      previousPages: finished.previousPages,
      ...(await countHttpErrors(deps.store, accountId, engineId)),
    });
  } catch (error) {
    console.error(`Telling how crawl run ${runId} of engine ${engineId} ended failed:`, error);
  }
}

/** The tables a crawl run updates rows of. */
const CRAWL_TABLES = ['crawl_urls', 'crawl_pages', 'crawlers'];
