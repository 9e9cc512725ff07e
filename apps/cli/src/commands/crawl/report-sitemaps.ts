import { type CrawlReportSitemaps, crawlSitemapSentence, crawlSitemapTotals } from '@siteseer/core';
import type { Output } from '../../output/output.ts';
import { safeText } from '../../output/safe-text.ts';

/*
 * The crawl report's sitemaps (Siteseer's addition): what the crawl did with each sitemap of its
 * start sites, in core's words, as the portal's crawl report shows them.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** 'Sitemaps: 2 read, 4 not read; 3 pages queued.': the line under the URLs of `crawl report`. */
export function sitemapsLine(sitemaps: CrawlReportSitemaps): string {
  const { read, notRead, queued } = crawlSitemapTotals(sitemaps);
  return `Sitemaps: ${count(read)} read, ${count(notRead)} not read; ${count(queued)} ${queued === 1 ? 'page' : 'pages'} queued.`;
}

/**
 * One row per sitemap, what the crawl did with it: a table on a terminal, tab-separated lines
 * otherwise (its fields made safe: the site wrote the address and, in part, the reason).
 */
export function printSitemaps(output: Output, sitemaps: CrawlReportSitemaps | undefined): void {
  if (!sitemaps) {
    output.info('The crawl has not read its sitemaps yet.');
    return;
  }
  const rows = sitemaps.files.map((file) => [file.url, crawlSitemapSentence(file)]);
  if (output.stdoutIsTTY) output.table(['SITEMAP', 'WHAT THE CRAWL DID'], rows);
  else for (const row of rows) output.line(row.map(safeText).join('\t'));
  if (sitemaps.omitted > 0) {
    output.info(`${count(sitemaps.omitted)} more sitemap(s) not read are not listed.`);
  }
  output.info(sitemapsLine(sitemaps));
}
