import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CrawlReportOrder, CrawlReportView } from './use-crawl-report.ts';

const ORDER_TEXT: Record<CrawlReportOrder, string> = {
  discovery: 'Discovery order',
  recent: 'Newest checked first',
};

/** The report's 'Filter URLs' box (spec) and Siteseer's order choice, bound to the report's state. */
export function CrawlReportQueryFields({ crawl }: { crawl: CrawlReportView }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Filter URLs"
        type="search"
        value={crawl.filterText}
        onChange={(event) => crawl.changeFilter(event.target.value)}
        sx={{ maxWidth: 480, flexGrow: 1 }}
      />
      <TextField
        select
        label="Order"
        value={crawl.order}
        onChange={(event) => crawl.changeOrder(event.target.value as CrawlReportOrder)}
        sx={{ minWidth: 220 }}
      >
        {Object.entries(ORDER_TEXT).map(([value, text]) => (
          <MenuItem key={value} value={value}>
            {text}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
