import { parseSiteUrl, wildcardToRegExp } from '@siteseer/core';

/** Which URLs a crawl may queue; build once per crawl, ask per link. */
export type UrlScope = (url: string) => boolean;

interface Filter {
  /** The filter as the settings spell it (`-/private/`). */
  raw: string;
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
  return { raw, exclude, part: partFor(text), pattern };
}

/**
 * Why a URL is in a crawl's scope or not: the start site it is on (null when none), and the filter
 * that decided: the include filter it matched, or the exclude filter that left it out (null when
 * no filter decided). `refusal` says which test it failed, null when it is in scope.
 */
export interface ScopeVerdict {
  inScope: boolean;
  site: string | null;
  filter: string | null;
  refusal: 'not-http' | 'other-site' | 'no-include' | 'excluded' | null;
}

/**
 * The scope of a crawl: a URL is in it when it is an http(s) URL on one of the start sites (same
 * host, either scheme, `www.` or not), matches at least one include filter when there are any, and
 * no exclude filter (a filter starting with `-`). Filters use the wildcard syntax of relevance
 * rules (`*` any run, `?` one character, case-insensitive); blank filters are ignored.
 */
export function urlScope(sites: readonly string[], filters: readonly string[] | null): UrlScope {
  const verdict = scopeVerdict(sites, filters);
  return (text) => verdict(text).inScope;
}

/** `urlScope` with its reasons (see ScopeVerdict): what the URL inspector explains. */
export function scopeVerdict(
  sites: readonly string[],
  filters: readonly string[] | null,
): (url: string) => ScopeVerdict {
  const hosts = new Map<string, string>();
  for (const site of sites) {
    const url = parseSiteUrl(site);
    if (!url) throw new Error(`The start URL ${JSON.stringify(site)} is not a valid site URL.`);
    if (!hosts.has(siteHost(url))) hosts.set(siteHost(url), site);
  }
  const compiled = (filters ?? []).flatMap((raw) => compileFilter(raw.trim()) ?? []);
  const includes = compiled.filter((filter) => !filter.exclude);
  const excludes = compiled.filter((filter) => filter.exclude);
  const matches = (url: URL) => (filter: Filter) => filter.pattern.test(filter.part(url));
  const refused = (refusal: ScopeVerdict['refusal'], site: string | null, filter: string | null) => ({
    inScope: false,
    site,
    filter,
    refusal,
  });
  return (text) => {
    const url = URL.parse(text);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return refused('not-http', null, null);
    const site = hosts.get(siteHost(url));
    if (site === undefined) return refused('other-site', null, null);
    const included = includes.find(matches(url));
    if (includes.length > 0 && !included) return refused('no-include', site, null);
    const excluded = excludes.find(matches(url));
    if (excluded) return refused('excluded', site, excluded.raw);
    return { inScope: true, site, filter: included?.raw ?? null, refusal: null };
  };
}
