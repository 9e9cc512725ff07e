import { type Browser, chromium } from 'playwright-core';
import type { PageFetcher } from '../fetch/index.ts';
import { type RenderOutcome, type RenderRequest, renderPage } from './page-render.ts';

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
 * Each page gets a fresh browser context, closed with it, so no cookie, storage or cache passes
 * from one page (or engine, or account) to the next.
 */
export class RenderPool implements PageRenderer {
  readonly #options: RenderPoolOptions;
  readonly #waiting: (() => void)[] = [];
  #browser: Promise<Browser> | undefined;
  #active = 0;
  #idle: NodeJS.Timeout | undefined;

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
      const context = await browser.newContext({
        acceptDownloads: false,
        serviceWorkers: 'block',
        userAgent: request.userAgent,
        permissions: [],
      });
      try {
        return await renderPage(context, this.#options.fetcher, request, this.#options.timeoutMs);
      } finally {
        await context.close();
      }
    } finally {
      this.#leavePlace();
    }
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
          if (this.#browser === launching) this.#browser = undefined;
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
    if (!browser) return;
    // A launch that failed has nothing to close: it was answered to the page that asked for it.
    const launched = await browser.catch(() => undefined);
    await launched?.close();
  }
}
