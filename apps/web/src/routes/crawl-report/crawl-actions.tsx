import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  CrawlerSettings,
  type CrawlState,
  CreateCrawlerBody,
  canWriteEngine,
  type SearchEngine,
} from '@siteseer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { unwrap } from '../../api/portal-api.ts';
import { engineQuery, queryKeys } from '../../api/queries.ts';
import { ConfirmDialog } from '../../shell/confirm-dialog.tsx';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useViewer } from '../../shell/session-data.ts';

/**
 * `POST datasource/crawler` with the engine's own crawler settings, as `siteseer crawl start` sends
 * it: `recreate` false resumes (known URLs kept, Interrupted ones fetched again), true starts over.
 */
function crawlerBodyOf(engine: SearchEngine, recreate: boolean): CreateCrawlerBody {
  const keys = Object.keys(CrawlerSettings.shape);
  // Unset settings take the spec's defaults; urlFilters keeps its null, which means no filter.
  const set = Object.entries(engine).filter(
    ([key, value]) => keys.includes(key) && value !== undefined && (value !== null || key === 'urlFilters'),
  );
  return CreateCrawlerBody.parse({
    ...Object.fromEntries(set),
    accountId: engine.accountId,
    engineId: engine.id,
    recreate,
  });
}

type Action = 'start' | 'stop' | 'recrawl' | 'publish';
type Asked = Extract<Action, 'stop' | 'recrawl'>;

const QUESTIONS: Record<Asked, { title: string; text: string; confirm: string }> = {
  stop: {
    title: 'Stop the crawl?',
    text: 'URLs not fetched yet become Interrupted. Start picks them up again; the pages fetched so far are kept.',
    confirm: 'Stop Crawl',
  },
  recrawl: {
    title: 'Re-crawl from the start?',
    text: 'Every URL found so far is forgotten and the crawl starts again from the start URLs. Search keeps answering from the published crawl until the new one is published.',
    confirm: 'Re-crawl',
  },
};

/**
 * Beyond the spec: Start, Stop, Re-crawl and (for a crawl the 10 % guard held back) Publish
 * anyway, for the viewers who may edit the engine (core's rule, the one the API applies), calling
 * the CLI's calls. Stop and Re-crawl throw work away, so they ask first.
 */
export function CrawlActions({
  engine,
  state,
  held,
}: {
  /** The engine as the engine list has it (Start and Re-crawl read it in full for its settings). */
  engine: SearchEngine;
  state: CrawlState;
  held: boolean;
}) {
  const { api } = useServices();
  const viewer = useViewer();
  const features = useFeatures();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Asked | undefined>();
  const [running, setRunning] = useState<Action | undefined>();
  const [error, setError] = useState<string | undefined>();
  if (!canWriteEngine(viewer, features, engine, 'edit')) return null;

  const target = { accountId: engine.accountId, engineId: engine.id };
  const call = async (action: Action) => {
    if (action === 'stop') unwrap(await api.crawler.stop(target));
    else if (action === 'publish') unwrap(await api.crawler.publish(target));
    else {
      const full = await queryClient.fetchQuery(engineQuery(api, engine.id, engine.accountId));
      unwrap(await api.crawler.create(crawlerBodyOf(full, action === 'recrawl')));
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.crawlReports(engine.id, engine.accountId) });
  };
  const act = async (action: Action) => {
    setRunning(action);
    setError(undefined);
    try {
      await call(action);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setRunning(undefined);
    }
  };
  const crawling = state === 'crawling';
  const busy = running !== undefined;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {crawling ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsked('stop')}>
            Stop
          </Button>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => void act('start')}>
            Start
          </Button>
        )}
        <Button variant="outlined" disabled={busy} onClick={() => setAsked('recrawl')}>
          Re-crawl
        </Button>
        {held && !crawling && (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => void act('publish')}>
            Publish Anyway
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {asked && (
        <ConfirmDialog
          title={QUESTIONS[asked].title}
          confirmLabel={QUESTIONS[asked].confirm}
          destructive
          busyLabel={asked === 'stop' ? 'Stopping the crawl' : 'Starting the crawl again'}
          onCancel={() => setAsked(undefined)}
          onConfirm={async () => {
            await call(asked);
            setAsked(undefined);
          }}
        >
          {QUESTIONS[asked].text}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
