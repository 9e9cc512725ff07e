import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createEngineRefusal, type ProductCode } from '@siteseer/core';
import type { ReactNode } from 'react';
import { useFeatures, useViewer } from './session-data.ts';

/**
 * A create wizard's steps, or (when the viewer's role may not create the type: its add feature off,
 * or for a keyword engine ENGINE_EDIT, which saving its crawler needs) the title and the reason, in
 * the API's words. The dashboard's card is disabled then, but the address still opens; without this
 * the whole wizard could be filled in, only for 'Create & Publish' to be refused.
 */
export function EngineCreateGate({
  title,
  productType,
  children,
}: {
  title: string;
  productType: ProductCode;
  children: ReactNode;
}) {
  const viewer = useViewer();
  const features = useFeatures();
  const refusal = createEngineRefusal(viewer, features, productType);
  if (refusal === undefined) return children;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{title}</Typography>
      <Alert severity="info">{refusal}</Alert>
    </Stack>
  );
}
