import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CrawlReportResponse, CrawlState } from '@siteseer/core';
import {
  crawlFetchProgress,
  crawlHeldSentence,
  crawlPace,
  crawlStateOf,
  crawlStatusCounts,
  durationText,
} from '@siteseer/core';
import { type ReactNode, useId } from 'react';

const STATE_TEXT: Record<CrawlState, string> = {
  crawling: 'Crawling',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

const count = (n: number) => n.toLocaleString('en-US');

/** Pages a second as a person reads it: one decimal below 10, whole above. */
const rateText = (perSecond: number) =>
  perSecond < 10 ? perSecond.toFixed(1) : count(Math.round(perSecond));

/** While crawling: its pages a second and, once there is enough to go on, about how long is left. */
function paceText(report: CrawlReportResponse): string | undefined {
  const pace = crawlPace(report);
  if (!pace) return undefined;
  const rate = `${rateText(pace.pagesPerSecond)} pages per second`;
  return pace.secondsLeft === undefined ? rate : `${rate}, about ${durationText(pace.secondsLeft)} left`;
}

/**
 * Beyond the spec: where the crawl is (with its pace while it runs), a bar of the URLs fetched out
 * of those known, the fetched pages indexed and not, and how many URLs have each status (whatever
 * the filter) as chips that filter the report by that status (the CLI's `--status`), as `siteseer
 * crawl watch` shows them; the buttons that act on the crawl (`actions`); and, when the finished
 * crawl was held back from search by the 10 % guard, why; and the crawl limits the crawl reached,
 * with what they left out.
 */
export function CrawlProgressSummary({
  report,
  engineId,
  status,
  onStatus,
  actions,
}: {
  report: CrawlReportResponse;
  engineId: string;
  /** The status the report is filtered by, if any. */
  status: number | undefined;
  onStatus: (status: number | undefined) => void;
  /** The buttons that act on the crawl, beside its state. */
  actions: ReactNode;
}) {
  const headingId = useId();
  const state = crawlStateOf(report);
  const { known, fetched } = crawlFetchProgress(report.counts);
  const counts = crawlStatusCounts(report.counts);
  const publication = report.publication;
  const pace = state === 'crawling' ? paceText(report) : undefined;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography id={headingId} variant="h2">
          Crawl: {STATE_TEXT[state]}
        </Typography>
        {actions}
      </Stack>
      <LinearProgress
        aria-label="URLs fetched"
        variant={state === 'crawling' && known === 0 ? 'indeterminate' : 'determinate'}
        value={known === 0 ? 0 : (100 * fetched) / known}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography>{`${fetched} of ${known} URLs fetched${pace ? ` · ${pace}` : ''}`}</Typography>
      {report.pages && (
        <Typography>
          {count(report.pages.indexed)} {report.pages.indexed === 1 ? 'page' : 'pages'} indexed;{' '}
          {count(report.pages.notIndexed)} fetched but not indexed (noindex, not HTML or too large)
        </Typography>
      )}
      {counts.length > 0 && (
        <Box
          component="ul"
          aria-label="URLs by status"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {counts.map(({ code, label, count: n }) => {
            const chosen = status === code;
            return (
              <li key={code}>
                <Chip
                  variant={chosen ? 'filled' : 'outlined'}
                  color={chosen ? 'primary' : 'default'}
                  label={`${label}: ${n}`}
                  aria-pressed={chosen}
                  onClick={() => onStatus(chosen ? undefined : code)}
                />
              </li>
            );
          })}
          {status !== undefined && (
            <li>
              <Chip variant="outlined" label="All statuses" onClick={() => onStatus(undefined)} />
            </li>
          )}
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
