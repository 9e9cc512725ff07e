import { isIP } from 'node:net';
import { Agent, errors } from 'undici';
import { type AddressPolicy, AddressRefusedError } from './address-policy.ts';
import { BodyTooLargeError, decodeHtml, readBody, UnsupportedEncodingError } from './body.ts';
import { guardedLookup } from './guarded-lookup.ts';
import type { FetchOptions, FetchOutcome, PageBody, RedirectHop, ResponseFacts } from './outcome.ts';
import { parseRetryAfter } from './retry-after.ts';

export const FETCH_DEFAULTS = {
  connectTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  retryAfterCapSeconds: 3600,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Fetches pages for the crawler; one per process (its Agent pools connections). */
export interface PageFetcher {
  fetchPage(url: string, options: FetchOptions): Promise<FetchOutcome>;
  close(): Promise<void>;
}

/**
 * A fetcher that connects only where `policy` allows: IP-literal hosts are checked before any
 * connection, names at connect time by the Agent's lookup. It never uses the global dispatcher.
 */
export function createPageFetcher(policy: AddressPolicy): PageFetcher {
  // The connect timeout is an Agent option, so there is one Agent per timeout a caller asks for.
  const agents = new Map<number, Agent>();
  const agentFor = (connectTimeoutMs: number): Agent => {
    let agent = agents.get(connectTimeoutMs);
    if (!agent) {
      agent = new Agent({ connect: { lookup: guardedLookup(policy), timeout: connectTimeoutMs } });
      agents.set(connectTimeoutMs, agent);
    }
    return agent;
  };
  return {
    fetchPage: (url, options) => fetchPage(url, options, policy, agentFor),
    async close() {
      await Promise.all([...agents.values()].map((agent) => agent.close()));
      agents.clear();
    },
  };
}

async function fetchPage(
  requested: string,
  options: FetchOptions,
  policy: AddressPolicy,
  agentFor: (connectTimeoutMs: number) => Agent,
): Promise<FetchOutcome> {
  const connectTimeoutMs = options.connectTimeoutMs ?? FETCH_DEFAULTS.connectTimeoutMs;
  const totalTimeoutMs = options.totalTimeoutMs ?? FETCH_DEFAULTS.totalTimeoutMs;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const started = performance.now();
  const timeout = AbortSignal.timeout(totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const redirects: RedirectHop[] = [];
  let url = requested;
  const failed = (kind: 'fetch-failed' | 'timeout', reason: string): FetchOutcome => ({
    kind,
    reason,
    url,
    redirects,
    timings: { firstByteMs: null, totalMs: performance.now() - started },
  });

  try {
    for (;;) {
      const target = URL.canParse(url) ? new URL(url) : null;
      if (!target) return failed('fetch-failed', `'${url}' is not a URL`);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        return failed('fetch-failed', `the scheme ${target.protocol} is not crawled (http and https only)`);
      }
      const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) !== 0) {
        const reason = policy.checkLiteral(literal);
        if (reason !== null) return failed('fetch-failed', reason);
      }
      // Validators belong to the URL the caller asked for, not to where it redirects.
      const conditional = redirects.length === 0;
      const response = await agentFor(connectTimeoutMs).request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          ...(conditional && options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
          ...(conditional && options.ifModifiedSince ? { 'if-modified-since': options.ifModifiedSince } : {}),
        },
        signal,
        // Timeouts are the caller's total timeout, not undici's defaults of minutes.
        headersTimeout: totalTimeoutMs,
        bodyTimeout: totalTimeoutMs,
      });
      const firstByteMs = performance.now() - started;
      const header = (name: string): string | null => {
        const value = response.headers[name];
        return (Array.isArray(value) ? value.join(', ') : value) ?? null;
      };
      const location = header('location');
      if (REDIRECT_STATUSES.has(response.statusCode) && location !== null) {
        await response.body.dump();
        if (redirects.length === maxRedirects)
          return failed('fetch-failed', `more than ${maxRedirects} redirects`);
        const next = URL.canParse(location, url) ? new URL(location, url) : null;
        if (!next) return failed('fetch-failed', `the redirect to '${location}' is not a URL`);
        next.hash = '';
        redirects.push({ url, status: response.statusCode, location: next.href });
        url = next.href;
        continue;
      }
      const facts: ResponseFacts = {
        url,
        redirects,
        status: response.statusCode,
        contentType: header('content-type'),
        etag: header('etag'),
        lastModified: header('last-modified'),
        robotsTag: header('x-robots-tag'),
        timings: { firstByteMs, totalMs: 0 },
      };
      const done = <T extends FetchOutcome>(outcome: T): T => {
        outcome.timings.totalMs = performance.now() - started;
        return outcome;
      };
      if (response.statusCode >= 200 && response.statusCode < 300) {
        const bytes = await readBody(
          response.body,
          header('content-encoding') ?? undefined,
          options.maxBodyBytes ?? FETCH_DEFAULTS.maxBodyBytes,
          signal,
        );
        return done({ kind: 'page', ...facts, body: pageBody(bytes, facts.contentType) });
      }
      await response.body.dump();
      if (response.statusCode === 304) return done({ kind: 'not-modified', ...facts });
      if (response.statusCode === 404 || response.statusCode === 410)
        return done({ kind: 'not-found', ...facts });
      const retryAfterSeconds =
        response.statusCode === 429 || response.statusCode === 503
          ? parseRetryAfter(
              header('retry-after') ?? undefined,
              new Date(),
              options.retryAfterCapSeconds ?? FETCH_DEFAULTS.retryAfterCapSeconds,
            )
          : null;
      return done({ kind: 'http-error', ...facts, retryAfterSeconds });
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) return failed('timeout', `no complete answer within ${totalTimeoutMs} ms`);
    const refused = findCause(error, AddressRefusedError);
    if (refused) return failed('fetch-failed', refused.reason);
    if (error instanceof errors.ConnectTimeoutError) {
      return failed('timeout', `no connection within ${connectTimeoutMs} ms`);
    }
    if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
      return failed('timeout', `no complete answer within ${totalTimeoutMs} ms`);
    }
    if (error instanceof BodyTooLargeError || error instanceof UnsupportedEncodingError) {
      return failed('fetch-failed', error.message);
    }
    const code = networkErrorCode(error);
    if (code !== null) return failed('fetch-failed', `${code}: ${(error as Error).message}`);
    throw error;
  }
}

function pageBody(bytes: Buffer, contentType: string | null): PageBody {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return HTML_TYPES.has(mediaType)
    ? { kind: 'html', text: decodeHtml(bytes, contentType) }
    : { kind: 'bytes', bytes };
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof type) return cause;
  }
  return null;
}

/** The code of a network, TLS or zlib failure (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…), else null. */
function networkErrorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: unknown }).code;
  // A bad argument is a bug of ours, not the site's: it must surface, not become a status.
  if (typeof code === 'string') return /^(ERR_INVALID_ARG|UND_ERR_INVALID_ARG)/.test(code) ? null : code;
  return error.cause instanceof Error ? networkErrorCode(error.cause) : null;
}
