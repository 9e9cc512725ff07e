import type { Clock } from '../../clock.ts';
import { systemClock } from '../../clock.ts';
import { discard, type FetchBytes, readAtMost } from '../fetch/fetch-bytes.ts';
import { ALLOW_ALL, DISALLOW_ALL, parseRobotsTxt, type RobotsRules } from './robots-rules.ts';

/** RFC 9309 section 2.5 asks parsers to read at least 500 KiB; we read that much and no more. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** RFC 9309 section 2.4: a cached robots.txt is not used for more than 24 hours. */
export const ROBOTS_CACHE_MS = 24 * 60 * 60 * 1000;
/**
 * An unreachable robots.txt disallows everything; keeping that for a day would stop a crawl for a
 * day after one failed answer, so it is asked again after 5 minutes.
 */
export const ROBOTS_RETRY_MS = 5 * 60 * 1000;

/** The robots.txt of one origin as the crawler applies it. */
export interface RobotsFile extends RobotsRules {
  readonly url: string;
  /** parsed: rules from the file; absent: none (4xx), all allowed; unreachable: all disallowed. */
  readonly state: 'parsed' | 'absent' | 'unreachable';
  /** Why the file is absent or unreachable, for the crawl report. */
  readonly reason: string | undefined;
}

interface Entry {
  file: Promise<RobotsFile>;
  expiresAt: number;
}

function withState(url: string, rules: RobotsRules, state: RobotsFile['state'], reason?: string): RobotsFile {
  return { ...rules, url, state, reason };
}

/** The text read, without a line cut by the size cap (a cut `Disallow: /private` would be `/pri`). */
function robotsText(bytes: Uint8Array, truncated: boolean): string {
  const text = new TextDecoder().decode(bytes);
  return truncated ? text.slice(0, Math.max(0, text.search(/[\r\n][^\r\n]*$/))) : text;
}

/** Fetches and reads one robots.txt by the status rules of RFC 9309 section 2.3.1. */
async function loadRobots(fetch: FetchBytes, url: URL): Promise<RobotsFile> {
  const href = url.href;
  try {
    const { status, body } = await fetch(url);
    if (status >= 200 && status < 300) {
      const { bytes, truncated } = await readAtMost(body, ROBOTS_MAX_BYTES);
      return withState(href, parseRobotsTxt(href, robotsText(bytes, truncated)), 'parsed');
    }
    await discard(body);
    // 429 asks us to slow down, as a 5xx does; reading it as "no robots.txt" would do the opposite.
    if (status >= 500 || status === 429) {
      return withState(href, DISALLOW_ALL, 'unreachable', `robots.txt answered HTTP ${status}`);
    }
    // 4xx, and 3xx left after the fetcher's 5 redirects (section 2.3.1.2): no rules apply.
    return withState(href, ALLOW_ALL, 'absent', `robots.txt answered HTTP ${status}`);
  } catch (error) {
    // The fetcher throws only when no answer came (or the body broke off): section 2.3.1.4.
    const message = error instanceof Error ? error.message : String(error);
    return withState(href, DISALLOW_ALL, 'unreachable', `robots.txt unreachable: ${message}`);
  }
}

/**
 * robots.txt per origin, fetched once (concurrent askers share the fetch) and kept for
 * ROBOTS_CACHE_MS, or ROBOTS_RETRY_MS when unreachable, by the injected clock.
 */
export class RobotsCache {
  readonly #fetch: FetchBytes;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #entries = new Map<string, Entry>();

  constructor(options: { fetch: FetchBytes; clock?: Pick<Clock, 'now'> }) {
    this.#fetch = options.fetch;
    this.#clock = options.clock ?? systemClock;
  }

  /** The robots.txt that applies to the URL (the one of its origin). */
  get(url: string | URL): Promise<RobotsFile> {
    const origin = new URL(url).origin;
    const now = this.#clock.now().getTime();
    const cached = this.#entries.get(origin);
    if (cached && now < cached.expiresAt) return cached.file;
    this.#forgetExpired(now);
    const entry: Entry = {
      file: loadRobots(this.#fetch, new URL('/robots.txt', origin)),
      expiresAt: Infinity,
    };
    this.#entries.set(origin, entry);
    void entry.file.then((file) => {
      const fetchedAt = this.#clock.now().getTime();
      entry.expiresAt = fetchedAt + (file.state === 'unreachable' ? ROBOTS_RETRY_MS : ROBOTS_CACHE_MS);
    });
    return entry.file;
  }

  /** Whether robots.txt lets the crawler fetch the URL. */
  async isAllowed(url: string): Promise<boolean> {
    return (await this.get(url)).isAllowed(url);
  }

  #forgetExpired(now: number): void {
    for (const [origin, entry] of this.#entries) if (now >= entry.expiresAt) this.#entries.delete(origin);
  }
}
