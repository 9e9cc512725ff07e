import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Code in running text (a property, a class, an attribute), as text. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.9em',
        px: 0.5,
        borderRadius: 0.5,
        bgcolor: 'action.hover',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}
