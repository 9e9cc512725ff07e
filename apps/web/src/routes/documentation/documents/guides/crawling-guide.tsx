import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CRAWL_STATUS_LABELS, type CrawlStatusCode } from '@siteseer/core';
import { Code } from '../../parts/code.tsx';
import { DocSection } from '../../parts/doc-section.tsx';
import { CRAWL_STATUS_HELP } from './crawl-statuses.ts';
import { Facts, GuideTable } from './guide-parts.tsx';

/** The URL filter examples: each filter and the URLs it keeps or leaves out (see url-scope.ts). */
const FILTERS: readonly { filter: string; effect: string }[] = [
  { filter: '/docs/', effect: 'Only URLs whose path starts with /docs/ (and the start URLs’ sites only).' },
  { filter: '-/blog/', effect: 'Leaves out every URL whose path starts with /blog/.' },
  {
    filter: '/products/*/specs',
    effect: '* is any run of characters: /products/a-1/specs, /products/b/specs…',
  },
  { filter: '/search$', effect: 'A trailing $ matches the whole path: /search, but not /search?q=x.' },
  {
    filter: '-*print=1',
    effect: 'Starting with *, matched against the whole URL: leaves out URLs holding print=1.',
  },
];

/** Crawling: what the crawler fetches, how to steer it, and what each status of the report means. */
export function CrawlingGuide() {
  const statuses = Object.entries(CRAWL_STATUS_HELP).map(([code, help]) => ({
    label: CRAWL_STATUS_LABELS[Number(code) as CrawlStatusCode],
    ...help,
  }));
  return (
    <Stack spacing={4}>
      <Typography>
        A keyword engine searches the pages its crawler has read. This guide says what the crawler fetches,
        how to point it at the right pages, and what the crawl report's statuses tell you.
      </Typography>

      <DocSection title="What is fetched">
        <Facts>
          <li>
            Every start URL, the links of each HTML page it reads, and the pages listed in the site's sitemaps
            (the <Code>Sitemap:</Code> lines of robots.txt, else <Code>/sitemap.xml</Code>). Links are
            followed up to 50 hops from a start URL (by default).
          </li>
          <li>
            Only the start URLs' sites: the same host and port, with http and https, and <Code>www.</Code> or
            not, counted as one site. A link to another site is not followed; add that site as a start URL.
          </li>
          <li>
            One page at a time per site, spaced by the <strong>page load delay</strong> or robots.txt's{' '}
            <Code>Crawl-delay</Code>, whichever is longer (at most 30 s). The crawler calls itself{' '}
            <Code>SiteseerBot/1.0</Code> in its User-Agent.
          </li>
          <li>
            A page is indexed when it is HTML: its title, headings, description and text. Navigation,{' '}
            <Code>aside</Code>, and the site's header and footer are left out; so are scripts and styles.
            Other files (PDF, images) are recorded as Success and not indexed. Pages over 5 MB are not read.
          </li>
          <li>
            A page with <Code>noindex</Code> (meta robots or X-Robots-Tag) is not indexed; with{' '}
            <Code>nofollow</Code> its links are not followed. A page whose canonical link names another URL of
            the crawl is indexed under that URL. Pages with the same content are indexed once.
          </li>
          <li>
            The crawl runs again on the <strong>crawl frequency</strong>; a page that has not changed answers
            304 and is kept as it was. Public addresses only: a site on a private network needs your
            administrator to allow it.
          </li>
        </Facts>
      </DocSection>

      <DocSection title="robots.txt">
        <Typography>
          The crawler obeys robots.txt (RFC 9309) under the name <Code>SiteseerBot</Code>. To let it in where
          other robots may not go, give it a group of its own:
        </Typography>
        <Typography component="pre" sx={{ fontFamily: 'monospace', m: 0, p: 2, bgcolor: 'action.hover' }}>
          {'User-agent: SiteseerBot\nAllow: /\nCrawl-delay: 1'}
        </Typography>
        <Typography>
          A robots.txt that answers 404 allows everything. One that answers 5xx or 429, or does not answer,
          disallows everything for 5 minutes, after which it is asked again: the URLs show Fetch Failed with
          that reason.
        </Typography>
      </DocSection>

      <DocSection title="URL filters">
        <Typography>
          Filters narrow the crawl within its sites, never widen it. A filter is a prefix written with{' '}
          <Code>*</Code> (any run of characters) and <Code>?</Code> (one character), case-insensitive; one
          starting with <Code>-</Code> leaves URLs out. With include filters a URL must match one of them, and
          it must match no exclude filter. A filter starting with <Code>/</Code> is matched against the path
          and query; one starting with <Code>http</Code> or <Code>*</Code> against the whole URL; anything
          else (<Code>example.com/docs</Code>) against host, path and query. Filters can be loaded from a CSV
          file, one a line.
        </Typography>
        <GuideTable
          caption="URL filter examples"
          columns={['Filter', 'Effect']}
          rows={FILTERS.map((f) => ({ key: f.filter, cells: [<Code key="f">{f.filter}</Code>, f.effect] }))}
        />
      </DocSection>

      <DocSection title="Content and exclude targets">
        <Typography>
          A <strong>content target</strong> is a CSS selector (for example <Code>main article</Code>): only
          the text of the elements it matches is indexed, so a sidebar's words do not make a page match. A
          page it matches nothing on is read whole, so a home page stays searchable.{' '}
          <strong>Exclude targets</strong> (for example <Code>.cookie-banner</Code>,{' '}
          <Code>#related-posts</Code>) remove elements from every page, with or without a content target.
          Links are followed wherever they are.
        </Typography>
        <Typography>
          <strong>Custom tags</strong> read a value from each page (the selector, and the attribute to read,
          such as <Code>meta[name=category]</Code> and <Code>content</Code>); a tab's category is such a
          value, or a URL wildcard (<Code>*/blog/*</Code>).
        </Typography>
      </DocSection>

      <DocSection title="Statuses and what to do">
        <Typography>
          The crawl report (the <strong>Status</strong> button of a keyword engine) lists every URL the crawl
          knows with its status; each row's reason says why. Filter the report by URL text or by status.
        </Typography>
        <GuideTable
          caption="Crawl statuses"
          columns={['Status', 'What it means', 'What to do']}
          rows={statuses.map((s) => ({ key: s.label, cells: [s.label, s.means, s.todo] }))}
        />
      </DocSection>
    </Stack>
  );
}
