import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A section of a document: an h2 that names the region, then its content. */
export function DocSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} spacing={2}>
      <Typography id={id} variant="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
