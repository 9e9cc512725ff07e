import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@siteseer/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { clientsQuery, enginesQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { useProfile } from '../../shell/session-data.ts';
import { KeywordInstall } from './keyword-install.tsx';
import { ParametricInstall } from './parametric-install.tsx';

/**
 * /engine/{engineId}/install/: installation instructions for an engine. Without an engine (or with
 * one the user cannot see) it asks to select one.
 */
export function Component() {
  const { api, config } = useServices();
  const { engineId } = useParams();
  const profile = useProfile();
  const { data: engines } = useSuspenseQuery(enginesQuery(api));
  const clients = useQuery(clientsQuery(api));
  const engine = engineId ? engines.find((e) => e.id === engineId) : undefined;

  if (!engine) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Install Search</Typography>
        <Typography>{MESSAGES.selectEngineForInstall}</Typography>
      </Stack>
    );
  }
  const clientId =
    clients.data?.find((client) => client.engineId === engine.id)?.id ?? profile.clients[engine.id]?.id;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Install Search: {engine.searchEngineName}</Typography>
      {!clientId && clients.isPending ? (
        <Loading label="Loading the engine's client" />
      ) : !clientId ? (
        <Alert severity="error">This search engine has no client yet, so it cannot be installed.</Alert>
      ) : engine.searchEngineType === 'pm' ? (
        <ParametricInstall clientId={clientId} />
      ) : (
        <KeywordInstall apiBase={config.apiBase} clientId={clientId} />
      )}
    </Stack>
  );
}
