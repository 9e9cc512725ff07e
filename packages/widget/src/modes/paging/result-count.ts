let numberFormat: Intl.NumberFormat | undefined;

/** Numbers in the visitor's locale (the browser's), e.g. 1,234.5 or 1 234,5. */
export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat();
  return numberFormat.format(value);
}

/** The live region's words for a total: '1 result', '2,000 results', or `none` for zero. */
export function resultCountText(total: number, none = 'No results'): string {
  if (total === 0) return none;
  return total === 1 ? '1 result' : `${formatNumber(total)} results`;
}

/**
 * The live region's words for a page of results: the count, and past the first page the page
 * itself ('24 results, page 2 of 3'). Page buttons keep focus, so these words are what tells a
 * screen reader that another page is shown; unchanged words would not be read out again.
 */
export function resultPageText(total: number, page: number, pages: number, none?: string): string {
  const count = resultCountText(total, none);
  return total > 0 && page > 1 ? `${count}, page ${formatNumber(page)} of ${formatNumber(pages)}` : count;
}

/** Pages needed for `total` results; at least one, so a pager always has a page to show. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
