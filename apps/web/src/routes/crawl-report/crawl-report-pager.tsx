import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CrawlReportPaging } from '@siteseer/core';

/**
 * Previous, the page numbers of core's window (all pages up to 7, else 7 around the current one)
 * and Next. The current page is marked with aria-current; nothing shows when there is one page.
 */
export function CrawlReportPager({
  page,
  paging,
  onPage,
}: {
  page: number;
  paging: CrawlReportPaging;
  onPage: (page: number) => void;
}) {
  if (paging.pageCount <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label="Crawl report pages"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Button variant="outlined" disabled={!paging.hasPrevious} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {paging.pages.map((number) => (
        <Button
          key={number}
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
          sx={{ minWidth: 40 }}
        >
          {number}
        </Button>
      ))}
      <Button variant="outlined" disabled={!paging.hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
