// The portal's type, bundled so it looks the same where Roboto is not installed: the weights MUI
// uses (400 text, 500 headings and buttons, 700 bold), Latin only, as font files beside the CSS.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { z } from 'zod';
import { createPortalApi, createPortalUploads } from './api/portal-api.ts';
import { createQueryClient } from './api/query-client.ts';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { createRoutes } from './routes/route-table.tsx';
import { openIdClient } from './session/oidc.ts';
import { createSession } from './session/session.ts';
import { localTokenStore } from './session/token-store.ts';
import { type ErrorNavigation, handleApiError } from './shell/api-error-handler.ts';
import { App } from './shell/app.tsx';
import { routerErrorNavigation } from './shell/error-navigation.ts';
import type { Services } from './shell/services.tsx';

// The portal's Content-Security-Policy allows no eval: zod must not probe for it (each probe is a
// reported violation) nor compile its parsers with it.
z.config({ jitless: true });

async function start(): Promise<void> {
  const origin = window.location.origin;
  const config = await loadRuntimeConfig(window.fetch.bind(window), origin);
  const session = createSession({
    identity: openIdClient(config),
    tokens: localTokenStore(),
    pending: window.sessionStorage,
    locks: navigator.locks,
  });
  const api = createPortalApi(config.apiBase, () => session.getAccessToken());
  const uploads = createPortalUploads(config.apiBase, () => session.getAccessToken());
  // A signed-in visit queries the profile at once: fetch the API client's chunk (loaded on the first
  // request) while the session refreshes, rather than after. A failure here is left to that request,
  // which loads it again and reports it.
  if (session.isSignedIn()) import('./api/core-api-client.ts').catch(() => undefined);
  // The router is made after the query client, which needs it to report errors: bound below.
  let navigation: ErrorNavigation | undefined;
  const reportApiError = (error: unknown) => (navigation ? handleApiError(error, navigation) : false);
  const queryClient = createQueryClient(reportApiError);
  const services: Services = { config, api, uploads, session, queryClient, reportApiError };
  const router = createBrowserRouter(createRoutes(services));
  navigation = routerErrorNavigation(router, session);
  session.startAutoRefresh();

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}

void start();
