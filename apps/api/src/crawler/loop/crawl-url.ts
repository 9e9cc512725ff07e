import { createHash } from 'node:crypto';
import { CRAWL_STATUS, type DocumentType, type PageType } from '@siteseer/core';
import type { Changes } from '../../changes/changes.ts';
import type { Crawler } from '../../repositories/crawler/crawlers.ts';
import {
  type CrawlOutcome,
  deferWork,
  type LeasedUrl,
  type NewCrawlUrl,
  takeOrAddUrl,
} from '../../repositories/crawler/frontier.ts';
import type { SecretBox } from '../../secrets/index.ts';
import type { Store } from '../../store/types.ts';
import type { EngineCredentials } from '../credentials/index.ts';
import {
  documentTypeOf,
  documentTypeOffReason,
  type ExtractedPage,
  type ExtractPool,
  extractionSettings,
} from '../extract/index.ts';
import type { FetchOutcome, PageFetcher } from '../fetch/index.ts';
import { notIndexedReason } from '../not-indexed.ts';
import { CHROMIUM_MISSING, type PageRenderer } from '../render/index.ts';
import {
  canonicalIdentity,
  crawledUrl,
  normaliseUrl,
  type RobotsCache,
  type RobotsFile,
  resolveLink,
  type UrlScope,
} from '../rules/index.ts';
import type { CrawlEndSink } from './crawl-ended.ts';
import type { CrawlLimits } from './crawl-limits.ts';
import type { LoopGovernor } from './loop-governor.ts';
import type { RunWriter, UrlRecord } from './run-writer.ts';
import { nextCheckAt } from './schedule.ts';

/** Attempts of a URL answered 429 or 503 before it is recorded Failed. */
const MAX_ATTEMPTS = 3;
/** How long a host that answered 429 or 503 without Retry-After is left alone. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

type PageOutcome = Extract<FetchOutcome, { kind: 'page' }>;

/** What the crawl loop shares with every URL it crawls. */
export interface CrawlDeps {
  store: Store;
  /** Where a crawl published is announced (the searches of every process index it). */
  changes: Changes;
  fetcher: PageFetcher;
  /** Extracts pages off the event loop. */
  extractor: ExtractPool;
  robots: RobotsCache;
  userAgent: string;
  /** Opens the engines' site sign-ins. */
  secrets: SecretBox;
  /** How far one crawl may go. */
  limits: CrawlLimits;
  now: () => Date;
  /** How many URLs may be fetched at once, by the event loop's delay. */
  governor: LoopGovernor;
  /** Renders the pages of engines that render JavaScript; undefined when the server has no Chromium. */
  renderer: PageRenderer | undefined;
  /** Hears how each run ended (the engine's alerts); none when nobody listens. */
  crawlEnded?: CrawlEndSink | undefined;
}

/** The run a URL is crawled in, with its settings. */
export interface RunContext {
  crawler: Crawler;
  owner: string;
  /** How long a URL taken stays leased (the loop renews it while it works). */
  leaseMs: number;
  pageTimeoutMs: number;
  scope: UrlScope;
  /** The engine's site sign-ins, opened for the run (read again with the crawl's settings). */
  credentials: EngineCredentials;
  /** Writes the URLs' records in batches. */
  writer: RunWriter;
  signal: AbortSignal;
}

/** What the host saw of this URL, for the politeness gate. */
export interface HostUse {
  /** Whether a request reached the host (a URL robots.txt disallows costs none). */
  requested: boolean;
  /** A pause the host asked for (Retry-After). */
  pauseMs: number;
}

/**
 * Crawls one leased URL: robots.txt, the fetch, extraction, and the record of its outcome: the
 * page saved in the run (or dropped from it), links and redirect targets queued, the URL's status.
 * `fetched` is told what the host saw as soon as the answer is in, so the host's next request need
 * not wait for the record to be written; the promise resolves once it is.
 */
export async function crawlUrl(
  deps: CrawlDeps,
  run: RunContext,
  url: LeasedUrl,
  fetched: (use: HostUse) => void,
): Promise<void> {
  const crawl = new UrlCrawl(deps, run, url);
  // Scope first: the robots.txt of a host outside the crawl (the filters changed) is not asked for.
  const robots = run.scope(url.url) ? await deps.robots.get(url.url) : undefined;
  if (!robots?.isAllowed(url.url)) {
    fetched({ requested: false, pauseMs: 0 });
    const reason = robots ? robotsRefusal(robots) : 'Outside the URL filters of the crawl.';
    await crawl.record({ status: CRAWL_STATUS.FETCH_FAILED, reason });
    return;
  }
  // A site whose sign-in cannot be opened is not fetched signed out: its login page is no content.
  const auth = run.credentials.forSite(url.site);
  if (auth && 'error' in auth) {
    fetched({ requested: false, pauseMs: 0 });
    await crawl.record({ status: CRAWL_STATUS.FETCH_FAILED, reason: auth.error });
    return;
  }
  // Validators are kept only for URLs whose last fetch succeeded (see UrlCrawl.record), and sent
  // only under the extraction settings the page was read with: a 304 keeps that reading.
  const conditional = url.extraction === extractionKey(run.crawler);
  const outcome = await deps.fetcher.fetchPage(url.url, {
    userAgent: deps.userAgent,
    ...(conditional && url.etag ? { ifNoneMatch: url.etag } : {}),
    ...(conditional && url.lastModified ? { ifModifiedSince: url.lastModified } : {}),
    signal: run.signal,
    totalTimeoutMs: run.pageTimeoutMs,
    ...(auth ? { auth } : {}),
  });
  fetched({ requested: true, pauseMs: pauseOf(outcome) });
  await crawl.outcome(outcome);
}

/**
 * What extraction reads of a page, by version (2: the link share): part of the key, so a page read
 * by an earlier version is fetched in full once and read again, not kept by a 304.
 */
const EXTRACTION_VERSION = 2;

/**
 * A key of the extraction settings and version: equal keys, equal readings of a page (16 hex of a
 * SHA-256). The document types join it only when they are not the default (PDF), and rendering
 * only when it is on, so that the keys of engines that never changed them stay as they were; a
 * change of them reads every URL again in full, and a document no longer allowed (a page read
 * without its scripts) is not kept by a 304.
 */
function extractionKey(crawler: Crawler): string {
  const types = [...new Set(crawler.documentTypes)].sort();
  const parts: unknown[] = [EXTRACTION_VERSION, extractionSettings(crawler)];
  if (types.join() !== 'pdf') parts.push(types);
  if (crawler.renderJavaScript) parts.push('rendered');
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** How long a host that answered 429 or 503 asked to be left alone (ms); 0 for other answers. */
function pauseOf(outcome: FetchOutcome): number {
  if (outcome.kind !== 'http-error' || (outcome.status !== 429 && outcome.status !== 503)) return 0;
  return (outcome.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_MS / 1000) * 1000;
}

function robotsRefusal(robots: RobotsFile): string {
  return robots.state === 'unreachable'
    ? `robots.txt could not be read, so nothing may be fetched (${robots.reason})`
    : 'robots.txt disallows it.';
}

class UrlCrawl {
  readonly #deps: CrawlDeps;
  readonly #run: RunContext;
  readonly #url: LeasedUrl;

  constructor(deps: CrawlDeps, run: RunContext, url: LeasedUrl) {
    this.#deps = deps;
    this.#run = run;
    this.#url = url;
  }

  get #lease() {
    const { accountId, engineId } = this.#run.crawler;
    return { accountId, engineId, id: this.#url.id, owner: this.#run.owner };
  }

  /** Records the outcome of a fetch. */
  async outcome(outcome: FetchOutcome): Promise<void> {
    if (outcome.redirects.length > 0) {
      const inScope = this.#run.scope(outcome.url);
      if (inScope) await this.#redirectTarget(outcome);
      await this.record({
        status: CRAWL_STATUS.REDIRECTED,
        reason: `Redirects to ${outcome.url}${inScope ? '' : ', outside the crawl'}.`,
      });
      return;
    }
    switch (outcome.kind) {
      case 'page': {
        if (outcome.body.kind === 'html') {
          return this.#run.crawler.renderJavaScript
            ? this.rendered(outcome.body.text, outcome)
            : this.page(outcome.body.text, outcome);
        }
        const type = documentTypeOf(outcome.contentType, outcome.url, outcome.headers);
        if (type) return this.document(type, outcome.body.bytes, outcome);
        return this.record({
          status: CRAWL_STATUS.SUCCESS,
          reason: notIndexedReason(`${outcome.contentType?.split(';')[0] ?? 'no content type'} is not HTML.`),
        });
      }
      case 'not-modified':
        // The page carried into this run from the last one is still right.
        return this.record(
          {
            status: CRAWL_STATUS.SUCCESS,
            etag: outcome.etag ?? this.#url.etag,
            lastModified: outcome.lastModified ?? this.#url.lastModified,
            contentHash: this.#url.contentHash,
            canonicalUrl: this.#url.canonicalUrl,
          },
          { keepPage: true },
        );
      case 'not-found':
        return this.record({ status: CRAWL_STATUS.NOT_FOUND, reason: `HTTP ${outcome.status}` });
      case 'http-error': {
        const pauseMs = pauseOf(outcome);
        if (pauseMs > 0 && this.#url.attempts < MAX_ATTEMPTS) {
          await deferWork(this.#deps.store, this.#lease, pauseMs);
          return;
        }
        // A server error may pass: the page the run carried from the last crawl stays searchable.
        return this.record(
          { status: CRAWL_STATUS.FAILED, reason: `HTTP ${outcome.status}` },
          { keepPage: true },
        );
      }
      case 'timeout':
        return this.record({ status: CRAWL_STATUS.TIMEOUT, reason: outcome.reason }, { keepPage: true });
      case 'fetch-failed':
        return this.record(
          {
            status: CRAWL_STATUS.FETCH_FAILED,
            // Fetched, but more than the crawler reads: the spec's status, and said apart.
            reason: outcome.tooLarge ? notIndexedReason(`${outcome.reason}.`) : outcome.reason,
          },
          { keepPage: true },
        );
    }
  }

  /**
   * An HTML page of an engine that renders JavaScript: loaded in Chromium from the HTML fetched, and
   * its DOM once the scripts ran read as any page is, with what the page was refused said in the
   * report. A page that does not load in time is recorded Timeout (its last reading stays).
   */
  async rendered(html: string, outcome: PageOutcome): Promise<void> {
    const { renderer, userAgent } = this.#deps;
    // Chromium gone since the setting was saved (the server moved): the page is read as it came.
    if (!renderer) return this.page(html, outcome, [`It was read without rendering: ${CHROMIUM_MISSING}`]);
    // The page's own requests sign in to its site as its fetch did (crawlUrl checked the sign-in opens).
    const auth = this.#run.credentials.forSite(this.#url.site);
    const { accountId, engineId } = this.#run.crawler;
    const rendering = await renderer.render({
      url: outcome.url,
      session: `${accountId}/${engineId}`,
      html,
      userAgent,
      signal: this.#run.signal,
      ...(auth && !('error' in auth) ? { auth } : {}),
    });
    switch (rendering.kind) {
      case 'rendered':
        return this.page(rendering.html, outcome, rendering.notes);
      case 'timeout':
        return this.record(
          { status: CRAWL_STATUS.TIMEOUT, reason: [rendering.reason, ...rendering.notes].join(' ') },
          { keepPage: true },
        );
      case 'failed':
        return this.record(
          { status: CRAWL_STATUS.FAILED, reason: [rendering.reason, ...rendering.notes].join(' ') },
          { keepPage: true },
        );
    }
  }

  /**
   * An HTML page: its links queued, then saved under its identity unless noindex or a duplicate.
   * `notes` are sentences about its reading the report adds (what a rendered page was refused).
   */
  async page(html: string, outcome: PageOutcome, notes: readonly string[] = []): Promise<void> {
    const { crawler } = this.#run;
    let page: ExtractedPage;
    try {
      page = await this.#deps.extractor.extract(html, {
        url: outcome.url,
        ...extractionSettings(crawler),
        headers: outcome.headers,
      });
    } catch (error) {
      // Selectors are checked when the settings are saved; one that still fails names itself here.
      await this.record({ status: CRAWL_STATUS.FAILED, reason: (error as Error).message });
      return;
    }
    await this.#extracted(page, outcome, 'html', notes);
  }

  /**
   * A document (PDF, DOCX…): read off the event loop and saved as a page when the engine's document
   * types allow it; else, or when it is refused (too many pages, too long to read, a zip bomb, not
   * readable), recorded as fetched but not indexed with the reason.
   */
  async document(type: DocumentType, bytes: Buffer, outcome: PageOutcome): Promise<void> {
    if (!this.#run.crawler.documentTypes.includes(type)) {
      await this.record({
        status: CRAWL_STATUS.SUCCESS,
        reason: notIndexedReason(documentTypeOffReason(type)),
      });
      return;
    }
    const read = await this.#deps.extractor.readDocument({ bytes, type, headers: outcome.headers });
    if (read.kind === 'refused') {
      await this.record({ status: CRAWL_STATUS.SUCCESS, reason: notIndexedReason(read.reason) });
      return;
    }
    await this.#extracted(read.page, outcome, type);
  }

  /** An extracted page of `type` saved, with its links, canonical and robots directives applied. */
  async #extracted(
    page: ExtractedPage,
    outcome: PageOutcome,
    type: PageType,
    notes: readonly string[] = [],
  ): Promise<void> {
    const said = (reason?: string) => {
      const sentences = [...(reason ? [reason] : []), ...notes];
      return sentences.length > 0 ? { reason: sentences.join(' ') } : {};
    };
    const validators = {
      etag: outcome.etag,
      lastModified: outcome.lastModified,
      contentHash: page.contentHash,
    };
    const followed = page.robots.nofollow ? [] : page.links.filter((link) => !link.nofollow);
    // Links deeper than the limit are not followed (an endless calendar...): said in the report.
    const tooDeep = this.#url.depth >= this.#deps.limits.maxDepth && followed.length > 0;
    const linked = tooDeep ? [] : followed.map((link) => link.url);
    const canonical = this.#canonical(page.canonical);
    const links = [
      ...this.#found(linked, this.#url.depth + 1),
      ...(canonical ? this.#found([canonical.url], this.#url.depth) : []),
    ];
    if (page.robots.noindex) {
      await this.record(
        {
          status: CRAWL_STATUS.SUCCESS,
          ...said(notIndexedReason('the page asks not to be (noindex).')),
          ...validators,
        },
        { links, tooDeep },
      );
      return;
    }
    const identity = canonical ?? { url: this.#url.url, key: this.#url.urlKey };
    await this.record(
      {
        status: CRAWL_STATUS.SUCCESS,
        ...validators,
        canonicalUrl: canonical?.url ?? null,
        ...said(canonical ? `Indexed as its canonical URL ${canonical.url}.` : undefined),
      },
      {
        links,
        tooDeep,
        page: {
          urlKey: identity.key,
          url: identity.url,
          title: page.title,
          headings: page.headings,
          description: page.description,
          language: page.language ?? '',
          body: page.text,
          customTags: { tags: page.customTags },
          linkShare: page.linkShare,
          type,
          contentHash: page.contentHash,
        },
        // Saved under the canonical URL, this URL itself has no page of its own.
        keepPage: canonical === undefined,
      },
    );
  }

  /**
   * Queues the target of a redirect and, when no one has it yet, records it from the answer in
   * hand: the fetch that followed the redirect already holds it, so it is not fetched again.
   */
  async #redirectTarget(outcome: FetchOutcome): Promise<void> {
    const found = this.#found([outcome.url], this.#url.depth)[0];
    if (found === undefined) return;
    const { accountId, engineId } = this.#run.crawler;
    const { owner, leaseMs } = this.#run;
    const target = await takeOrAddUrl(this.#deps.store, { accountId, engineId, owner, leaseMs }, found);
    if (target) await new UrlCrawl(this.#deps, this.#run, target).outcome({ ...outcome, redirects: [] });
  }

  /** The page's canonical URL when it names another URL of the crawl, else undefined. */
  #canonical(canonical: string | null): { url: string; key: string } | undefined {
    return canonicalIdentity(this.#url, canonical, this.#run.scope, (url) => this.#key(url));
  }

  #key(url: string): string | undefined {
    try {
      return normaliseUrl(url, this.#run.crawler);
    } catch {
      return undefined;
    }
  }

  /** The URLs of the crawl's scope among `urls`, as frontier rows found here at `depth`. */
  #found(urls: readonly string[], depth: number): NewCrawlUrl[] {
    return urls.flatMap((raw) => {
      const link = resolveLink(this.#url.url, raw);
      if (link === undefined || !this.#run.scope(link)) return [];
      const url = crawledUrl(link, this.#run.crawler);
      const urlKey = this.#key(url);
      return urlKey === undefined
        ? []
        : [{ url, urlKey, site: this.#url.site, depth, discoveredFrom: this.#url.url }];
    });
  }

  /**
   * Records the URL's status and when it is due again, with the links and page it found (see
   * RunWriter). Unless `keepPage`, the page this run carried for the URL is dropped (it is gone,
   * moved, noindex...). Validators are stored only with a Success, whose content the next fetch
   * may confirm, with the key of the extraction settings it was read with.
   */
  async record(
    outcome: CrawlOutcome,
    found: { keepPage?: boolean; links?: NewCrawlUrl[]; tooDeep?: boolean; page?: UrlRecord['page'] } = {},
  ): Promise<void> {
    const now = this.#deps.now();
    const success = outcome.status === CRAWL_STATUS.SUCCESS;
    const nextCheck = nextCheckAt(this.#run.crawler.crawlFrequency, now, {
      lastCheck: this.#url.lastCheck,
      nextCheck: this.#url.nextCheck,
      previousHash: this.#url.contentHash,
      hash: success ? (outcome.contentHash ?? null) : null,
    });
    await this.#run.writer.write({
      id: this.#url.id,
      urlKey: this.#url.urlKey,
      links: found.links ?? [],
      tooDeep: found.tooDeep ?? false,
      ...(found.page ? { page: found.page } : {}),
      keepPage: found.keepPage ?? false,
      outcome: {
        ...outcome,
        nextCheck,
        etag: success ? (outcome.etag ?? null) : null,
        lastModified: success ? (outcome.lastModified ?? null) : null,
        extraction: success ? extractionKey(this.#run.crawler) : null,
      },
    });
  }
}
