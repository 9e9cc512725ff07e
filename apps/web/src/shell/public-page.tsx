import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** A page outside the signed-in shell (login, logout, error): the content in the main landmark. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6, flex: 1 }}>
      {children}
    </Container>
  );
}
