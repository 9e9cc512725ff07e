import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Changes } from '../../changes/changes.ts';
import { systemClock } from '../../clock.ts';
import { dropAllLeases, leaseCrawl } from '../../repositories/crawler/crawl-leases.ts';
import { listRunningCrawls } from '../../repositories/crawler/crawlers.ts';
import { listDueCrawls, startRecrawl } from '../../repositories/crawler/recrawls.ts';
import type { SecretBox } from '../../secrets/index.ts';
import type { Store } from '../../store/types.ts';
import { ExtractPool } from '../extract/index.ts';
import { type AllowEntry, createAddressPolicy, createPageFetcher, FETCH_DEFAULTS } from '../fetch/index.ts';
import { type ChromiumFound, RenderPool } from '../render/index.ts';
import { RobotsCache } from '../rules/index.ts';
import type { CrawlEndSink } from './crawl-ended.ts';
import type { CrawlLimits } from './crawl-limits.ts';
import type { CrawlDeps } from './crawl-url.ts';
import { driveCrawl, type LoopTiming } from './engine-crawl.ts';
import { crawlGovernor, type LoopGovernor } from './loop-governor.ts';

/** Crawls one process drives at once; more running crawls wait for a free one (or another process). */
const MAX_CRAWLS_PER_PROCESS = 8;
const LOOP_TIMING: LoopTiming = {
  leaseMs: 15_000,
  idleMs: 500,
  recrawlCheckMs: 30_000,
  pageTimeoutMs: FETCH_DEFAULTS.totalTimeoutMs,
};

export interface CrawlWorkerOptions {
  store: Store;
  /** The process's changes: crawls started or stopped are heard there, crawls published announced. */
  changes: Changes;
  /** Hosts, addresses or CIDRs the crawler may reach although private (SITESEER_CRAWL_ALLOW_PRIVATE). */
  allowPrivate: readonly AllowEntry[];
  /** The product's public URL: the User-Agent points at its /bot page. */
  publicUrl: string;
  /** Opens the engines' site sign-ins (sealed with the API's key). */
  secrets: SecretBox;
  /** How far one crawl may go (the configuration's crawl limits). */
  limits: CrawlLimits;
  /** Hears how each crawl run ended (the engine alerts). */
  crawlEnded?: CrawlEndSink;
  /**
   * The Chromium pages are rendered with, the pages rendered at once and the render timeout;
   * absent (tests of the loop alone), pages are read as they come.
   */
  rendering?: { chromium: ChromiumFound; pages: number; timeoutMs: number };
  /**
   * The store is this process's alone (PGlite behind the data-directory lock): leases found at
   * start belong to a process that died and are dropped at once instead of running out.
   */
  exclusiveStore: boolean;
  timing?: Partial<LoopTiming>;
  /** How many URLs may be fetched at once (tests); by default the process's (see LoopGovernor). */
  governor?: LoopGovernor;
}

/** The User-Agent of every request of the crawler: our robots.txt token and where to read about it. */
export function crawlerUserAgent(publicUrl: string): string {
  return `SiteseerBot/1.0 (+${publicUrl}/bot)`;
}

/**
 * The crawl loop of one process (the API's, or a crawl worker's): looks for running crawls, takes
 * the lease of those no live process drives, and drives each (see driveCrawl). Several processes
 * on one database share the crawls; a crawl another process drives is left to it.
 */
export class CrawlWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #options: CrawlWorkerOptions;
  readonly #timing: LoopTiming;
  readonly #deps: CrawlDeps;
  readonly #close = new AbortController();
  readonly #driving = new Map<string, { done: Promise<void>; control: { recheck?: () => void } }>();
  #unsubscribe: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #nextRecrawlCheck = 0;

  constructor(options: CrawlWorkerOptions) {
    this.#options = options;
    this.#timing = { ...LOOP_TIMING, ...options.timing };
    const fetcher = createPageFetcher(createAddressPolicy([...options.allowPrivate]));
    const userAgent = crawlerUserAgent(options.publicUrl);
    this.#deps = {
      store: options.store,
      changes: options.changes,
      fetcher,
      extractor: new ExtractPool(),
      robots: new RobotsCache({ fetch: (url) => fetcher.fetchBytes(url, { userAgent }) }),
      userAgent,
      secrets: options.secrets,
      limits: options.limits,
      now: () => systemClock.now(),
      governor: options.governor ?? crawlGovernor(),
      renderer: options.rendering?.chromium.available
        ? new RenderPool({
            executablePath: options.rendering.chromium.path,
            pages: options.rendering.pages,
            timeoutMs: options.rendering.timeoutMs,
            fetcher,
          })
        : undefined,
      crawlEnded: options.crawlEnded,
    };
  }

  /** Starts looking for crawls. */
  async start(): Promise<void> {
    if (this.#options.exclusiveStore) await dropAllLeases(this.#options.store);
    this.#unsubscribe = this.#options.changes.on('crawls', (crawl) => {
      // A crawl driven here is looked at now (stopped: its fetches end); a new one is taken sooner.
      for (const [key, drive] of this.#driving)
        if (crawl === undefined || crawl === key) drive.control.recheck?.();
      this.wake();
    });
    this.#loop = this.#run();
  }

  /** Looks for crawls now rather than at the next turn (a crawl was just started). */
  wake(): void {
    this.#wake?.();
  }

  /** Stops driving crawls (their URLs in flight come back when their leases end) and waits. */
  async close(): Promise<void> {
    this.#close.abort(new Error('The crawl worker is closing.'));
    this.wake();
    await this.#loop;
    this.#unsubscribe?.();
    await Promise.allSettled([...this.#driving.values()].map((drive) => drive.done));
    await this.#deps.renderer?.close();
    await this.#deps.fetcher.close();
    await this.#deps.extractor.close();
  }

  async #run(): Promise<void> {
    const signal = this.#close.signal;
    while (!signal.aborted) {
      try {
        await this.#takeCrawls();
      } catch (error) {
        // The store may be restarting: look again at the next turn.
        console.error('Looking for crawls failed:', error);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#timing.idleMs * 2);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async #takeCrawls(): Promise<void> {
    if (Date.now() >= this.#nextRecrawlCheck) {
      this.#nextRecrawlCheck = Date.now() + this.#timing.recrawlCheckMs;
      for (const crawl of await listDueCrawls(this.#options.store)) {
        await startRecrawl(this.#options.store, crawl);
      }
    }
    for (const crawl of await listRunningCrawls(this.#options.store)) {
      if (this.#driving.size >= MAX_CRAWLS_PER_PROCESS || this.#close.signal.aborted) return;
      const key = `${crawl.accountId}/${crawl.engineId}`;
      if (this.#driving.has(key)) continue;
      const crawler = await leaseCrawl(this.#options.store, crawl, this.owner, this.#timing.leaseMs);
      if (!crawler) continue;
      const control: { recheck?: () => void } = {};
      const done = driveCrawl(this.#deps, this.owner, crawler, this.#timing, this.#close.signal, control)
        .catch((error: unknown) => console.error(`The crawl of engine ${crawl.engineId} failed:`, error))
        .finally(() => {
          this.#driving.delete(key);
          // The crawl may have ended with another run already queued (a re-crawl, a new site).
          this.wake();
        });
      this.#driving.set(key, { done, control });
    }
  }
}
