import {
  type CrawlerCapabilities,
  type CrawlerQueued,
  type CrawlLimitReached,
  type CrawlPublication,
  type CrawlReportBody,
  type CrawlReportResponse,
  type CrawlStopped,
  type CreateCrawlerBody,
  crawlHeldSentence,
  crawlLimitSentence,
  MESSAGES,
  type StartCrawlBody,
  type StopCrawlBody,
  toCrawlUrl,
} from '@siteseer/core';
import { type EngineAccess, engineOf, readAccess, requireWrite } from '../../access/engine-access.ts';
import type { Principal } from '../../auth/authenticate.ts';
import type { Changes } from '../../changes/changes.ts';
import { InputError, NotFoundError } from '../../errors.ts';
import { isDriven } from '../../repositories/crawler/crawl-leases.ts';
import {
  addCrawlerUrl,
  type Crawler,
  findCrawler,
  saveCrawler,
  startRun,
  stopRun,
} from '../../repositories/crawler/crawlers.ts';
import {
  clearFrontier,
  countWaiting,
  enqueueUrls,
  resumeInterrupted,
} from '../../repositories/crawler/frontier.ts';
import { readSitemapReport } from '../../repositories/crawler/report.ts';
import { keepSiteCredentialsOf } from '../../repositories/crawler/site-credentials.ts';
import type { Queryable, Store } from '../../store/types.ts';
import { announceCrawlChange } from '../crawl-changes.ts';
import { checkedSelectors, extractionSettings } from '../extract/index.ts';
import { CHROMIUM_MISSING, type ChromiumFound, checkRenderingTurnedOn } from '../render/index.ts';
import { normaliseUrl } from '../rules/index.ts';
import type { FrontierCopies } from './report-copy.ts';

/** A keyword engine the caller may write (the wizard's edit feature), or a 404/403. */
export async function writableKeywordEngine(
  store: Store,
  principal: Principal,
  accountId: string,
  engineId: string,
) {
  const access = await readAccess(store, principal, accountId);
  const engine = await engineOf(store, access, engineId, 'kw');
  await requireWrite(store, access, engine, 'edit');
  return { access, engine };
}

/** Site URLs as the crawler fetches them (https added, host lowercased); a bad one is a 400. */
function crawlUrls(urls: readonly string[]): string[] {
  return [
    ...new Set(
      urls.map((url) => {
        const crawlUrl = toCrawlUrl(url);
        if (crawlUrl === undefined) throw new InputError(MESSAGES.invalidUrl, { field: 'urls', url });
        return crawlUrl;
      }),
    ),
  ];
}

/**
 * Queues start URLs (new ones Created, done ones Pending fetch) and resumes interrupted ones: those
 * a run left at its page limit, and, when the crawl was `stopped`, the URLs it left waiting (a stop
 * keeps their rows as they were). Returns how many URLs now wait because of this start.
 */
async function queueSites(
  tx: Queryable,
  access: EngineAccess,
  engineId: string,
  sites: readonly string[],
  options: { removeHashFragments: boolean; ignoreParameters: readonly string[]; stopped: boolean },
): Promise<number> {
  const accountId = access.account.id;
  const resumed = options.stopped ? await countWaiting(tx, accountId, engineId) : 0;
  const queued = await enqueueUrls(
    tx,
    accountId,
    engineId,
    sites.map((site) => ({
      url: site,
      urlKey: normaliseUrl(site, options),
      site,
      depth: 0,
      discoveredFrom: null,
    })),
    { requeue: true },
  );
  return resumed + queued + (await resumeInterrupted(tx, accountId, engineId));
}

/**
 * `POST datasource/crawler`: creates the keyword engine's crawler or replaces its settings, then
 * queues its start URLs (the engine's own when the body has none). `recreate` starts over: the
 * frontier is emptied and a new run begins; the pages of earlier runs stay until a new one is
 * published. Rendering is refused where the server has no `chromium` (see checkRenderingTurnedOn).
 */
export async function saveEngineCrawler(
  store: Store,
  changes: Changes,
  principal: Principal,
  body: CreateCrawlerBody,
  chromium: ChromiumFound,
): Promise<CrawlerQueued> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const urls = crawlUrls(body.urls.length > 0 ? body.urls : engine.urls);
  if (urls.length === 0) throw new InputError(MESSAGES.atLeastOneSite, { field: 'urls' });
  const { accountId: _a, engineId: _e, recreate, ...fields } = body;
  // A selector the crawler cannot parse would fail every page it fetches.
  checkedSelectors(extractionSettings(fields));
  const queued = await store.transaction(async (tx) => {
    const existed = await findCrawler(tx, access.account.id, engine.id);
    checkRenderingTurnedOn(chromium, fields.renderJavaScript, existed?.renderJavaScript ?? false);
    await saveCrawler(tx, access.account.id, engine.id, { ...fields, urls });
    await keepSiteCredentialsOf(tx, access.account.id, engine.id, urls);
    if (existed && recreate) await clearFrontier(tx, access.account.id, engine.id);
    if (existed) await startRun(tx, access.account.id, engine.id, recreate);
    return queueSites(tx, access, engine.id, urls, {
      removeHashFragments: fields.removeHashFragments,
      ignoreParameters: fields.ignoreParameters,
      stopped: existed?.state === 'stopped' && !recreate,
    });
  });
  await announceCrawlChange(changes, { accountId: access.account.id, engineId: engine.id });
  return { engineId: engine.id, queued };
}

/** `GET datasource/crawler/capabilities`: whether pages can be rendered here, and if not why. */
export function crawlerCapabilities(chromium: ChromiumFound): CrawlerCapabilities {
  return {
    renderJavaScript: chromium.available
      ? { available: true, reason: null }
      : { available: false, reason: CHROMIUM_MISSING },
  };
}

/** `PUT datasource/crawler`: crawls one more site of the engine, now and on every re-crawl. */
export async function startSiteCrawl(
  store: Store,
  changes: Changes,
  principal: Principal,
  body: StartCrawlBody,
): Promise<CrawlerQueued> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const [site] = crawlUrls([body.site]);
  const queued = await store.transaction(async (tx) => {
    const crawler = await findCrawler(tx, access.account.id, engine.id);
    if (!crawler || site === undefined) throw new NotFoundError('Crawler');
    await addCrawlerUrl(tx, access.account.id, engine.id, site);
    await startRun(tx, access.account.id, engine.id, false);
    return queueSites(tx, access, engine.id, [site], {
      removeHashFragments: crawler.removeHashFragments,
      ignoreParameters: crawler.ignoreParameters,
      stopped: crawler.state === 'stopped',
    });
  });
  await announceCrawlChange(changes, { accountId: access.account.id, engineId: engine.id });
  return { engineId: engine.id, queued };
}

/**
 * `POST datasource/crawler/stop`: the crawl stops; URLs not fetched yet are Interrupted. Only the
 * crawl's state changes: its waiting URLs are reported Interrupted while it is stopped (see
 * `FrontierCopies.reportPage`) and wait again when it starts. Rewriting each row took 3 s at 100k
 * URLs on PGlite, and the report's copy as long again to read them back.
 */
export async function stopCrawl(
  store: Store,
  changes: Changes,
  principal: Principal,
  body: StopCrawlBody,
): Promise<CrawlStopped> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const accountId = access.account.id;
  const interrupted = await store.transaction(async (tx) => {
    if (!(await findCrawler(tx, accountId, engine.id))) throw new NotFoundError('Crawler');
    await stopRun(tx, accountId, engine.id);
    return countWaiting(tx, accountId, engine.id);
  });
  await announceCrawlChange(changes, { accountId, engineId: engine.id });
  await untilLetGo(store, { accountId, engineId: engine.id });
  return { engineId: engine.id, interrupted };
}

/** How long a stop waits for the process driving the crawl to let it go. */
const STOP_WAIT_MS = 1_000;

/**
 * Waits (a while at most) until no process drives the crawl: the fetches it had in flight are
 * written by then, so what the caller reads next (the report) is the stopped crawl, and a report
 * does not queue behind the last writes of a large crawl (0.7 s at 100k URLs on PGlite).
 */
async function untilLetGo(store: Store, crawl: { accountId: string; engineId: string }): Promise<void> {
  const deadline = performance.now() + STOP_WAIT_MS;
  while (performance.now() < deadline && (await isDriven(store, crawl))) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Which crawl search answers from, and whether the latest one is held back by the 10 % guard. */
function publicationOf(crawler: Crawler): CrawlPublication {
  const held = crawler.heldRunId !== null;
  // A held run always has its pages counted (`holdRun`).
  const sentence = held ? crawlHeldSentence(crawler.runPages ?? 0, crawler.publishedPages) : '';
  return {
    publishedRunId: crawler.publishedRunId,
    publishedPages: crawler.publishedPages,
    latestRunId: crawler.runId,
    latestPages: crawler.runPages,
    held,
    ...(held
      ? {
          message: `${sentence} Publish it anyway with POST datasource/crawler/publish (the CLI: siteseer crawl publish ENGINE --force).`,
        }
      : {}),
  };
}

/** The crawl limits the latest run reached, each with its sentence. */
function limitsOf(crawler: Crawler): CrawlLimitReached[] {
  const { urls, pages, depth, queryVariants } = crawler.runLimits;
  const reached: Omit<CrawlLimitReached, 'message'>[] = [
    ...(urls ? [{ kind: 'urls' as const, ...urls }] : []),
    ...(pages ? [{ kind: 'pages' as const, ...pages }] : []),
    ...Object.entries(queryVariants?.paths ?? {}).map(([path, count]) => ({
      kind: 'queryVariants' as const,
      limit: queryVariants?.limit ?? 0,
      count,
      path,
    })),
    ...(queryVariants?.otherPaths
      ? [{ kind: 'queryVariants' as const, limit: queryVariants.limit, count: queryVariants.otherPaths }]
      : []),
    ...(depth ? [{ kind: 'depth' as const, ...depth }] : []),
  ];
  return reached.map((limit) => ({ ...limit, message: crawlLimitSentence(limit) }));
}

/**
 * `POST datasource/crawler/report`: one page of the crawl report, for anyone who may read the
 * engine, from the app's copies of frontiers (`copies`).
 */
export async function crawlReport(
  store: Store,
  copies: FrontierCopies,
  principal: Principal,
  body: CrawlReportBody,
): Promise<CrawlReportResponse> {
  const started = performance.now();
  const access = await readAccess(store, principal, body.accountId);
  const engine = await engineOf(store, access, body.engineId, 'kw');
  const crawler = await findCrawler(store, access.account.id, engine.id);
  const page = crawler
    ? await copies.reportPage(store, {
        ...body,
        accountId: access.account.id,
        engineId: engine.id,
        runId: crawler.runId,
        stopped: crawler.state === 'stopped',
        runStartedAt: crawler.runStartedAt,
      })
    : undefined;
  const sitemaps = crawler
    ? await readSitemapReport(store, access.account.id, engine.id, crawler.runId)
    : undefined;
  return {
    hits: { total: { value: page?.total ?? 0 }, hits: page?.hits ?? [] },
    took: Math.round(performance.now() - started),
    // An engine without a crawler has nothing running either.
    finalized: crawler?.state !== 'crawling',
    counts: page?.counts ?? {},
    limits: crawler ? limitsOf(crawler) : [],
    ...(crawler ? { state: crawler.state, publication: publicationOf(crawler) } : {}),
    ...(sitemaps ? { sitemaps } : {}),
    ...(page ? { pages: page.pages } : {}),
    ...(page?.run ? { run: page.run } : {}),
  };
}
