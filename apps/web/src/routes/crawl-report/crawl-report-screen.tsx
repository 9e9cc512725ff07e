import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type CrawlReportResponse, crawlReportResultsMessage, crawlStateOf, MESSAGES } from '@siteseer/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText, isNetworkFailure } from '../../api/error-text.ts';
import { enginesQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useServices } from '../../shell/services.tsx';
import { CrawlActions } from './crawl-actions.tsx';
import { CrawlProgressSummary } from './crawl-progress-summary.tsx';
import { CrawlReportPager } from './crawl-report-pager.tsx';
import { CrawlReportQueryFields } from './crawl-report-query-fields.tsx';
import { CrawlReportTable } from './crawl-report-table.tsx';
import { CrawlSitemaps } from './crawl-sitemaps.tsx';
import { UrlInspector } from './url-inspector.tsx';
import { useCrawlReport } from './use-crawl-report.ts';

/**
 * /keywordcrawlreport/{accountId}/{engineId} (spec 001 §2.3): the crawled URLs of a keyword engine
 * with their status and check times, 'Filter URLs', 'N results (X seconds)', paging by 10, and the
 * note once the crawl is finalized; Siteseer adds a link to the engine's alerts, the crawl's progress, the buttons that act on it, status chips that filter and an order choice above, and its sitemaps and the URL inspector below. The API decides who may read it: an engine of another account
 * is refused there and its answer is shown here (401 and 500 are the shell's).
 */
export function Component() {
  const { accountId = '', engineId = '' } = useParams();
  return <CrawlReport key={`${accountId}/${engineId}`} accountId={accountId} engineId={engineId} />;
}

function CrawlReport({ accountId, engineId }: { accountId: string; engineId: string }) {
  const { api } = useServices();
  const { data: engines } = useSuspenseQuery(enginesQuery(api));
  const engine = engines.find((e) => e.id === engineId && e.accountId === accountId);
  const name = engine?.searchEngineName;
  // The tab names the engine, as the heading does: two engines' reports open side by side differ.
  useScreenTitle(name ? `Crawl Report: ${name}` : undefined);
  const crawl = useCrawlReport(accountId, engineId);
  const { report } = crawl;
  // A page or filter whose call fails has no data of its own: the report last shown stays, under
  // the reason and a way to ask again, rather than the whole report (filter, pager) giving way to
  // one message with no way back but reloading.
  const lastShown = useRef<CrawlReportResponse | undefined>(undefined);
  if (report.data) lastShown.current = report.data;
  const data = report.data ?? lastShown.current;
  const tryAgain = isNetworkFailure(report.error) ? (
    <Button color="inherit" size="small" onClick={() => report.refetch()}>
      Try Again
    </Button>
  ) : undefined;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h1">{name ? `Crawl Report: ${name}` : 'Crawl Report'}</Typography>
        {engine && (
          <Link
            component={RouterLink}
            to={`/engine/${engineId}/alerts`}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Alerts
          </Link>
        )}
      </Stack>
      {report.isPending ? (
        <Loading label="Loading the crawl report" />
      ) : !data ? (
        <Alert severity="error" action={tryAgain}>
          {report.error ? errorText(report.error) : 'The crawl report could not be loaded.'}
        </Alert>
      ) : (
        <>
          <CrawlProgressSummary
            report={data}
            engineId={engineId}
            status={crawl.status}
            onStatus={crawl.changeStatus}
            actions={
              engine && (
                <CrawlActions
                  engine={engine}
                  state={crawlStateOf(data)}
                  held={data.publication?.held ?? false}
                />
              )
            }
          />
          {data.finalized && <Typography>{MESSAGES.crawlerFinished}</Typography>}
          {report.isError && (
            <Alert severity="error" action={tryAgain}>
              {errorText(report.error)}
            </Alert>
          )}
          <CrawlReportQueryFields crawl={crawl} />
          <Typography>{crawlReportResultsMessage(data.hits.total.value, data.took)}</Typography>
          <CrawlReportTable
            hits={data.hits.hits}
            busy={report.isPlaceholderData}
            empty={
              crawl.searchTerm || crawl.status !== undefined
                ? 'No URLs match the filter.'
                : 'No URLs have been found yet.'
            }
          />
          <CrawlReportPager page={crawl.page} paging={crawl.paging} onPage={crawl.setPage} />
          {data.sitemaps && <CrawlSitemaps sitemaps={data.sitemaps} />}
          <UrlInspector accountId={accountId} engineId={engineId} />
        </>
      )}
    </Stack>
  );
}
