import { isIP } from 'node:net';
import { Agent, type Dispatcher, errors } from 'undici';
import { type AddressPolicy, AddressRefusedError } from './address-policy.ts';
import { BodyTooLargeError, decodedBody, decodeHtml, readBody, UnsupportedEncodingError } from './body.ts';
import type { FetchedBytes } from './fetch-bytes.ts';
import { guardedLookup } from './guarded-lookup.ts';
import type {
  FetchFailure,
  FetchOptions,
  FetchOutcome,
  PageBody,
  RedirectHop,
  ResourceOutcome,
  ResponseFacts,
} from './outcome.ts';
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
  /**
   * The crawler's `FetchBytes` for robots.txt and sitemaps: the same checks and redirects as
   * `fetchPage`, the body streamed (decompressed) for a reader that caps it; throws with the
   * reason when no answer came.
   */
  fetchBytes(url: URL, options: FetchOptions): Promise<FetchedBytes>;
  /**
   * A request a rendered page makes: the same address checks and redirects as `fetchPage`, with the
   * page's method, headers and body; the answer's body is read (capped) whatever its status.
   */
  fetchResource(url: string, options: FetchOptions): Promise<ResourceOutcome>;
  close(): Promise<void>;
}

type AgentFor = (connectTimeoutMs: number) => Agent;

/**
 * A fetcher that connects only where `policy` allows: IP-literal hosts are checked before any
 * connection, names at connect time by the Agent's lookup. It never uses the global dispatcher.
 */
export function createPageFetcher(policy: AddressPolicy): PageFetcher {
  // The connect timeout is an Agent option, so there is one Agent per timeout a caller asks for.
  const agents = new Map<number, Agent>();
  const agentFor: AgentFor = (connectTimeoutMs) => {
    let agent = agents.get(connectTimeoutMs);
    if (!agent) {
      agent = new Agent({ connect: { lookup: guardedLookup(policy), timeout: connectTimeoutMs } });
      agents.set(connectTimeoutMs, agent);
    }
    return agent;
  };
  return {
    fetchPage: (url, options) => fetchPage(url, options, policy, agentFor),
    fetchResource: (url, options) => fetchResource(url, options, policy, agentFor),
    async fetchBytes(url, options) {
      const answer = await follow(url.href, options, policy, agentFor);
      if (answer.kind !== 'answer') throw new Error(answer.reason);
      const { response } = answer;
      return {
        status: response.statusCode,
        body: decodedBody(response.body, header(response, 'content-encoding') ?? undefined),
      };
    },
    async close() {
      await Promise.all([...agents.values()].map((agent) => agent.close()));
      agents.clear();
    },
  };
}

function header(response: Dispatcher.ResponseData, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value.join(', ') : value) ?? null;
}

/** The final answer after redirects, with what the fetch needs to go on reading it. */
interface Answer {
  kind: 'answer';
  response: Dispatcher.ResponseData;
  facts: ResponseFacts;
  signal: AbortSignal;
  limits: Limits;
  started: number;
}

interface Limits {
  connectTimeoutMs: number;
  totalTimeoutMs: number;
}

/**
 * Requests `requested`, following redirects by hand (each hop checked again), up to the first
 * answer that is not a redirect; its body is left to the caller. Failures come back as outcomes.
 */
async function follow(
  requested: string,
  options: FetchOptions,
  policy: AddressPolicy,
  agentFor: AgentFor,
): Promise<Answer | Extract<FetchOutcome, FetchFailure>> {
  const limits: Limits = {
    connectTimeoutMs: options.connectTimeoutMs ?? FETCH_DEFAULTS.connectTimeoutMs,
    totalTimeoutMs: options.totalTimeoutMs ?? FETCH_DEFAULTS.totalTimeoutMs,
  };
  const { connectTimeoutMs, totalTimeoutMs } = limits;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const started = performance.now();
  const timeout = AbortSignal.timeout(totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const redirects: RedirectHop[] = [];
  let url = requested;
  // A redirect to another origin drops the sign-in for the rest of the chain, even back to the site.
  let auth = options.auth;
  let method = options.method ?? 'GET';
  let body = options.body;
  const requestedOrigin = URL.canParse(requested) ? new URL(requested).origin : null;
  const failed = (kind: 'fetch-failed' | 'timeout', reason: string) =>
    failure(kind, reason, url, redirects, started);

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
        if (reason !== null) return { ...failed('fetch-failed', refusal(reason)), addressRefused: true };
      }
      // Validators belong to the URL the caller asked for, not to where it redirects.
      const conditional = redirects.length === 0;
      if (auth && target.origin !== auth.origin) auth = undefined;
      const response = await agentFor(connectTimeoutMs).request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method,
        ...(body ? { body } : {}),
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          // The caller's headers (credentials among them) go to the origin it asked for only.
          ...(target.origin === requestedOrigin ? options.headers : {}),
          'user-agent': options.userAgent,
          'accept-encoding': 'gzip, deflate, br',
          ...(conditional && options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
          ...(conditional && options.ifModifiedSince ? { 'if-modified-since': options.ifModifiedSince } : {}),
          ...auth?.headers,
        },
        signal,
        // Timeouts are the caller's total timeout, not undici's defaults of minutes.
        headersTimeout: totalTimeoutMs,
        bodyTimeout: totalTimeoutMs,
      });
      const firstByteMs = performance.now() - started;
      const location = header(response, 'location');
      if (REDIRECT_STATUSES.has(response.statusCode) && location !== null) {
        await response.body.dump();
        if (redirects.length === maxRedirects)
          return failed('fetch-failed', `more than ${maxRedirects} redirects`);
        const next = URL.canParse(location, url) ? new URL(location, url) : null;
        if (!next) return failed('fetch-failed', `the redirect to '${location}' is not a URL`);
        next.hash = '';
        // As browsers do: a 303, or a 301/302 of a POST, is followed with a GET without the body.
        if (response.statusCode === 303 || (method === 'POST' && response.statusCode <= 302)) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
        }
        redirects.push({ url, status: response.statusCode, location: next.href });
        url = next.href;
        continue;
      }
      const facts: ResponseFacts = {
        url,
        redirects,
        status: response.statusCode,
        contentType: header(response, 'content-type'),
        etag: header(response, 'etag'),
        lastModified: header(response, 'last-modified'),
        robotsTag: header(response, 'x-robots-tag'),
        headers: response.headers,
        timings: { firstByteMs, totalMs: 0 },
      };
      return { kind: 'answer', response, facts, signal, limits, started };
    }
  } catch (error) {
    return classify(error, options, timeout, limits, failed);
  }
}

/**
 * An address the policy refused, as the crawl report shows it: what was refused and what would
 * allow it (a site on the operator's own network is crawled only when the server names it).
 */
export function refusal(reason: string): string {
  return `${reason}: private and local addresses are crawled only when the server allows them (SITESEER_CRAWL_ALLOW_PRIVATE)`;
}

/**
 * What an error of a fetch comes to: a timeout or a fetch failure with the reason. An abort by
 * the caller and bugs of ours (bad arguments, anything unknown) are thrown, not recorded.
 */
function classify(
  error: unknown,
  options: FetchOptions,
  timeout: AbortSignal,
  limits: Limits,
  failed: (kind: 'fetch-failed' | 'timeout', reason: string) => Extract<FetchOutcome, FetchFailure>,
) {
  if (options.signal?.aborted) throw error;
  if (timeout.aborted) return failed('timeout', `no complete answer within ${limits.totalTimeoutMs} ms`);
  const refused = findCause(error, AddressRefusedError);
  if (refused) return { ...failed('fetch-failed', refusal(refused.reason)), addressRefused: true as const };
  if (error instanceof errors.ConnectTimeoutError) {
    return failed('timeout', `no connection within ${limits.connectTimeoutMs} ms`);
  }
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
    return failed('timeout', `no complete answer within ${limits.totalTimeoutMs} ms`);
  }
  if (error instanceof BodyTooLargeError)
    return { ...failed('fetch-failed', error.message), tooLarge: true as const };
  if (error instanceof UnsupportedEncodingError) return failed('fetch-failed', error.message);
  const code = networkErrorCode(error);
  if (code !== null) return failed('fetch-failed', networkReason(code));
  throw error;
}

/** TLS failures whose cause is the certificate the site presented. */
const CERTIFICATE_CODES =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|ERR_TLS_CERT_ALTNAME_INVALID)/;

/**
 * A network failure as the crawl report shows it: what happened in plain words, then the code for
 * whoever looks further (OpenSSL's own text, 'tlsany_meth.c:77', says nothing to a site's owner).
 */
export function networkReason(code: string): string {
  const plain = (text: string) => `${text} (${code})`;
  if (code === 'ECONNREFUSED') return plain('The site refused the connection: nothing answers on that port');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return plain("The site's host name could not be found");
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return plain("The site's address cannot be reached from this server");
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED')
    return plain('The site closed the connection before its answer was complete');
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG')
    return plain(
      'The site does not speak HTTPS on that port: if it has no HTTPS, give its address with http://',
    );
  if (CERTIFICATE_CODES.test(code))
    return plain("The site's HTTPS certificate is not valid (expired, self-signed or for another name)");
  if (/^ERR_(SSL|TLS)_/.test(code)) return plain('The secure connection (HTTPS) to the site failed');
  if (/^Z_|^ERR_ZLIB|^ERR__?BROTLI/.test(code))
    return plain("The site's compressed answer could not be read");
  return plain('The connection to the site failed');
}

function failure(
  kind: 'fetch-failed' | 'timeout',
  reason: string,
  url: string,
  redirects: RedirectHop[],
  started: number,
): Extract<FetchOutcome, FetchFailure> {
  return {
    kind,
    reason,
    url,
    redirects,
    timings: { firstByteMs: null, totalMs: performance.now() - started },
  };
}

async function fetchPage(
  requested: string,
  options: FetchOptions,
  policy: AddressPolicy,
  agentFor: AgentFor,
): Promise<FetchOutcome> {
  const answer = await follow(requested, options, policy, agentFor);
  if (answer.kind !== 'answer') return answer;
  const { response, facts, signal, limits, started } = answer;
  const done = <T extends FetchOutcome>(outcome: T): T => {
    outcome.timings.totalMs = performance.now() - started;
    return outcome;
  };
  try {
    if (response.statusCode >= 200 && response.statusCode < 300) {
      const bytes = await readBody(
        response.body,
        header(response, 'content-encoding') ?? undefined,
        options.maxBodyBytes ?? FETCH_DEFAULTS.maxBodyBytes,
        signal,
      );
      return done({ kind: 'page', ...facts, body: pageBody(bytes, facts.contentType) });
    }
    await response.body.dump();
  } catch (error) {
    // Past the caller's own abort (checked first), an aborted signal is the total timeout.
    return classify(error, options, signal, limits, (kind, reason) =>
      failure(kind, reason, facts.url, facts.redirects, started),
    );
  }
  if (response.statusCode === 304) return done({ kind: 'not-modified', ...facts });
  if (response.statusCode === 404 || response.statusCode === 410)
    return done({ kind: 'not-found', ...facts });
  const retryAfterSeconds =
    response.statusCode === 429 || response.statusCode === 503
      ? parseRetryAfter(
          header(response, 'retry-after') ?? undefined,
          new Date(),
          options.retryAfterCapSeconds ?? FETCH_DEFAULTS.retryAfterCapSeconds,
        )
      : null;
  return done({ kind: 'http-error', ...facts, retryAfterSeconds });
}

async function fetchResource(
  requested: string,
  options: FetchOptions,
  policy: AddressPolicy,
  agentFor: AgentFor,
): Promise<ResourceOutcome> {
  const answer = await follow(requested, options, policy, agentFor);
  if (answer.kind !== 'answer') return answer;
  const { response, facts, signal, limits, started } = answer;
  try {
    const body = await readBody(
      response.body,
      header(response, 'content-encoding') ?? undefined,
      options.maxBodyBytes ?? FETCH_DEFAULTS.maxBodyBytes,
      signal,
    );
    facts.timings.totalMs = performance.now() - started;
    return { kind: 'resource', ...facts, body };
  } catch (error) {
    return classify(error, options, signal, limits, (kind, reason) =>
      failure(kind, reason, facts.url, facts.redirects, started),
    );
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
