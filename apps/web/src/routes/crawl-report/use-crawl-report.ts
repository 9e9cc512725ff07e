import { type CrawlReportBody, crawlReportPaging, crawlReportSearch, fromIndex } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { crawlReportQuery } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';

/** The report's order: the spec's (the order URLs were found in) or the last checked first. */
export type CrawlReportOrder = CrawlReportBody['order'];

/** What the crawl report screen shows and changes: the answer, the page, filter, status and order. */
export type CrawlReportView = ReturnType<typeof useCrawlReport>;

/**
 * The crawl report's state (spec 001 §4 "Crawl report refresh"): the 'Filter URLs' text, the search
 * term it last triggered, the page, and the report page they ask for. The report is asked for on
 * load, when the filter text triggers a search (longer than 3 characters, or empty: back to page 1)
 * and on a page change; while the crawl runs the query refreshes itself. Siteseer adds the status
 * chosen among the summary's chips and the order, the CLI's `--status` and `order: recent`; a
 * change of either goes back to page 1.
 */
export function useCrawlReport(accountId: string, engineId: string) {
  const { api } = useServices();
  const [filterText, setFilterText] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [order, setOrder] = useState<CrawlReportOrder>('discovery');
  const report = useQuery(
    crawlReportQuery(api, { accountId, engineId, fromIndex: fromIndex(page), searchTerm, status, order }),
  );
  const total = report.data?.hits.total.value ?? 0;
  const paging = crawlReportPaging(total, page);

  // A crawl started over can have fewer URLs than the page shown: go to its last page.
  const lastPage = Math.max(1, paging.pageCount);
  const beyondLast = report.data !== undefined && !report.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (beyondLast) setPage(lastPage);
  }, [beyondLast, lastPage]);

  const changeFilter = (text: string) => {
    setFilterText(text);
    const search = crawlReportSearch(text);
    if (search.search) {
      setSearchTerm(search.searchTerm);
      setPage(search.page);
    }
  };

  const changeStatus = (next: number | undefined) => {
    setStatus(next);
    setPage(1);
  };
  const changeOrder = (next: CrawlReportOrder) => {
    setOrder(next);
    setPage(1);
  };

  return {
    report,
    page,
    setPage,
    paging,
    filterText,
    searchTerm,
    changeFilter,
    status,
    changeStatus,
    order,
    changeOrder,
  };
}
