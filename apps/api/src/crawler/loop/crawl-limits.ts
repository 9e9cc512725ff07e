import type { RunLimits } from '../../repositories/crawler/crawlers.ts';
import type { FrontierLimits, QueueResult } from '../../repositories/crawler/frontier.ts';

/**
 * How far one crawl may go (ADR 0036): each a setting of the configuration, each reported in the
 * crawl report when a crawl reaches it. They bound what a careless or hostile site (a calendar, a
 * link generator, session ids in URLs) can cost: the frontier's rows, the report's copy of them,
 * the time and the other engines' share of the crawl loop.
 */
export interface CrawlLimits extends FrontierLimits {
  /** URLs fetched in one run, at most: the rest wait for the owner to start the crawl again. */
  maxPages: number;
  /** Links of a page this many hops from a start URL are not followed. */
  maxDepth: number;
}

export const CRAWL_LIMIT_DEFAULTS: CrawlLimits = {
  maxUrls: 100_000,
  maxPages: 100_000,
  maxQueryVariants: 100,
  maxDepth: 50,
};

/** Paths a run names in its report as over the query-variant limit; the rest are counted together. */
const NAMED_PATHS = 20;

/**
 * What one run has left out so far, added to as batches are written: the process driving the crawl
 * is the only writer, and it starts from what the run stored (a crawl taken over goes on counting).
 */
export class LimitTally {
  readonly limits: CrawlLimits;
  #reached: RunLimits;
  #changed = false;

  constructor(limits: CrawlLimits, stored: RunLimits) {
    this.limits = limits;
    this.#reached = structuredClone(stored);
  }

  /** Links a batch could not queue. */
  queued(result: Pick<QueueResult, 'overUrls' | 'overVariants'>): void {
    if (result.overUrls > 0) {
      this.#reached.urls = {
        limit: this.limits.maxUrls,
        count: (this.#reached.urls?.count ?? 0) + result.overUrls,
      };
      this.#changed = true;
    }
    for (const [path, count] of Object.entries(result.overVariants)) {
      const variants = this.#reached.queryVariants ?? { limit: this.limits.maxQueryVariants, paths: {} };
      this.#reached.queryVariants = variants;
      variants.limit = this.limits.maxQueryVariants;
      if (path in variants.paths || Object.keys(variants.paths).length < NAMED_PATHS) {
        variants.paths[path] = (variants.paths[path] ?? 0) + count;
      } else {
        variants.otherPaths = (variants.otherPaths ?? 0) + count;
      }
      this.#changed = true;
    }
  }

  /** Pages whose links were not followed: they are `maxDepth` hops from a start URL. */
  tooDeep(pages: number): void {
    if (pages === 0) return;
    this.#reached.depth = { limit: this.limits.maxDepth, count: (this.#reached.depth?.count ?? 0) + pages };
    this.#changed = true;
  }

  /** URLs left unfetched: the run fetched `maxPages`. */
  unfetched(urls: number): void {
    this.#reached.pages = { limit: this.limits.maxPages, count: (this.#reached.pages?.count ?? 0) + urls };
    this.#changed = true;
  }

  /** What to store when something changed since the last call, else undefined. */
  changes(): RunLimits | undefined {
    if (!this.#changed) return undefined;
    this.#changed = false;
    return structuredClone(this.#reached);
  }
}
