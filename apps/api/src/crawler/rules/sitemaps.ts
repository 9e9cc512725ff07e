import { discard, type FetchBytes } from './fetch-bytes.ts';
import type { RobotsRules } from './robots-rules.ts';
import {
  readSitemap,
  SITEMAP_FILE_LIMITS,
  type SitemapEntry,
  type SitemapFileLimits,
  SitemapRefusedError,
} from './sitemap-reader.ts';

/**
 * How far sitemap discovery goes for one site. The protocol forbids an index inside an index; one
 * such level is tolerated, as some generators nest them. Files are read one at a time (politeness).
 */
export const SITEMAP_LIMITS = {
  ...SITEMAP_FILE_LIMITS,
  /** Levels of index below a starting sitemap (0: indexes are not followed). */
  maxDepth: 2,
  /** Sitemap files fetched in all. */
  maxFiles: 50,
  /** Page URLs kept in all; reading stops there. */
  maxTotalUrls: 200_000,
};
export type SitemapLimits = typeof SITEMAP_LIMITS;

/** Pages found in a site's sitemaps, and the sitemap files not read with why. */
export interface SitemapDiscovery {
  /** Page URLs once each (the first lastmod seen kept), in the order found. */
  pages: SitemapEntry[];
  refused: { url: string; reason: string }[];
}

/** Where a site's sitemaps are: its robots.txt `Sitemap:` lines, then `/sitemap.xml`. */
export function sitemapUrls(origin: string, robots: Pick<RobotsRules, 'sitemaps'>): string[] {
  return [...new Set([...robots.sitemaps, new URL('/sitemap.xml', origin).href])];
}

/** One sitemap file, fetched and read; the reason when it is not. */
async function fetchSitemap(fetch: FetchBytes, url: string, limits: SitemapFileLimits) {
  let answer: Awaited<ReturnType<FetchBytes>>;
  try {
    answer = await fetch(new URL(url));
  } catch (error) {
    return { reason: `unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (answer.status < 200 || answer.status >= 300) {
    await discard(answer.body);
    return { reason: `answered HTTP ${answer.status}` };
  }
  try {
    return { sitemap: await readSitemap(answer.body, limits) };
  } catch (error) {
    if (error instanceof SitemapRefusedError) return { reason: error.message };
    // Anything else is the body breaking off (reset, timeout): that file is lost, not the others.
    return { reason: `download failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Reads the sitemaps at the URLs, following index files breadth-first to limits.maxDepth. An index
 * may only list sitemaps of its own origin (the protocol's rule, and no fetches elsewhere on a
 * site's say-so). Stops after limits.maxFiles files or limits.maxTotalUrls pages, saying so.
 */
export async function readSitemaps(
  urls: readonly string[],
  fetch: FetchBytes,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<SitemapDiscovery> {
  const pages = new Map<string, SitemapEntry>();
  const refused: SitemapDiscovery['refused'] = [];
  const seen = new Set(urls);
  const queue = [...seen].map((url) => ({ url, depth: 0 }));
  let files = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, depth } = next;
    if (files === limits.maxFiles) {
      refused.push({ url, reason: `not read: ${limits.maxFiles} sitemap files were read already` });
      continue;
    }
    files += 1;
    const { sitemap, reason } = await fetchSitemap(fetch, url, limits);
    if (!sitemap) {
      refused.push({ url, reason: reason ?? 'not read' });
      continue;
    }
    if (sitemap.kind === 'sitemapindex') {
      for (const child of sitemap.entries) {
        if (seen.has(child.loc)) continue;
        seen.add(child.loc);
        if (new URL(child.loc).origin !== new URL(url).origin) {
          refused.push({ url: child.loc, reason: `listed by ${url}, which is on another host` });
        } else if (depth === limits.maxDepth) {
          refused.push({
            url: child.loc,
            reason: `sitemap indexes nested deeper than ${limits.maxDepth} levels`,
          });
        } else {
          queue.push({ url: child.loc, depth: depth + 1 });
        }
      }
      continue;
    }
    for (const page of sitemap.entries) {
      if (pages.size === limits.maxTotalUrls) {
        refused.push({
          url,
          reason: `read in part: the sitemaps list more than ${limits.maxTotalUrls} pages`,
        });
        return { pages: [...pages.values()], refused };
      }
      if (!pages.has(page.loc)) pages.set(page.loc, page);
    }
  }
  return { pages: [...pages.values()], refused };
}
