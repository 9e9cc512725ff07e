import { type BrowserContext, errors, type Page, type Route } from 'playwright-core';
import { FETCH_DEFAULTS, type PageFetcher, type SiteAuth } from '../fetch/index.ts';
import { RenderBudget } from './render-budget.ts';

/** One HTML page to render, as the crawler fetched it. */
export interface RenderRequest {
  /** Where the page answered (after the crawler's redirects): the browser is shown it there. */
  url: string;
  /** The page's HTML: status, robots, canonical and size limits stay the crawler's own. */
  html: string;
  /**
   * Renders that may share a browser tab, one after another: one engine's (its account's and its
   * own id). Its cookies and storage then pass from page to page as a visitor's would on that site;
   * never to another engine's.
   */
  session: string;
  userAgent: string;
  /** Aborting it (the crawl stopped) ends the render; the call rejects with its reason. */
  signal: AbortSignal;
  /**
   * The sign-in of the page's site (a site behind a login): the crawler's fetch sends it with the
   * page's requests to that site's origin only, and drops it once a redirect leaves it.
   */
  auth?: SiteAuth;
}

/**
 * What a render came to: the DOM after the page's scripts ran, or why there is none; with the
 * sentences for the crawl report about what the page was refused (see RenderBudget).
 */
export type RenderOutcome =
  | { kind: 'rendered'; html: string; notes: string[] }
  | { kind: 'timeout'; reason: string; notes: string[] }
  | { kind: 'failed'; reason: string; notes: string[] };

/** Requests whose answers never change a page's text: not loaded, to spare the site and the pool. */
const SKIPPED_TYPES = new Set(['image', 'media', 'font']);
/** Longest wait, after the load event, for the page's requests to settle. */
const SETTLE_MS = 3_000;
/**
 * The page has settled when none of its requests has been going for this long: a script's next
 * request follows the answer of the one before within milliseconds. (Playwright's network idle
 * waits for 500 ms with no request going: on a page whose data comes in one request, most of its
 * render.)
 */
const QUIET_MS = 150;
/** How often a settling page is looked at. */
const SETTLE_POLL_MS = 10;
/** How long past the render's end a request of the page may go on (ended with the render). */
const FETCH_GRACE_MS = 1_000;
/** The browser's request headers the crawler's fetch sets itself (or must not forward). */
const OWN_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'accept-encoding',
  'user-agent',
  'if-none-match',
  'if-modified-since',
]);
/** Answer headers that describe the bytes on the wire, not the (decompressed) body handed over. */
const WIRE_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
]);

/**
 * A browser tab renders are made in, one at a time: its context's requests all go to `answer`,
 * the render under way's (between renders there is none: they are refused).
 */
export interface RenderTab {
  context: BrowserContext;
  page: Page;
  answer: ((route: Route) => Promise<void>) | undefined;
}

/** Opens a tab in `context` (a fresh one, of one session): its requests go to the tab's render. */
export async function openTab(context: BrowserContext): Promise<RenderTab> {
  // WebSockets are not requests the route sees: none is opened.
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  let tab: RenderTab | undefined;
  await context.route('**/*', (route) =>
    tab?.answer ? tab.answer(route) : route.abort('blockedbyclient').catch(() => undefined),
  );
  const page = await context.newPage();
  // Popups and other tabs are closed as they open: only the page is read.
  context.on('page', (other) => {
    if (other !== page) void other.close();
  });
  tab = { context, page, answer: undefined };
  return tab;
}

/**
 * Renders one page in `tab` (to be closed by the caller unless this comes to `rendered`). Chromium
 * makes no request of its own: every request the page makes is intercepted and answered by the
 * crawler's fetch, so the address policy and redirect rules of the crawler apply to each (a
 * refused one is noted, the page goes on); the page itself is answered with the HTML the crawler
 * already fetched. The page is read once its requests have settled (QUIET_MS).
 */
export async function renderPage(
  tab: RenderTab,
  fetcher: PageFetcher,
  request: RenderRequest,
  timeoutMs: number,
): Promise<RenderOutcome> {
  const { context, page } = tab;
  const budget = new RenderBudget();
  // The clock starts with the page's navigation, not with the browser's (slower) opening of it.
  let started = performance.now();
  const remaining = () => Math.max(Math.ceil(timeoutMs - (performance.now() - started)), 1);
  let documentServed = false;
  let closing = false;
  // Ends the page's fetches still going when the render ends (a page that timed out, a crawl stopped).
  const ended = new AbortController();
  const signal = AbortSignal.any([request.signal, ended.signal]);
  let failure: unknown;
  // The page's requests going on, and when one last began or ended: every request of the page
  // comes through `answer`, so these tell when it has settled.
  let going = 0;
  let lastActivity = performance.now();
  const settled = async (): Promise<void> => {
    const deadline = performance.now() + Math.min(SETTLE_MS, remaining());
    while (performance.now() < deadline && (going > 0 || performance.now() - lastActivity < QUIET_MS))
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  };

  const answer = async (route: Route): Promise<void> => {
    going += 1;
    lastActivity = performance.now();
    try {
      await answerRoute(route);
    } finally {
      going -= 1;
      lastActivity = performance.now();
    }
  };

  const answerRoute = async (route: Route): Promise<void> => {
    const asked = route.request();
    const url = asked.url();
    const mainFrame = asked.isNavigationRequest() && asked.frame().parentFrame() === null;
    if (mainFrame && !documentServed && url === request.url) {
      documentServed = true;
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: request.html });
      return;
    }
    if (mainFrame) {
      budget.refusedNavigation(url);
      await route.abort('blockedbyclient');
      return;
    }
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      budget.refusedScheme(url);
      await route.abort('blockedbyclient');
      return;
    }
    if (SKIPPED_TYPES.has(asked.resourceType()) || !budget.takeRequest()) {
      await route.abort('blockedbyclient');
      return;
    }
    const fetched = await fetcher.fetchResource(url, {
      userAgent: request.userAgent,
      method: asked.method(),
      headers: forwarded(await asked.allHeaders()),
      ...(request.auth ? { auth: request.auth } : {}),
      ...(asked.postDataBuffer() ? { body: asked.postDataBuffer() as Buffer } : {}),
      signal,
      // Past the render's own end, so that a request never answered leaves the page's load to time out.
      totalTimeoutMs: remaining() + FETCH_GRACE_MS,
      maxBodyBytes: Math.min(FETCH_DEFAULTS.maxBodyBytes, budget.bytesLeft),
    });
    if (fetched.kind === 'resource') {
      budget.spend(fetched.body.length);
      await route.fulfill({
        status: fetched.status,
        headers: handedOver(fetched.headers),
        body: fetched.body,
      });
      return;
    }
    // The address refused: after a redirect, the one it led to.
    if (fetched.addressRefused) budget.refusedAddress(fetched.url);
    await route.abort(fetched.kind === 'timeout' ? 'timedout' : 'failed');
  };

  tab.answer = (route) =>
    answer(route).catch(async (error: unknown) => {
      // Once the page is closing its routes can no longer be answered: nothing is waiting for them.
      if (closing || signal.aborted) return;
      failure ??= error;
      await route.abort('failed');
    });
  const stop = () => {
    closing = true;
    void context.close();
  };
  request.signal.addEventListener('abort', stop, { once: true });
  try {
    try {
      started = performance.now();
      await page.goto(request.url, { waitUntil: 'load', timeout: timeoutMs });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      if (failure !== undefined) throw failure;
      if (error instanceof errors.TimeoutError) {
        const seconds = Math.round(timeoutMs / 1000);
        return {
          kind: 'timeout',
          reason: `The page did not finish loading in the browser within ${seconds} s, so it was not read.`,
          notes: budget.notes,
        };
      }
      return {
        kind: 'failed',
        reason: `The browser could not load the page (${(error as Error).message.split('\n')[0]}).`,
        notes: budget.notes,
      };
    }
    // Requests still going at the deadline (polling, a stream): the page is read as it stands.
    await settled();
    const html = await page.content();
    if (failure !== undefined) throw failure;
    return { kind: 'rendered', html, notes: budget.notes };
  } finally {
    closing = true;
    tab.answer = undefined;
    ended.abort(new Error('The render ended.'));
    request.signal.removeEventListener('abort', stop);
  }
}

/** The browser's request headers the crawler's fetch forwards (its own set apart). */
function forwarded(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_REQUEST_HEADERS.has(name)));
}

/** An answer's headers as the browser is handed them: one string each (Set-Cookie lines joined by newlines). */
function handedOver(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const entries = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined || WIRE_RESPONSE_HEADERS.has(name)
      ? []
      : [[name, typeof value === 'string' ? value : value.join('\n')] as const],
  );
  return Object.fromEntries(entries);
}
