export {
  crawledUrl,
  type NormaliseOptions,
  normaliseUrl,
  resolveLink,
  UrlRefusedError,
} from './normalise-url.ts';
export {
  ROBOTS_CACHE_MS,
  ROBOTS_MAX_BYTES,
  ROBOTS_RETRY_MS,
  RobotsCache,
  type RobotsFile,
} from './robots-cache.ts';
export {
  MAX_CRAWL_DELAY_MS,
  parseRobotsTxt,
  ROBOTS_USER_AGENT_TOKEN,
  type RobotsRules,
} from './robots-rules.ts';
export {
  readSitemap,
  SITEMAP_FILE_LIMITS,
  type Sitemap,
  type SitemapEntry,
  SitemapRefusedError,
} from './sitemap-reader.ts';
export {
  readSitemaps,
  SITEMAP_LIMITS,
  SITEMAP_REPORT_NOT_READ,
  type SitemapDiscovery,
  type SitemapFile,
  type SitemapLimits,
  type SitemapPage,
  type SitemapPageToQueue,
  sitemapOutcome,
  sitemapReport,
  sitemapUrls,
} from './sitemaps.ts';
export { type UrlScope, urlAllowed, urlScope } from './url-scope.ts';
