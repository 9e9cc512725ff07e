import { LIMITS } from '../constants.ts';

/**
 * The publishing guard: a finished crawl of `pages` pages is not published automatically when it
 * lost more than 10 % of the published generation's `publishedPages` (exactly 10 % is published).
 * Nothing published yet (0 pages) never holds a crawl back.
 */
export function isHeldByGuard(pages: number, publishedPages: number): boolean {
  // In integers: pages < (1 - 10 %) × publishedPages, without a float's rounding at the boundary.
  return pages * 100 < publishedPages * (100 - LIMITS.crawlPublishMaxLossPercent);
}

const count = (n: number) => n.toLocaleString('en-US');

/** How much smaller, in %: whole numbers, but one decimal near the guard (10.4 %, not 10 %). */
function lossPercent(pages: number, publishedPages: number): string {
  const loss = (100 * (publishedPages - pages)) / publishedPages;
  return loss < LIMITS.crawlPublishMaxLossPercent + 1 ? loss.toFixed(1) : String(Math.round(loss));
}

/**
 * Why a finished crawl was held back, e.g. 'This crawl found 812 pages, 23 % fewer than the 1,054
 * of the published one, so it was not published.' (each surface adds how to publish it anyway).
 */
export function crawlHeldSentence(pages: number, publishedPages: number): string {
  return `This crawl found ${count(pages)} pages, ${lossPercent(pages, publishedPages)} % fewer than the ${count(publishedPages)} of the published one, so it was not published.`;
}
