import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { engineWriteRefusal, type SearchEngine } from '@siteseer/core';
import type { ReactNode } from 'react';
import { useFeatures, useViewer } from './session-data.ts';

/**
 * An edit wizard's steps, or (when the viewer's role may not edit the engine: no role on its account,
 * or ENGINE_EDIT off for them) the title and the reason, in the API's words. The engine card offers
 * no Edit then, but the address still opens; without this the whole wizard could be filled in, only
 * for Publish to fail.
 */
export function EngineEditGate({
  title,
  engine,
  children,
}: {
  title: string;
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>;
  children: ReactNode;
}) {
  const viewer = useViewer();
  const features = useFeatures();
  const refusal = engineWriteRefusal(viewer, features, engine, 'edit');
  if (refusal === undefined) return children;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{title}</Typography>
      <Alert severity="info">{refusal}</Alert>
    </Stack>
  );
}
