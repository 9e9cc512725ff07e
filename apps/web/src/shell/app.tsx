import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { type Services, ServicesProvider } from './services.tsx';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme.ts';
import { ToastProvider } from './toast.tsx';

/** The portal: theme (light, dark or system, the user's choice), toasts, query client, services, router. */
export function App({
  services,
  router,
}: {
  services: Services;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_SCHEME_STORAGE_KEY}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ServicesProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
