/**
 * What one rendered page may load besides its HTML: requests and bytes. A single-page app loads
 * tens of scripts and API answers; past these it is looping or mining, and the page is read as it
 * stands.
 */
const RENDER_LIMITS = {
  requests: 200,
  bytes: 20 * 1024 * 1024,
} as const;

/** Longest a URL is quoted in the crawl report's sentences. */
const QUOTED_URL_CHARS = 80;

/**
 * The requests of one render: counted against RENDER_LIMITS, and what was refused, in sentences
 * for the crawl report (each said once, however often the page asked).
 */
export class RenderBudget {
  #requests = 0;
  #bytes = 0;
  readonly #notes = new Set<string>();

  /** Takes a request; false (and a note) past the request limit or once the bytes are spent. */
  takeRequest(): boolean {
    this.#requests += 1;
    if (this.#requests > RENDER_LIMITS.requests) {
      this.#notes.add(
        `The page made more than ${RENDER_LIMITS.requests} requests while it rendered; the rest were not loaded.`,
      );
      return false;
    }
    if (this.#bytes >= RENDER_LIMITS.bytes) {
      this.#notes.add(
        `The page loaded more than ${RENDER_LIMITS.bytes / 1024 / 1024} MB while it rendered; the rest was not loaded.`,
      );
      return false;
    }
    return true;
  }

  /** Bytes a request may still bring. */
  get bytesLeft(): number {
    return Math.max(RENDER_LIMITS.bytes - this.#bytes, 0);
  }

  /** Counts the bytes of an answer given to the page. */
  spend(bytes: number): void {
    this.#bytes += bytes;
  }

  /** A request the address policy refused: said, with its URL, without failing the page. */
  refusedAddress(url: string): void {
    this.#notes.add(`The page tried to load a private address (${quoted(url)}), which was refused.`);
  }

  /** A request of a scheme the crawler does not fetch (file:, ftp:, chrome:…). */
  refusedScheme(url: string): void {
    this.#notes.add(`The page tried to load ${quoted(url)}, which is not a web address; it was refused.`);
  }

  /** A navigation of the page to another URL (a script's redirect), which the crawler does not follow. */
  refusedNavigation(url: string): void {
    this.#notes.add(`The page's script tried to go to ${quoted(url)}; the page was read where it was.`);
  }

  /** The sentences for the crawl report, in the order they first happened. */
  get notes(): string[] {
    return [...this.#notes];
  }
}

/** A URL as a sentence quotes it: its query and path cut with an ellipsis past QUOTED_URL_CHARS. */
function quoted(url: string): string {
  return url.length <= QUOTED_URL_CHARS ? url : `${url.slice(0, QUOTED_URL_CHARS - 1)}…`;
}
