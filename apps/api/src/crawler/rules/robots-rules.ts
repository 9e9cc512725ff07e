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
  /**
   * The line of the file whose rule decides `isAllowed` for the URL, as written, with its line
   * number (1 = first); null when no rule matches (the URL is allowed by default). The URL
   * inspector shows it, so a site owner sees which line to change.
   */
  matchingRule(url: string): RobotsLine | null;
}

/** A line of a robots.txt, as written (trimmed), and its number from 1. */
interface RobotsLine {
  line: number;
  text: string;
}

/** No robots.txt (4xx): every URL allowed. */
export const ALLOW_ALL: RobotsRules = {
  isAllowed: () => true,
  crawlDelayMs: undefined,
  sitemaps: [],
  matchingRule: () => null,
};

/** robots.txt unreachable or failing (5xx): nothing may be fetched (RFC 9309 section 2.3.1.4). */
export const DISALLOW_ALL: RobotsRules = {
  isAllowed: () => false,
  crawlDelayMs: undefined,
  sitemaps: [],
  matchingRule: () => null,
};

const RULE_LINE = /^([ \t]*(allow|disallow|user-agent)[ \t]*:[ \t]*)([^#]*)/i;

function prepareLine(line: string): string {
  return line.replace(RULE_LINE, (_line, head: string, key: string, value: string) => {
    if (key.toLowerCase() !== 'user-agent') return head + normalisePercentEncoding(value);
    return head + (/^[A-Za-z_-]+/.exec(value.trim())?.[0] ?? value);
  });
}

/** The text robots-parser reads, and for each of its lines the index of the line it came from. */
interface Prepared {
  text: string;
  origins: number[];
}

/**
 * What robots-parser needs to read a robots.txt as RFC 9309 does:
 * - rule paths with unreserved escapes decoded (`%62%61%7A` is `baz`, section 2.2.2), as it compares
 *   them as written;
 * - user-agent values reduced to their product token (`FooBot/2.1`, `FooBot Images` → `FooBot`);
 * - an empty `Disallow:` closing each run of user-agent lines: it forgets a group with no rules and
 *   falls back to `*`, where the RFC's example (section 5.1) has such a group allow everything.
 */
function prepare(lines: readonly string[]): Prepared {
  const out: string[] = [];
  // An added `disallow:` has no rule, so no match names it; it points at the line before it.
  const origins: number[] = [];
  let inAgents = false;
  for (const [index, line] of lines.entries()) {
    const key = /^([^:#]*):/.exec(line)?.[1]?.trim().toLowerCase();
    if (key) {
      if (inAgents && key !== 'user-agent') {
        out.push('disallow:');
        origins.push(index);
      }
      inAgents = key === 'user-agent';
    }
    out.push(prepareLine(line));
    origins.push(index);
  }
  if (inAgents) {
    out.push('disallow:');
    origins.push(lines.length - 1);
  }
  return { text: out.join('\n'), origins };
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
  const lines = text.split(/\r\n|\r|\n/);
  const prepared = prepare(lines);
  const robots = robotsParser(robotsUrl, prepared.text);
  const origin = new URL(robotsUrl).origin;
  const delay = robots.getCrawlDelay(ROBOTS_USER_AGENT_TOKEN);
  /** The URL as the rules are matched against it; null for the robots.txt URI, always allowed. */
  const matched = (text: string): string | null => {
    const url = new URL(text);
    if (url.origin !== origin) throw new Error(`${text} is not on ${origin}, whose robots.txt this is.`);
    // RFC 9309 section 2.2.2: the robots.txt URI itself is always allowed.
    return url.pathname === '/robots.txt' ? null : origin + matchPath(url);
  };
  return {
    isAllowed(text) {
      const url = matched(text);
      return url === null || robots.isAllowed(url, ROBOTS_USER_AGENT_TOKEN) !== false;
    },
    matchingRule(text) {
      const url = matched(text);
      const number = url === null ? -1 : robots.getMatchingLineNumber(url, ROBOTS_USER_AGENT_TOKEN);
      const index = prepared.origins[number - 1];
      const line = index === undefined ? undefined : lines[index];
      return index === undefined || line === undefined ? null : { line: index + 1, text: line.trim() };
    },
    crawlDelayMs:
      delay !== undefined && delay > 0 ? Math.min(Math.round(delay * 1000), MAX_CRAWL_DELAY_MS) : undefined,
    sitemaps: [...new Set(robots.getSitemaps().flatMap((sitemap) => resolveLink(robotsUrl, sitemap) ?? []))],
  };
}
