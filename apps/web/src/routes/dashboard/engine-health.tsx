import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import PauseCircle from '@mui/icons-material/PauseCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { EngineHealth, EngineHealthState, ProductCode } from '@siteseer/core';
import { crawlHeldSentence } from '@siteseer/core';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../shell/date-time.ts';

const STATES: Record<
  EngineHealthState,
  { label: string; colour: 'success' | 'info' | 'warning' | 'error' | 'grey'; icon: ReactElement }
> = {
  live: { label: 'Live', colour: 'success', icon: <CheckCircle /> },
  crawling: { label: 'Crawling', colour: 'info', icon: <Sync /> },
  held: { label: 'Held', colour: 'warning', icon: <PauseCircle /> },
  failed: { label: 'Crawl failed', colour: 'error', icon: <ErrorIcon /> },
  'never-published': { label: 'Never published', colour: 'grey', icon: <RadioButtonUnchecked /> },
};

const count = (n: number) => n.toLocaleString();
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** Why Preview and Install are off while nothing is published, by engine type. */
export function unpublishedReason(type: ProductCode): string {
  return type === 'kw'
    ? 'Nothing is published yet: preview and install work once a crawl has finished.'
    : 'Nothing is published yet: preview and install work once a file is published.';
}

/** The sentence under the state: what is live, the crawl's progress, why it is held or failed. */
function details(health: EngineHealth, type: ProductCode): string[] {
  const unit = (n: number) => (type === 'kw' ? plural(n, 'page', 'pages') : plural(n, 'row', 'rows'));
  const live = health.liveCount === null ? undefined : `${unit(health.liveCount)} live`;
  switch (health.state) {
    case 'live': {
      const when =
        type === 'kw' && health.lastCrawledAt
          ? `last crawled ${formatDateTime(health.lastCrawledAt)}`
          : health.liveAt && `published ${formatDateTime(health.liveAt)}`;
      return [[live, when].filter(Boolean).join(', ')];
    }
    case 'crawling':
      return [
        `Fetched ${count(health.crawl?.fetched ?? 0)} of ${plural(health.crawl?.known ?? 0, 'known URL', 'known URLs')}`,
        ...(live ? [`${live} meanwhile`] : []),
      ];
    case 'held':
      return [crawlHeldSentence(health.heldPages ?? 0, health.liveCount ?? 0)];
    case 'failed':
      return [
        health.failureReason ?? '',
        ...(live ? [`${live} from the previous crawl`] : []),
        ...(health.lastCrawledAt ? [`Failed ${formatDateTime(health.lastCrawledAt)}`] : []),
      ];
    case 'never-published':
      return [
        type === 'kw'
          ? 'No crawl has been published yet.'
          : 'No file has been published yet: publish one from Publish Versions.',
      ];
  }
}

/**
 * An engine's state on its dashboard card, in words and colour (an icon and a coloured outline
 * beside the words, never colour alone), with its details, the searches of the last 7 days, and
 * for a held crawl the action that publishes it anyway (when the viewer may).
 */
export function EngineHealthSummary({
  health,
  type,
  onPublishHeld,
}: {
  health: EngineHealth;
  type: ProductCode;
  /** Publishes the held crawl; undefined when the viewer may not. */
  onPublishHeld: (() => void) | undefined;
}) {
  const state = STATES[health.state];
  const colour = state.colour === 'grey' ? 'text.secondary' : `${state.colour}.main`;
  return (
    <Box sx={{ mb: 1.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Chip
        label={state.label}
        icon={state.icon}
        variant="outlined"
        size="small"
        sx={{
          fontWeight: 600,
          color: 'text.primary',
          borderColor: colour,
          borderWidth: 2,
          '& .MuiChip-icon': { color: colour },
        }}
      />
      {details(health, type).map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      <Typography variant="body2" color="text.secondary">
        {`Searches in the last 7 days: ${count(health.searchesLast7Days)}`}
      </Typography>
      {health.state === 'held' && onPublishHeld && (
        <Button size="small" variant="outlined" onClick={onPublishHeld}>
          Publish anyway
        </Button>
      )}
    </Box>
  );
}
