import { EXTRACT_LIMITS } from './limits.ts';
import type { PageIndex } from './page-index.ts';

/** A link of the page: an absolute http(s) URL, and whether every anchor to it said rel=nofollow. */
export interface PageLink {
  url: string;
  nofollow: boolean;
}

/** The URL the page's relative links resolve against: the first `<base href>`, else the page's own. */
export function baseUrlOf(index: PageIndex, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = index.base?.attribs?.href;
  const base = href === undefined ? null : URL.parse(href.trim(), page.href);
  return base && isWebUrl(base) ? base : page;
}

/**
 * The page's links (a `<meta http-equiv=refresh>` target, then `<a href>` and `<area href>`),
 * resolved, http(s) only, without user names, each once in document order, at most
 * `EXTRACT_LIMITS.links`. A URL linked both with and without rel=nofollow is followed: the site
 * vouches for it somewhere. A refresh target is followed: old sites redirect with it.
 */
export function pageLinks(index: PageIndex, base: URL): { links: PageLink[]; truncated: boolean } {
  const byUrl = new Map<string, PageLink>();
  let truncated = false;
  const refreshes = index.metas.flatMap((node) => {
    const target = refreshTarget(node.attribs ?? {});
    return target === undefined ? [] : [{ href: target, rel: undefined }];
  });
  const anchors = index.anchors.map((node) => ({ href: node.attribs?.href ?? '', rel: node.attribs?.rel }));
  for (const { href, rel } of [...refreshes, ...anchors]) {
    const url = resolveWebUrl(href, base);
    if (url === undefined) continue;
    const nofollow = relTokens(rel).includes('nofollow');
    const known = byUrl.get(url);
    if (known) known.nofollow &&= nofollow;
    else if (byUrl.size < EXTRACT_LIMITS.links) byUrl.set(url, { url, nofollow });
    else truncated = true;
  }
  return { links: [...byUrl.values()], truncated };
}

/**
 * The page's canonical URL from `<link rel=canonical>` and the HTTP `Link: <…>; rel="canonical"`
 * header, resolved; null when there is none, or when several disagree (a page that names two
 * canonicals names none that can be trusted).
 */
export function canonicalOf(
  index: PageIndex,
  base: URL,
  linkHeaderLines: readonly string[] = [],
): string | null {
  const found = new Set<string>();
  for (const node of index.linkTags) {
    if (!relTokens(node.attribs?.rel).includes('canonical')) continue;
    const url = resolveWebUrl(node.attribs?.href ?? '', base);
    if (url !== undefined) found.add(url);
  }
  for (const line of linkHeaderLines)
    for (const [, target, params] of line.matchAll(LINK_VALUE)) {
      const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? '');
      if (!relTokens(rel?.[1] ?? rel?.[2]).includes('canonical')) continue;
      const url = resolveWebUrl(target ?? '', base);
      if (url !== undefined) found.add(url);
    }
  return found.size === 1 ? ([...found][0] as string) : null;
}

/** One value of a Link header: `<target>` and its parameters up to the next value. */
const LINK_VALUE = /<([^>]*)>([^<]*)/g;

/** `0; url=/next`, `5;URL='next'`, `0; /next`: the URL part of a refresh's content. */
const REFRESH = /^\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i;

function refreshTarget(attribs: Record<string, string>): string | undefined {
  if ((attribs['http-equiv'] ?? '').toLowerCase() !== 'refresh') return undefined;
  const target = REFRESH.exec(attribs.content ?? '')?.[2] ?? '';
  return target === '' ? undefined : target;
}

function resolveWebUrl(href: string, base: URL): string | undefined {
  const url = URL.parse(href.trim(), base.href);
  return url && isWebUrl(url) && url.username === '' && url.password === '' ? url.href : undefined;
}

function isWebUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function relTokens(rel: string | undefined): string[] {
  return rel === undefined ? [] : rel.toLowerCase().split(/\s+/);
}
