import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CrawlReportResponse, CrawlState } from '@siteseer/core';
import { crawlFetchProgress, crawlHeldSentence, crawlStateOf, crawlStatusCounts } from '@siteseer/core';
import { useId } from 'react';

const STATE_TEXT: Record<CrawlState, string> = {
  crawling: 'Crawling',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

/**
 * Beyond the spec: where the crawl is, a bar of the URLs fetched out of those known, and how many
 * URLs have each status (whatever the filter), as `siteseer crawl watch` shows them; and, when
 * the finished crawl was held back from search by the 10 % guard, why; and the crawl limits the
 * crawl reached, with what they left out.
 */
export function CrawlProgressSummary({
  report,
  engineId,
}: {
  report: CrawlReportResponse;
  engineId: string;
}) {
  const headingId = useId();
  const state = crawlStateOf(report);
  const { known, fetched } = crawlFetchProgress(report.counts);
  const counts = crawlStatusCounts(report.counts);
  const publication = report.publication;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h2">
        Crawl: {STATE_TEXT[state]}
      </Typography>
      <LinearProgress
        aria-label="URLs fetched"
        variant={state === 'crawling' && known === 0 ? 'indeterminate' : 'determinate'}
        value={known === 0 ? 0 : (100 * fetched) / known}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography>
        {fetched} of {known} URLs fetched
      </Typography>
      {counts.length > 0 && (
        <Box
          component="ul"
          aria-label="URLs by status"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {counts.map(({ code, label, count }) => (
            <li key={code}>
              <Chip variant="outlined" label={`${label}: ${count}`} />
            </li>
          ))}
        </Box>
      )}
      {report.limits.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>Crawl limits reached</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
            {report.limits.map((limit) => (
              <li key={`${limit.kind} ${limit.path ?? ''}`}>{limit.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {publication?.held && (
        <Alert severity="warning">
          {crawlHeldSentence(publication.latestPages ?? 0, publication.publishedPages)} Publish it anyway with{' '}
          <code>siteseer crawl publish {engineId} --force</code>.
        </Alert>
      )}
    </Stack>
  );
}
