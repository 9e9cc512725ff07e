import type { CrawlReportSitemap } from '../domain/crawl-report.ts';

/*
 * Siteseer's addition to the crawl report: what the crawl did with each sitemap of its start sites,
 * worded once here for the portal and the CLI.
 */

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A reason ending in one full stop (a server's error message may bring its own). */
const stopped = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** A reason as a sentence of its own: capitalised, one full stop. */
const sentence = (text: string) => stopped(text.charAt(0).toUpperCase() + text.slice(1));

/**
 * What became of one sitemap, e.g. 'Not read: answered HTTP 404.', 'Index of 3 sitemaps.', or
 * '120 pages queued; 4 on other sites; 2 outside the URL filters.' (read in part: the reason after).
 */
export function crawlSitemapSentence(file: CrawlReportSitemap): string {
  if (file.kind === undefined) return `Not read: ${stopped(file.reason ?? 'no reason given')}`;
  const parts =
    file.kind === 'index'
      ? [`Index of ${count(file.sitemaps, 'sitemap', 'sitemaps')}`]
      : [
          `${count(file.queued, 'page', 'pages')} queued`,
          ...(file.otherSite > 0
            ? [
                file.otherSite === 1
                  ? '1 on another site'
                  : `${file.otherSite.toLocaleString('en-US')} on other sites`,
              ]
            : []),
          ...(file.filtered > 0 ? [`${file.filtered.toLocaleString('en-US')} outside the URL filters`] : []),
          ...(file.invalid > 0
            ? [`${count(file.invalid, 'entry', 'entries')} with no URL the crawler fetches`]
            : []),
        ];
  const done = `${parts.join('; ')}.`;
  return file.reason ? `${done} ${sentence(file.reason)}` : done;
}

/** The counts of the report's sitemaps: read, not read (listed or omitted), and pages queued. */
export function crawlSitemapTotals(sitemaps: { files: CrawlReportSitemap[]; omitted: number }): {
  read: number;
  notRead: number;
  queued: number;
} {
  const read = sitemaps.files.filter((file) => file.kind !== undefined);
  return {
    read: read.length,
    notRead: sitemaps.files.length - read.length + sitemaps.omitted,
    queued: read.reduce((sum, file) => sum + file.queued, 0),
  };
}
