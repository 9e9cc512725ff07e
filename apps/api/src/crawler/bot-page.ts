import { ROBOTS_USER_AGENT_TOKEN } from './rules/index.ts';

/**
 * What `/bot` says to a site owner who finds the crawler's User-Agent in their logs (it names this
 * page). Plain text: nothing to render, nothing to trust.
 */
export function botPageText(publicUrl: string): string {
  return `${ROBOTS_USER_AGENT_TOKEN}: the crawler of Siteseer, hosted site search (${publicUrl})

${ROBOTS_USER_AGENT_TOKEN} visits a web site because someone made a search engine for that site on
Siteseer and gave it the site's address. It reads pages to make them searchable on that site.

What it does:
- It obeys robots.txt (RFC 9309) under the token "${ROBOTS_USER_AGENT_TOKEN}", and "*" otherwise;
  an unreachable robots.txt (5xx) stops it. Crawl-delay is honoured (up to 30 seconds).
- It fetches one page at a time per host by default, spaced by the search engine's page-load
  delay or your Crawl-delay, whichever is longer, and backs off when you answer 429 or 503
  (Retry-After is honoured).
- It honours <meta name="robots"> and X-Robots-Tag (noindex, nofollow), rel="nofollow" and
  rel="canonical", and re-checks pages with conditional requests (ETag, Last-Modified).
- It only follows links within the sites it was given, and never reaches private addresses.

To keep it out of all or part of your site, add to your robots.txt, for example:

User-agent: ${ROBOTS_USER_AGENT_TOKEN}
Disallow: /
`;
}
