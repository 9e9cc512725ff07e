import robotsParserExports from 'robots-parser';
import { normalisePercentEncoding, resolveLink } from './normalise-url.ts';

// robots-parser is CommonJS (`module.exports` is the function) while its types declare an ES default
// export: imported from ESM, the default import is the function itself.
const robotsParser = robotsParserExports as unknown as typeof robotsParserExports.default;

/** The product token robots.txt groups are matched against (case-insensitively). */
export const ROBOTS_USER_AGENT_TOKEN = 'SiteseerBot';

/** A longer Crawl-delay would let one site stall a crawl for hours; 30 s is the most we wait. */
const MAX_CRAWL_DELAY_MS = 30_000;

/** What a site's robots.txt lets the crawler do. */
export interface RobotsRules {
  /** Whether the URL (of this robots.txt's origin) may be fetched. */
  isAllowed(url: string): boolean;
  /** Crawl-delay of the group that applies, in ms, at most MAX_CRAWL_DELAY_MS; undefined when none. */
  readonly crawlDelayMs: number | undefined;
  /** Absolute http(s) URLs of the `Sitemap:` lines. */
  readonly sitemaps: readonly string[];
}

/** No robots.txt (4xx): every URL allowed. */
export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: undefined, sitemaps: [] };

/** robots.txt unreachable or failing (5xx): nothing may be fetched (RFC 9309 section 2.3.1.4). */
export const DISALLOW_ALL: RobotsRules = { isAllowed: () => false, crawlDelayMs: undefined, sitemaps: [] };

const RULE_LINE = /^([ \t]*(allow|disallow|user-agent)[ \t]*:[ \t]*)([^#]*)/i;

function prepareLine(line: string): string {
  return line.replace(RULE_LINE, (_line, head: string, key: string, value: string) => {
    if (key.toLowerCase() !== 'user-agent') return head + normalisePercentEncoding(value);
    return head + (/^[A-Za-z_-]+/.exec(value.trim())?.[0] ?? value);
  });
}

/**
 * What robots-parser needs to read a robots.txt as RFC 9309 does:
 * - rule paths with unreserved escapes decoded (`%62%61%7A` is `baz`, section 2.2.2), as it compares
 *   them as written;
 * - user-agent values reduced to their product token (`FooBot/2.1`, `FooBot Images` → `FooBot`);
 * - an empty `Disallow:` closing each run of user-agent lines: it forgets a group with no rules and
 *   falls back to `*`, where the RFC's example (section 5.1) has such a group allow everything.
 */
function prepare(text: string): string {
  const out: string[] = [];
  let inAgents = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const key = /^([^:#]*):/.exec(line)?.[1]?.trim().toLowerCase();
    if (key) {
      if (inAgents && key !== 'user-agent') out.push('disallow:');
      inAgents = key === 'user-agent';
    }
    out.push(prepareLine(line));
  }
  if (inAgents) out.push('disallow:');
  return out.join('\n');
}

/**
 * The path the rules are matched against: escapes normalised like the rules', and a literal `*`
 * or `$` escaped, as a rule spells them `%2A` and `%24` (RFC 9309 section 2.2.3).
 */
function matchPath(url: URL): string {
  return normalisePercentEncoding(url.pathname + url.search)
    .replaceAll('*', '%2A')
    .replaceAll('$', '%24');
}

/** The rules of a robots.txt body fetched from robotsUrl, for ROBOTS_USER_AGENT_TOKEN. */
export function parseRobotsTxt(robotsUrl: string, text: string): RobotsRules {
  const robots = robotsParser(robotsUrl, prepare(text));
  const origin = new URL(robotsUrl).origin;
  const delay = robots.getCrawlDelay(ROBOTS_USER_AGENT_TOKEN);
  return {
    isAllowed(text) {
      const url = new URL(text);
      if (url.origin !== origin) throw new Error(`${text} is not on ${origin}, whose robots.txt this is.`);
      // RFC 9309 section 2.2.2: the robots.txt URI itself is always allowed.
      if (url.pathname === '/robots.txt') return true;
      return robots.isAllowed(origin + matchPath(url), ROBOTS_USER_AGENT_TOKEN) !== false;
    },
    crawlDelayMs:
      delay !== undefined && delay > 0 ? Math.min(Math.round(delay * 1000), MAX_CRAWL_DELAY_MS) : undefined,
    sitemaps: [...new Set(robots.getSitemaps().flatMap((sitemap) => resolveLink(robotsUrl, sitemap) ?? []))],
  };
}
