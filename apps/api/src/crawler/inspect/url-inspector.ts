import { type InspectUrlBody, MESSAGES, toCrawlUrl, type UrlInspection } from '@siteseer/core';
import { engineOf, readAccess } from '../../access/engine-access.ts';
import type { Principal } from '../../auth/authenticate.ts';
import { InputError, NotFoundError } from '../../errors.ts';
import type { KeywordRuntime } from '../../keyword/runtime/index.ts';
import { type Crawler, findCrawler } from '../../repositories/crawler/crawlers.ts';
import type { SecretBox } from '../../secrets/index.ts';
import type { Store } from '../../store/types.ts';
import { loadEngineCredentials } from '../credentials/index.ts';
import { ExtractPool } from '../extract/index.ts';
import {
  type AllowEntry,
  createAddressPolicy,
  createPageFetcher,
  FETCH_DEFAULTS,
  type PageFetcher,
} from '../fetch/index.ts';
import { crawlerUserAgent } from '../loop/crawl-worker.ts';
import { type ChromiumFound, type PageRenderer, RenderPool } from '../render/index.ts';
import { crawledUrl, normaliseUrl, RobotsCache, scopeVerdict, UrlRefusedError } from '../rules/index.ts';
import { InspectionLimit } from './inspection-limit.ts';
import { explainOutcome, type Reading } from './outcome-reading.ts';
import { publicationOf } from './publication.ts';
import { scopeReason } from './sentences.ts';

/** What the inspector needs of the server: the store, the keyword search, and the crawler's policy. */
export interface UrlInspectorOptions {
  store: Store;
  keyword: KeywordRuntime;
  /** Hosts, addresses or CIDRs the crawler may reach although private (SITESEER_CRAWL_ALLOW_PRIVATE). */
  allowPrivate: readonly AllowEntry[];
  /** The product's public URL: the User-Agent points at its /bot page, as the crawler's does. */
  publicUrl: string;
  /** Opens the engine's site sign-ins: an inspection is signed in as the crawl is. */
  secrets: SecretBox;
  /**
   * The crawl's rendering of JavaScript (SITESEER_CHROMIUM_PATH, SITESEER_RENDER_PAGES,
   * SITESEER_RENDER_TIMEOUT_SECONDS): a page of an engine that renders is inspected rendered.
   */
  rendering: { chromium: ChromiumFound; pages: number; timeoutMs: number };
}

/**
 * "Why is this page not in my search?": fetches one URL now as the engine's crawler would (the
 * same scope, robots.txt, address policy, fetch, extraction and canonical rules, called, not
 * copied) and explains each step. Nothing is stored: robots.txt is read afresh into a cache of
 * this inspection only, and the store is only read. One per app (its fetcher pools connections).
 */
export class UrlInspector {
  readonly #options: UrlInspectorOptions;
  readonly #fetcher: PageFetcher;
  readonly #extractor = new ExtractPool();
  readonly #userAgent: string;
  readonly #limit: InspectionLimit;
  /**
   * The inspections' own Chromium pool, as the inspector has its own fetcher and extraction threads:
   * the crawl loop may run in another process. Its browser starts with the first rendered
   * inspection and closes a minute after the last.
   */
  readonly #renderer: PageRenderer | undefined;
  /** Ends the renders in flight when the inspector closes. */
  readonly #closing = new AbortController();

  constructor(options: UrlInspectorOptions, limit = new InspectionLimit()) {
    this.#options = options;
    this.#fetcher = createPageFetcher(createAddressPolicy([...options.allowPrivate]));
    this.#userAgent = crawlerUserAgent(options.publicUrl);
    this.#limit = limit;
    const { chromium, pages, timeoutMs } = options.rendering;
    this.#renderer = chromium.available
      ? new RenderPool({ executablePath: chromium.path, pages, timeoutMs, fetcher: this.#fetcher })
      : undefined;
  }

  /**
   * Inspects `body.url` for a caller who may read the engine (anyone else gets the 404 of the
   * other engine calls, as for an engine without a crawler).
   */
  async inspect(principal: Principal, body: InspectUrlBody): Promise<UrlInspection> {
    const { store } = this.#options;
    const access = await readAccess(store, principal, body.accountId);
    const engine = await engineOf(store, access, body.engineId, 'kw');
    const crawler = await findCrawler(store, access.account.id, engine.id);
    if (!crawler) throw new NotFoundError('Crawler');
    const asked = toCrawlUrl(body.url);
    if (asked === undefined) throw new InputError(MESSAGES.invalidUrl, { field: 'url' });
    const url = crawledUrl(asked, crawler);
    const key = (text: string) => {
      try {
        return normaliseUrl(text, crawler);
      } catch (error) {
        if (error instanceof UrlRefusedError) return undefined;
        throw error;
      }
    };
    const urlKey = key(url);
    if (urlKey === undefined) throw new InputError(MESSAGES.invalidUrl, { field: 'url' });
    const release = this.#limit.take(access.account.id);
    try {
      const reading = await this.#read(crawler, url, urlKey, key);
      const published = await publicationOf(store, this.#options.keyword, crawler, reading);
      return {
        ...reading.fields,
        url,
        checkedAt: new Date().toISOString(),
        indexable: reading.reasons.length === 0 && published.reasons.length === 0,
        inPublishedCrawl: published.page !== null,
        reasons: [...reading.reasons, ...published.reasons],
        notes: reading.notes,
        duplicateOf: published.duplicateOf,
        publication: published.page,
      };
    } finally {
      release();
    }
  }

  /** The crawler's steps for the URL, up to the first that stops it. */
  async #read(
    crawler: Crawler,
    url: string,
    urlKey: string,
    key: (url: string) => string | undefined,
  ): Promise<Reading> {
    const verdict = scopeVerdict(crawler.urls, crawler.urlFilters);
    const scope = verdict(url);
    const reading: Reading = {
      urlKey,
      identityKey: urlKey,
      reasons: [],
      notes: [],
      fields: {
        scope: { inScope: scope.inScope, site: scope.site, filter: scope.filter },
        robots: null,
        fetched: false,
        fetchError: null,
        status: null,
        contentType: null,
        redirects: [],
        finalUrl: null,
        rendering: null,
        canonical: null,
        noindex: null,
        noindexSource: null,
        nofollow: null,
        contentTarget: crawler.useContentTarget ? crawler.contentTarget.trim() : '',
        excludeTargets: crawler.useExcludeTarget
          ? crawler.excludeContentTargets.filter((selector) => selector.trim() !== '')
          : [],
        title: null,
        excerpt: null,
        wordCount: null,
        contentHash: null,
      },
    };
    // As the crawl loop does: a URL outside the scope is not fetched, nor its robots.txt asked for.
    if (!scope.inScope) {
      reading.reasons.push(scopeReason(scope, crawler));
      return reading;
    }
    const robotsTxt = new RobotsCache({
      fetch: (at) => this.#fetcher.fetchBytes(at, { userAgent: this.#userAgent }),
    });
    const robots = await robotsTxt.get(url);
    const allowed = robots.isAllowed(url);
    const rule = robots.matchingRule(url);
    reading.fields.robots = {
      allowed,
      rule: rule?.text ?? null,
      line: rule?.line ?? null,
      url: robots.url,
      state: robots.state,
    };
    if (!allowed) {
      reading.reasons.push(
        robots.state === 'unreachable'
          ? `robots.txt could not be read, so the crawler fetches nothing from this site (${robots.reason}).`
          : `robots.txt disallows it: line ${rule?.line ?? '?'}, "${rule?.text ?? ''}".`,
      );
      return reading;
    }
    const { store, secrets } = this.#options;
    const credentials = await loadEngineCredentials(store, secrets, crawler.accountId, crawler.engineId);
    const auth = scope.site === null ? undefined : credentials.forSite(scope.site);
    if (auth && 'error' in auth) {
      reading.reasons.push(auth.error);
      return reading;
    }
    const outcome = await this.#fetcher.fetchPage(url, {
      userAgent: this.#userAgent,
      totalTimeoutMs: FETCH_DEFAULTS.totalTimeoutMs,
      ...(auth ? { auth } : {}),
    });
    reading.fields.fetched = true;
    const renderer = this.#renderer;
    await explainOutcome(reading, outcome, {
      crawler,
      scope: (at) => verdict(at).inScope,
      key,
      extract: (html, options) => this.#extractor.extract(html, options),
      readDocument: (task) => this.#extractor.readDocument(task),
      render: renderer
        ? (html, at) => {
            // The page's own requests sign in to the site it is on, as the crawl's render does.
            const site = verdict(at).site;
            const signIn = site === null ? undefined : credentials.forSite(site);
            return renderer.render({
              url: at,
              session: `${crawler.accountId}/${crawler.engineId}`,
              html,
              userAgent: this.#userAgent,
              signal: this.#closing.signal,
              ...(signIn && !('error' in signIn) ? { auth: signIn } : {}),
            });
          }
        : undefined,
    });
    return reading;
  }

  /** Ends the renders in flight, closes the browser, the fetcher's connections and the extraction threads. */
  async close(): Promise<void> {
    this.#closing.abort(new Error('The URL inspector is closing.'));
    await this.#renderer?.close();
    await this.#fetcher.close();
    await this.#extractor.close();
  }
}
