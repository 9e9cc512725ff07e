import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canWriteEngine } from '@siteseer/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { alertDeliveriesQuery, alertSettingsQuery, enginesQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useScreenTitle } from '../../shell/page-title.ts';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useViewer } from '../../shell/session-data.ts';
import { AlertDeliveriesTable } from './alert-deliveries-table.tsx';
import { AlertSettingsForm } from './alert-settings-form.tsx';

/**
 * /engine/{engineId}/alerts (Siteseer's): where a keyword engine's alerts go (a webhook, e-mail
 * addresses) and when (a crawl failed or was held, too many 4xx/5xx URLs, too many searches without
 * results), and the latest deliveries. Linked from the crawl report and the engine's card.
 */
export function Component() {
  const { api } = useServices();
  const { engineId = '' } = useParams();
  const viewer = useViewer();
  const features = useFeatures();
  const { data: engines } = useSuspenseQuery(enginesQuery(api));
  const engine = engines.find((e) => e.id === engineId && e.searchEngineType === 'kw');
  useScreenTitle(engine ? `Alerts: ${engine.searchEngineName}` : undefined);
  const accountId = engine?.accountId ?? '';
  const settings = useQuery({
    ...alertSettingsQuery(api, engineId, accountId),
    enabled: engine !== undefined,
  });
  const deliveries = useQuery({
    ...alertDeliveriesQuery(api, engineId, accountId),
    enabled: engine !== undefined,
  });

  if (!engine) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Alerts</Typography>
        <Typography>There is no keyword engine here that you can see.</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h1">Alerts: {engine.searchEngineName}</Typography>
        <Link
          component={RouterLink}
          to={`/keywordcrawlreport/${encodeURIComponent(engine.accountId)}/${engine.id}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Crawl Report
        </Link>
      </Stack>
      <Typography>
        Siteseer tells this engine's webhook and e-mail addresses when a crawl fails, when the 10 % guard
        holds a crawl back, when too many of a crawl's URLs answer 4xx or 5xx, and when too many searches find
        nothing. Failed webhook deliveries are tried again for about an hour.
      </Typography>
      {settings.isPending ? (
        <Loading label="Loading the alerts" />
      ) : settings.isError ? (
        <Alert severity="error">{errorText(settings.error)}</Alert>
      ) : (
        <AlertSettingsForm
          engine={engine}
          settings={settings.data}
          canEdit={canWriteEngine(viewer, features, engine, 'edit')}
        />
      )}
      <Typography variant="h2">Deliveries</Typography>
      {deliveries.isPending ? (
        <Loading label="Loading the deliveries" />
      ) : deliveries.isError ? (
        <Alert severity="error">{errorText(deliveries.error)}</Alert>
      ) : (
        <AlertDeliveriesTable deliveries={deliveries.data} />
      )}
    </Stack>
  );
}
