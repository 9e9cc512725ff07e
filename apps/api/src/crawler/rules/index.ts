export { canonicalIdentity } from './canonical-identity.ts';
export { crawledUrl, normaliseUrl, resolveLink, UrlRefusedError } from './normalise-url.ts';
export { RobotsCache, type RobotsFile } from './robots-cache.ts';
export { ROBOTS_USER_AGENT_TOKEN } from './robots-rules.ts';
export { readSitemaps, sitemapOutcome, sitemapReport, sitemapUrls } from './sitemaps.ts';
export { type ScopeVerdict, scopeVerdict, type UrlScope, urlScope } from './url-scope.ts';
