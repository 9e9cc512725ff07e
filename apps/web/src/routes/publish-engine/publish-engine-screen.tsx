import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { clientsQuery, enginesQuery } from '../../api/queries.ts';
import { Loading } from '../../shell/loading.tsx';
import { useServices } from '../../shell/services.tsx';
import { useFeatures, useProfile, useViewer } from '../../shell/session-data.ts';
import { EngineVersions } from './engine-versions.tsx';
import { canPublishVersions, PUBLISH_TEXT } from './publish-access.ts';

/**
 * /engine/{engineId}/publish (route publish-engine): a parametric engine's file versions, to publish
 * any of them (a one-click rollback). An engine the viewer cannot see is not found, with nothing
 * of it shown; a keyword engine has no versions; a viewer without Edit is told so.
 */
export function Component() {
  const { api } = useServices();
  const { engineId } = useParams();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const { data: engines } = useSuspenseQuery(enginesQuery(api));
  const clients = useQuery(clientsQuery(api));
  const engine = engines.find((e) => e.id === engineId);

  if (!engine) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">Publish Versions</Typography>
        <Typography>{PUBLISH_TEXT.notFound}</Typography>
      </Stack>
    );
  }
  const detail = engine.searchEngineDetail;
  const clientId =
    clients.data?.find((client) => client.engineId === engine.id)?.id ?? profile.clients[engine.id]?.id;
  const body = () => {
    if (engine.searchEngineType !== 'pm') return <Alert severity="info">{PUBLISH_TEXT.keywordEngine}</Alert>;
    if (!canPublishVersions(viewer, features, engine))
      return <Alert severity="warning">{PUBLISH_TEXT.notAllowed}</Alert>;
    if (!detail) return <Alert severity="info">{PUBLISH_TEXT.noFile}</Alert>;
    if (!clientId && clients.isPending) return <Loading label="Loading the engine's client" />;
    if (!clientId) return <Alert severity="error">{PUBLISH_TEXT.noClient}</Alert>;
    return <EngineVersions engine={{ ...engine, searchEngineDetail: detail }} clientId={clientId} />;
  };
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Publish Versions: {engine.searchEngineName}</Typography>
      {body()}
    </Stack>
  );
}
