import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AnalyticsFrameType,
  analyticsReportEntry,
  engineCardButtons,
  FEATURE_FLAGS,
} from '@siteseer/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import {
  analyticsFrameSessionQuery,
  analyticsIdsQuery,
  clientsQuery,
  enginesQuery,
} from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { AnalyticsFrame, type FrameSource, HeadlineFrame } from './analytics-frame.tsx';
import { PeriodPicker, periodQuery, usePagePeriod } from './period-picker.tsx';

/**
 * A grid of frames: cards two abreast on a desktop (at their 750 px where the screen has room),
 * one a row on a phone; dashboards one a row. Frames never overflow it: they take their cell's width.
 */
function FrameSection({
  heading,
  minWidth,
  children,
}: {
  heading: string;
  /** The narrowest a column gets before the grid has one column fewer. */
  minWidth: number;
  children: React.ReactNode;
}) {
  return (
    <Stack component="section" spacing={1.5} aria-label={heading}>
      <Typography variant="h2">{heading}</Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))`,
          gap: 3,
        }}
      >
        {children}
      </Box>
    </Stack>
  );
}

/**
 * /engine/{engineId}/analytics: the engine's card reports (750×750) and dashboard reports
 * (1248×1620), each a frame from the API (spec 001 §2.4), under a headline strip. The frames
 * authenticate with a cookie the screen asks the API for first (ADR 0024); the period is chosen
 * once, here, and passed to every frame with the portal's colour scheme.
 */
export function Component() {
  const { api, config } = useServices();
  const { engineId = '' } = useParams();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const { data: engines } = useSuspenseQuery(enginesQuery(api));
  const engine = engines.find((e) => e.id === engineId);
  const allowed = engine !== undefined && engineCardButtons(viewer, features, engine).includes('analytics');
  const clients = useQuery({ ...clientsQuery(api), enabled: allowed });
  const ids = useQuery({ ...analyticsIdsQuery(api, engineId), enabled: allowed });
  const session = useQuery({ ...analyticsFrameSessionQuery(api), enabled: allowed });
  const { period, choose } = usePagePeriod();
  // The tab names the engine, as the heading does: two engines' analytics open side by side differ.
  useScreenTitle(engine ? `Analytics: ${engine.searchEngineName}` : undefined);

  if (!engine) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Analytics</Typography>
        <Alert severity="info">This search engine does not exist, or it is not one of yours.</Alert>
      </Stack>
    );
  }
  const heading = <Typography variant="h1">Analytics: {engine.searchEngineName}</Typography>;
  if (!allowed) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="info">
          Your role cannot see analytics (feature {FEATURE_FLAGS.ENGINE_ANALYTICS}).
        </Alert>
      </Stack>
    );
  }
  const clientId =
    clients.data?.find((client) => client.engineId === engine.id)?.id ?? profile.clients[engine.id]?.id;
  const failure = ids.error ?? session.error;
  if (failure) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="error">{errorText(failure)}</Alert>
      </Stack>
    );
  }
  if (!clientId && clients.isPending) return <Loading label="Loading the engine's client" />;
  if (!clientId) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="info">This search engine has no client yet, so nothing has been searched.</Alert>
      </Stack>
    );
  }
  if (!ids.data || !session.data) return <Loading label="Loading the analytics" />;
  const source: FrameSource = { apiBase: config.apiBase, clientId, period: periodQuery(period) };
  const frames = (type: AnalyticsFrameType, list: string[]) =>
    list.map((id) => (
      <AnalyticsFrame
        key={`${type}-${id}`}
        source={source}
        type={type}
        id={id}
        title={`${analyticsReportEntry(type, id)?.title ?? id}: ${engine.searchEngineName}`}
      />
    ));
  return (
    <Stack spacing={3}>
      {heading}
      <Typography color="text.secondary">
        What visitors searched and clicked, in the period chosen here for every report; days are UTC days.
        Searches made with the siteseer CLI are not counted.
      </Typography>
      <PeriodPicker key={`${period.from}-${period.to}`} period={period} onChoose={choose} />
      <HeadlineFrame source={source} title={`Headline figures: ${engine.searchEngineName}`} />
      {ids.data.cardIds.length > 0 && (
        <FrameSection heading="Cards" minWidth={560}>
          {frames('card', ids.data.cardIds)}
        </FrameSection>
      )}
      {ids.data.dashboardIds.length > 0 && (
        <FrameSection heading="Dashboards" minWidth={1248}>
          {frames('dashboard', ids.data.dashboardIds)}
        </FrameSection>
      )}
    </Stack>
  );
}
