/** What one call of `fetchPage` needs besides the URL. */
export interface FetchOptions {
  /** `SiteseerBot/1.0 (+<public url>/bot)`. */
  userAgent: string;
  /** The ETag stored for this URL: a 304 answer becomes the `not-modified` outcome. */
  ifNoneMatch?: string;
  /** The Last-Modified stored for this URL. */
  ifModifiedSince?: string;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** From the first request to the last byte of the body, redirects included; default 30 s. */
  totalTimeoutMs?: number;
  /** Decompressed body cap; default 5 MB. */
  maxBodyBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Cap of a 429/503 Retry-After; default one hour. */
  retryAfterCapSeconds?: number;
  /** Aborting it (the crawl stopped) rejects the call with the abort reason. */
  signal?: AbortSignal;
  /** The request's method (a rendered page's own requests); default GET. */
  method?: string;
  /** The browser's own headers (a rendered page's requests), sent to the requested URL's origin only. */
  headers?: Readonly<Record<string, string>>;
  /** The request's body (a rendered page's POST). */
  body?: Buffer;
  /** A site's sign-in: sent to its origin only, and dropped for good once a redirect leaves it. */
  auth?: SiteAuth;
}

/** Headers that sign in to one origin (a site behind a login). */
export interface SiteAuth {
  /** `scheme://host[:port]` of the site: the only origin the headers are sent to. */
  origin: string;
  headers: Readonly<Record<string, string>>;
}

/** One redirect followed: `url` answered `status` pointing at `location`. */
export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

interface FetchTimings {
  /** Milliseconds from the start to the final response's headers; null when none came. */
  firstByteMs: number | null;
  totalMs: number;
}

/** HTML decoded to text (charset from BOM, header or meta); anything else as bytes. */
export type PageBody = { kind: 'html'; text: string } | { kind: 'bytes'; bytes: Buffer };

/** What the final response said. `url` is the URL that answered (after redirects). */
export interface ResponseFacts {
  url: string;
  /** Redirects followed before `url`; non-empty means the requested URL is Redirected. */
  redirects: RedirectHop[];
  status: number;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  robotsTag: string | null;
  /** Every header as undici gives them (names lowercased, repeated lines as arrays). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  timings: FetchTimings;
}

/** No usable answer; `url` is the URL being fetched when it failed. */
export interface FetchFailure {
  reason: string;
  /** The answer came, but its body was larger than the crawler reads. */
  tooLarge?: true;
  /** The address policy refused the URL's address (private, loopback, link-local…). */
  addressRefused?: true;
  url: string;
  redirects: RedirectHop[];
  timings: FetchTimings;
}

export type FetchOutcome =
  | ({ kind: 'page'; body: PageBody } & ResponseFacts)
  | ({ kind: 'not-modified' } & ResponseFacts)
  /** 404 or 410. */
  | ({ kind: 'not-found' } & ResponseFacts)
  /** Any other status; `retryAfterSeconds` is set for 429 and 503 when the server sent one. */
  | ({ kind: 'http-error'; retryAfterSeconds: number | null } & ResponseFacts)
  /** The connect or the total timeout ran out. */
  | ({ kind: 'timeout' } & FetchFailure)
  /** Refused address or scheme, network error, too many redirects, body too large or undecodable. */
  | ({ kind: 'fetch-failed' } & FetchFailure);

/** What `fetchResource` gives: the final answer with its body (decompressed), whatever its status. */
export type ResourceOutcome =
  | ({ kind: 'resource'; body: Buffer } & ResponseFacts)
  | Extract<FetchOutcome, FetchFailure>;
