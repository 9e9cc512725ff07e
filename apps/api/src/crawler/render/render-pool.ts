import { type Browser, chromium } from 'playwright-core';
import type { PageFetcher } from '../fetch/index.ts';
import {
  openTab,
  type RenderOutcome,
  type RenderRequest,
  type RenderTab,
  renderPage,
} from './page-render.ts';

/** Renders pages for the crawl loop (see RenderPool). */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderOutcome>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The Chromium found at start (see findChromium). */
  executablePath: string;
  /** Pages rendered at once, at most; more wait their turn. */
  pages: number;
  /** How long one page may take, from its first request to its DOM read. */
  timeoutMs: number;
  /** The crawler's fetch: every request of a page goes through it. */
  fetcher: PageFetcher;
  /** How long the browser stays open with no page to render; default a minute. */
  idleMs?: number;
}

const IDLE_CLOSE_MS = 60_000;
/**
 * Renders one tab makes before it is closed and another opened: a long-lived page's renderer
 * grows, and a tab that misbehaved once is not kept either (see RenderPool).
 */
const RENDERS_PER_TAB = 50;

/** A tab between renders: whose it is, and how many it made. */
interface KeptTab {
  tab: RenderTab;
  session: string;
  userAgent: string;
  renders: number;
}

/**
 * Chromium's own network is shut: names resolve to nothing and connections go to a proxy that is
 * not there (loopback too), and WebRTC may not send UDP past it. Every request a page makes is
 * answered through route interception by the crawler's fetch instead (page-render.ts); these are
 * the net for anything interception does not see.
 */
const LAUNCH_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://127.0.0.1:1',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
];

/**
 * A bounded pool of Chromium pages, one per process: the browser is launched on the first page to
 * render and closed after `idleMs` without one (and with the pool); at most `pages` render at once.
 * Each session (one engine's renders, see RenderRequest) renders in tabs of its own browser
 * contexts, so no cookie, storage or cache passes from one engine (or account) to another. A tab
 * is kept between renders of its session (up to `pages` tabs in all, each for RENDERS_PER_TAB
 * renders, and only after a render that came to `rendered`): a fresh context and tab per page cost
 * ~300 ms of the browser's CPU, a render in a kept tab ~30 (bench: rendered pages per second).
 */
export class RenderPool implements PageRenderer {
  readonly #options: RenderPoolOptions;
  readonly #waiting: (() => void)[] = [];
  #browser: Promise<Browser> | undefined;
  #active = 0;
  #idle: NodeJS.Timeout | undefined;
  /** Tabs between renders, the least recently used first. */
  #kept: KeptTab[] = [];

  constructor(options: RenderPoolOptions) {
    this.#options = options;
  }

  /** Renders a page when a place is free; rejects with the signal's reason if it aborts first. */
  async render(request: RenderRequest): Promise<RenderOutcome> {
    await this.#takePlace(request.signal);
    try {
      let browser: Browser;
      try {
        browser = await this.#launched();
      } catch (error) {
        const reason = `Chromium could not be started, so the page was not rendered (${(error as Error).message.split('\n')[0]}).`;
        return { kind: 'failed', reason, notes: [] };
      }
      const kept = this.#keptTab(request) ?? (await this.#openTab(browser, request));
      let keep = false;
      try {
        const outcome = await renderPage(kept.tab, this.#options.fetcher, request, this.#options.timeoutMs);
        kept.renders += 1;
        keep = outcome.kind === 'rendered' && kept.renders < RENDERS_PER_TAB;
        return outcome;
      } finally {
        if (keep) await this.#keep(kept);
        else await kept.tab.context.close();
      }
    } finally {
      this.#leavePlace();
    }
  }

  /** A kept tab of the request's session, taken out of the kept ones. */
  #keptTab(request: RenderRequest): KeptTab | undefined {
    const at = this.#kept.findIndex(
      (kept) => kept.session === request.session && kept.userAgent === request.userAgent,
    );
    if (at < 0) return undefined;
    const [kept] = this.#kept.splice(at, 1);
    return kept;
  }

  async #openTab(browser: Browser, request: RenderRequest): Promise<KeptTab> {
    const context = await browser.newContext({
      acceptDownloads: false,
      serviceWorkers: 'block',
      userAgent: request.userAgent,
      permissions: [],
    });
    try {
      const tab = await openTab(context);
      return { tab, session: request.session, userAgent: request.userAgent, renders: 0 };
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  /**
   * Keeps a tab for its session's next render: its page left for a blank one first (the last
   * page's scripts stop, its requests with them); the least recently used tab closed past `pages`.
   */
  async #keep(kept: KeptTab): Promise<void> {
    try {
      await kept.tab.page.goto('about:blank');
    } catch {
      // A tab that cannot even go blank is not kept.
      await kept.tab.context.close().catch(() => undefined);
      return;
    }
    this.#kept.push(kept);
    while (this.#kept.length > this.#options.pages) await this.#kept.shift()?.tab.context.close();
  }

  /** Closes the browser; pages rendering then fail. */
  async close(): Promise<void> {
    clearTimeout(this.#idle);
    await this.#closeBrowser();
  }

  #takePlace(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    clearTimeout(this.#idle);
    if (this.#active < this.#options.pages) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal.removeEventListener('abort', giveUp);
        this.#active += 1;
        resolve();
      };
      const giveUp = () => {
        this.#waiting.splice(this.#waiting.indexOf(take), 1);
        reject(signal.reason);
      };
      this.#waiting.push(take);
      signal.addEventListener('abort', giveUp, { once: true });
    });
  }

  #leavePlace(): void {
    this.#active -= 1;
    const next = this.#waiting.shift();
    if (next) next();
    else if (this.#active === 0) {
      this.#idle = setTimeout(() => void this.#closeBrowser(), this.#options.idleMs ?? IDLE_CLOSE_MS);
      this.#idle.unref();
    }
  }

  #launched(): Promise<Browser> {
    if (this.#browser) return this.#browser;
    const launching = chromium
      .launch({ executablePath: this.#options.executablePath, args: LAUNCH_ARGS, headless: true })
      .then((browser) => {
        // A browser that crashed is launched again for the next page.
        browser.on('disconnected', () => {
          if (this.#browser !== launching) return;
          this.#browser = undefined;
          this.#kept = [];
        });
        return browser;
      });
    this.#browser = launching;
    launching.catch(() => {
      if (this.#browser === launching) this.#browser = undefined;
    });
    return launching;
  }

  async #closeBrowser(): Promise<void> {
    const browser = this.#browser;
    this.#browser = undefined;
    // Their contexts close with the browser.
    this.#kept = [];
    if (!browser) return;
    // A launch that failed has nothing to close: it was answered to the page that asked for it.
    const launched = await browser.catch(() => undefined);
    await launched?.close();
  }
}
