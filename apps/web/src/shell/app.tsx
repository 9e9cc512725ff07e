import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { type Services, ServicesProvider } from './services.tsx';
import { theme } from './theme.ts';

/** The portal: theme (light/dark by system), query client, services, router. */
export function App({
  services,
  router,
}: {
  services: Services;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
