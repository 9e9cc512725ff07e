import { LIMITS } from '../constants.ts';
import { characterCount } from './engine-name.ts';

/** Number of pages for a result total (0 results, 0 pages). */
export function pageCount(total: number, pageSize: number = LIMITS.crawlReportPageSize): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

/** The report call's fromIndex for a 1-based page (page 1 starts at 0). */
export function fromIndex(page: number, pageSize: number = LIMITS.crawlReportPageSize): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/**
 * The page-number buttons: every page when there are at most 7; otherwise a window of 7 centred on
 * the current page (3 either side), shifted to stay inside 1..pageCount at the edges, so page 1 shows
 * 1-7 and the last page shows its last 7. An out-of-range current page is clamped first.
 */
export function pageWindow(
  currentPage: number,
  totalPages: number,
  windowSize: number = LIMITS.crawlReportPageWindow,
): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(windowSize, totalPages);
  const current = Math.min(Math.max(1, Math.floor(currentPage)), totalPages);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

/** Everything the report's pager shows for a total and the current page. */
export interface CrawlReportPaging {
  pageCount: number;
  pages: number[];
  fromIndex: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The pager of the crawl report (10 per page, 7 page numbers at most). */
export function crawlReportPaging(total: number, currentPage: number): CrawlReportPaging {
  const pages = pageCount(total);
  return {
    pageCount: pages,
    pages: pageWindow(currentPage, pages),
    fromIndex: fromIndex(currentPage),
    hasPrevious: currentPage > 1,
    hasNext: currentPage < pages,
  };
}

/** What a change of the 'Filter URLs' text does: search from page 1 with the term, or nothing yet. */
export type CrawlReportSearch = { search: true; searchTerm: string; page: 1 } | { search: false };

/**
 * The report searches when the filter text is longer than 3 characters or empty (empty lists all),
 * resetting to page 1. The text is trimmed first, so spaces alone count as empty.
 */
export function crawlReportSearch(text: string): CrawlReportSearch {
  const searchTerm = text.trim();
  const triggers = searchTerm === '' || characterCount(searchTerm) > LIMITS.crawlReportSearchMinExclusive;
  return triggers ? { search: true, searchTerm, page: 1 } : { search: false };
}
