import type { CrawlReportSitemap, CrawlReportSitemaps } from '@siteseer/core';
import { discard, type FetchBytes } from '../fetch/fetch-bytes.ts';
import { crawledUrl, normaliseUrl, UrlRefusedError } from './normalise-url.ts';
import type { RobotsRules } from './robots-rules.ts';
import {
  readSitemap,
  SITEMAP_FILE_LIMITS,
  type Sitemap,
  type SitemapEntry,
  type SitemapFileLimits,
  SitemapRefusedError,
} from './sitemap-reader.ts';
import { type UrlScope, urlScope } from './url-scope.ts';

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

/** A page a sitemap listed, with the sitemap file that listed it first. */
interface SitemapPage extends SitemapEntry {
  sitemap: string;
}

/** A sitemap file met while reading a site's sitemaps: what it was, or why it was not read. */
interface SitemapFile {
  url: string;
  /** Its root element once read; undefined when it was not. */
  kind: Sitemap['kind'] | undefined;
  /** Why it was not read, or read only in part. */
  reason: string | undefined;
  /** Entries without a usable `<loc>`. */
  skipped: number;
  /** Of an index: the sitemaps it lists. */
  sitemaps: number;
}

/** Pages found in a site's sitemaps, and the sitemap files not read with why. */
export interface SitemapDiscovery {
  /** Page URLs once each (the first lastmod seen kept), in the order found. */
  pages: SitemapPage[];
  refused: { url: string; reason: string }[];
  /** Every sitemap file met, read or not, in the order met (the crawl report's rows). */
  files: SitemapFile[];
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
  const pages = new Map<string, SitemapPage>();
  const refused: SitemapDiscovery['refused'] = [];
  const files: SitemapFile[] = [];
  const refuse = (url: string, reason: string) => {
    refused.push({ url, reason });
    files.push({ url, kind: undefined, reason, skipped: 0, sitemaps: 0 });
  };
  const done = () => ({ pages: [...pages.values()], refused, files });
  const seen = new Set(urls);
  const queue = [...seen].map((url) => ({ url, depth: 0 }));
  let read = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, depth } = next;
    if (read === limits.maxFiles) {
      refuse(url, `${limits.maxFiles} sitemap files were read already`);
      continue;
    }
    read += 1;
    const { sitemap, reason } = await fetchSitemap(fetch, url, limits);
    if (!sitemap) {
      refuse(url, reason ?? 'not read');
      continue;
    }
    const file: SitemapFile = {
      url,
      kind: sitemap.kind,
      reason: undefined,
      skipped: sitemap.skipped,
      sitemaps: 0,
    };
    files.push(file);
    if (sitemap.kind === 'sitemapindex') {
      file.sitemaps = sitemap.entries.length;
      for (const child of sitemap.entries) {
        if (seen.has(child.loc)) continue;
        seen.add(child.loc);
        if (new URL(child.loc).origin !== new URL(url).origin) {
          refuse(child.loc, `listed by ${url}, which is on another host`);
        } else if (depth === limits.maxDepth) {
          refuse(child.loc, `sitemap indexes nested deeper than ${limits.maxDepth} levels`);
        } else {
          queue.push({ url: child.loc, depth: depth + 1 });
        }
      }
      continue;
    }
    for (const page of sitemap.entries) {
      if (pages.size === limits.maxTotalUrls) {
        file.reason = `read in part: the sitemaps list more than ${limits.maxTotalUrls} pages`;
        refused.push({ url, reason: file.reason });
        return done();
      }
      if (!pages.has(page.loc)) pages.set(page.loc, { ...page, sitemap: url });
    }
  }
  return done();
}

/** A start site's sitemap pages to queue: the URL as the crawl records it, and its key. */
export interface SitemapPageToQueue {
  url: string;
  urlKey: string;
}

/**
 * What a crawl takes from a site's sitemaps: the pages in its scope to queue, and a row per sitemap
 * file for the crawl report, counting the pages it left out and why (on none of the crawl's sites,
 * outside its URL filters, no URL it fetches), or saying why the file was not read.
 */
export function sitemapOutcome(
  discovery: SitemapDiscovery,
  crawl: {
    sites: readonly string[];
    scope: UrlScope;
    removeHashFragments: boolean;
    ignoreParameters?: readonly string[];
  },
): { pages: SitemapPageToQueue[]; files: CrawlReportSitemap[] } {
  const onSites = urlScope(crawl.sites, null);
  const rows = new Map<string, CrawlReportSitemap>();
  for (const file of discovery.files) {
    rows.set(file.url, {
      url: file.url,
      ...(file.kind === undefined ? {} : { kind: file.kind === 'sitemapindex' ? 'index' : 'sitemap' }),
      ...(file.reason === undefined ? {} : { reason: file.reason }),
      queued: 0,
      otherSite: 0,
      filtered: 0,
      invalid: file.skipped,
      sitemaps: file.sitemaps,
    });
  }
  const pages: SitemapPageToQueue[] = [];
  for (const { loc, sitemap } of discovery.pages) {
    const row = rows.get(sitemap);
    if (!row) throw new Error(`The page ${loc} came from ${sitemap}, which was not read.`);
    if (!onSites(loc)) row.otherSite += 1;
    else if (!crawl.scope(loc)) row.filtered += 1;
    else {
      try {
        pages.push({ url: crawledUrl(loc, crawl), urlKey: normaliseUrl(loc, crawl) });
        row.queued += 1;
      } catch (error) {
        // A URL the crawler never fetches (one with a user name, say) is left out, not the sitemap.
        if (!(error instanceof UrlRefusedError)) throw error;
        row.invalid += 1;
      }
    }
  }
  return { pages, files: [...rows.values()] };
}

/** Sitemaps not read that the crawl report lists, at most: an index may list thousands elsewhere. */
export const SITEMAP_REPORT_NOT_READ = 100;

/**
 * The crawl report's sitemaps: every file read (at most `maxFiles` per site), and the first
 * SITEMAP_REPORT_NOT_READ of those not read, the rest counted. Two start sites on one origin read
 * the same sitemaps: each file is listed once.
 */
export function sitemapReport(files: readonly CrawlReportSitemap[]): CrawlReportSitemaps {
  const kept: CrawlReportSitemap[] = [];
  const urls = new Set<string>();
  let notRead = 0;
  let omitted = 0;
  for (const file of files) {
    if (urls.has(file.url)) continue;
    urls.add(file.url);
    if (file.kind === undefined && notRead === SITEMAP_REPORT_NOT_READ) {
      omitted += 1;
      continue;
    }
    if (file.kind === undefined) notRead += 1;
    kept.push(file);
  }
  return { files: kept, omitted };
}
