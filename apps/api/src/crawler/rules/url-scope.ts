import { parseSiteUrl, wildcardToRegExp } from '@siteseer/core';

/** Which URLs a crawl may queue; build once per crawl, ask per link. */
export type UrlScope = (url: string) => boolean;

interface Filter {
  exclude: boolean;
  part: (url: URL) => string;
  pattern: RegExp;
}

/** `www.example.com` and `example.com` are one site: sites often redirect from one to the other. */
function siteHost(url: URL): string {
  return url.host.replace(/^www\./, '');
}

/**
 * Which part of the URL a filter is matched against, from how the filter starts: a path (`/docs/`)
 * against path and query; a scheme or a leading `*` against the whole URL; anything else
 * (`example.com/docs`) against host, path and query.
 */
function partFor(text: string): Filter['part'] {
  if (text.startsWith('/')) return (url) => url.pathname + url.search;
  if (/^(https?:\/\/|\*)/i.test(text)) return (url) => url.href;
  return (url) => url.host + url.pathname + url.search;
}

function compileFilter(raw: string): Filter | undefined {
  const exclude = raw.startsWith('-');
  const text = (exclude ? raw.slice(1) : raw).trim();
  if (text === '') return undefined;
  // A filter is a prefix, as robots.txt rules are; a trailing `$` asks for the whole part instead.
  const whole = text.endsWith('$');
  const pattern = wildcardToRegExp(whole ? text.slice(0, -1) : `${text}*`);
  return { exclude, part: partFor(text), pattern };
}

/**
 * The scope of a crawl: a URL is in it when it is an http(s) URL on one of the start sites (same
 * host, either scheme, `www.` or not), matches at least one include filter when there are any, and
 * no exclude filter (a filter starting with `-`). Filters use the wildcard syntax of relevance
 * rules (`*` any run, `?` one character, case-insensitive); blank filters are ignored.
 */
export function urlScope(sites: readonly string[], filters: readonly string[] | null): UrlScope {
  const hosts = new Set(
    sites.map((site) => {
      const url = parseSiteUrl(site);
      if (!url) throw new Error(`The start URL ${JSON.stringify(site)} is not a valid site URL.`);
      return siteHost(url);
    }),
  );
  const compiled = (filters ?? []).flatMap((raw) => compileFilter(raw.trim()) ?? []);
  const includes = compiled.filter((filter) => !filter.exclude);
  const excludes = compiled.filter((filter) => filter.exclude);
  const matches = (url: URL) => (filter: Filter) => filter.pattern.test(filter.part(url));
  return (text) => {
    const url = URL.parse(text);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
    if (!hosts.has(siteHost(url))) return false;
    if (includes.length > 0 && !includes.some(matches(url))) return false;
    return !excludes.some(matches(url));
  };
}
