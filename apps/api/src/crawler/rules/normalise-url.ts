import {
  ignoredParameters,
  withoutIgnoredParameters,
  withoutSessionPathParameters,
} from './ignored-parameters.ts';

/** A URL the crawler will not fetch, with the reason in the message. */
export class UrlRefusedError extends Error {
  readonly url: string;

  constructor(url: string, reason: string) {
    super(`${url}: ${reason}`);
    this.name = 'UrlRefusedError';
    this.url = url;
  }
}

export interface NormaliseOptions {
  /** Drop every `#fragment`, a client-side app's views too (the engine's removeHashFragments setting). */
  removeHashFragments: boolean;
  /**
   * The engine's query parameters to drop (names or `prefix*`), besides the built-in tracking and
   * session ones, which are always dropped (see ignoredParameters).
   */
  ignoreParameters?: readonly string[];
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * RFC 3986 section 6.2.2 equivalences WHATWG URL leaves alone: hex digits of escapes in upper case,
 * and escapes of unreserved characters (`%7E`, `%41`) decoded, as servers read them the same.
 */
export function normalisePercentEncoding(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * Query parameters sorted by name, stable for equal names (`?b=1&a=2&a=1` → `?a=2&a=1&b=1`), so the
 * same page reached through links that order them differently is one URL. Pieces are kept as
 * written: re-serialising through URLSearchParams would rewrite `/` and spaces, which some servers
 * read differently. Empty pieces (`&&`) and an empty query are dropped.
 */
function sortedQuery(search: string): string {
  const pieces = search
    .slice(1)
    .split('&')
    .filter((piece) => piece !== '');
  if (pieces.length === 0) return '';
  const keyOf = (piece: string) => {
    const at = piece.indexOf('=');
    return at === -1 ? piece : piece.slice(0, at);
  };
  // Array.prototype.sort is stable, so equal names keep their order.
  pieces.sort((a, b) => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return `?${pieces.join('&')}`;
}

function parseHttpUrl(input: string | URL, base?: string | URL): URL | undefined {
  const url = URL.parse(String(input), base === undefined ? undefined : String(base));
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

/**
 * Whether a URL's `#fragment` is kept: only when the engine keeps fragments (removeHashFragments
 * off) and the fragment names a view of a client-side app ('#!/pricing', '#/pricing'). An in-page
 * anchor ('#installation') is never kept: the fetch never sends it, the page is the same, and a
 * manual's thousands of anchor links would each fetch their page again and list it under an anchor.
 */
function keepsFragment(hash: string, options: NormaliseOptions): boolean {
  return !options.removeHashFragments && (hash.startsWith('#!') || hash.startsWith('#/'));
}

/**
 * The crawler's identity of a URL: WHATWG parsing (scheme and host lowercased, default port dropped,
 * dot segments resolved, characters that need it percent-encoded), escapes normalised (see
 * normalisePercentEncoding), tracking and session parameters dropped (`?utm_source=…`,
 * `;jsessionid=…`, the engine's `ignoreParameters`), the others sorted, and the fragment dropped
 * unless kept (see keepsFragment). Throws UrlRefusedError for anything but an absolute http(s) URL.
 */
export function normaliseUrl(input: string | URL, options: NormaliseOptions): string {
  const text = String(input);
  if (!URL.canParse(text)) throw new UrlRefusedError(text, 'not an absolute URL');
  const url = parseHttpUrl(text);
  if (!url) throw new UrlRefusedError(text, 'only http and https URLs are crawled');
  // Credentials in a URL would be sent to the site and stored in the report: never crawl them.
  if (url.username !== '' || url.password !== '') {
    throw new UrlRefusedError(text, 'URLs with a user name or password are not crawled');
  }
  url.pathname = withoutSessionPathParameters(normalisePercentEncoding(url.pathname));
  const ignored = ignoredParameters(options.ignoreParameters);
  // Setting '' removes the query, so a bare '?' goes too.
  url.search = sortedQuery(withoutIgnoredParameters(normalisePercentEncoding(url.search), ignored));
  if (!keepsFragment(url.hash, options)) url.hash = '';
  return url.href;
}

/**
 * The URL as written, as the crawl records and shows it: without its `#fragment` unless that is
 * kept (keepsFragment; the key drops it too), so a page first found through a link to one of its
 * anchors is not listed, and searched, under that anchor; and without the parameters the key drops
 * (see normaliseUrl), so a result never links to a campaign's or a visitor's session URL.
 */
export function crawledUrl(url: string, options: NormaliseOptions): string {
  const hash = url.indexOf('#');
  const fragment = hash < 0 || !keepsFragment(url.slice(hash), options) ? '' : url.slice(hash);
  const written = hash < 0 ? url : url.slice(0, hash);
  const query = written.indexOf('?');
  const path = withoutSessionPathParameters(query < 0 ? written : written.slice(0, query));
  const search =
    query < 0
      ? ''
      : withoutIgnoredParameters(written.slice(query), ignoredParameters(options.ignoreParameters));
  return `${path}${search}${fragment}`;
}

/**
 * The longest URL the crawler queues, in characters of its WHATWG form (ASCII: anything else is
 * percent-encoded, so a short link of other scripts may be three to nine times longer): the sitemap
 * protocol's limit, which servers and browsers also keep to. A URL key is part of an index row,
 * which PostgreSQL refuses past 2,704 bytes; a longer link made the record of its page fail.
 */
export const URL_MAX_CHARS = 2048;

/**
 * A link of a page as an absolute URL (`href` resolved against the page's URL or its `<base>`), or
 * undefined when it is not an http(s) link (mailto:, javascript:, tel:, unparsable) or is longer
 * than URL_MAX_CHARS: such links are skipped, not errors. Not normalised: pass the result to
 * normaliseUrl.
 */
export function resolveLink(base: string | URL, href: string): string | undefined {
  const url = parseHttpUrl(href.trim(), base)?.href;
  return url !== undefined && url.length <= URL_MAX_CHARS ? url : undefined;
}
