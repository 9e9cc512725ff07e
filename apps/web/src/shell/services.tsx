import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use } from 'react';
import type { ApiClient } from '../api/portal-api.ts';
import type { SpreadsheetUploads } from '../api/upload-with-progress.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import type { Session } from '../session/session.ts';

/** What every screen may use, built once at start (main.tsx) and injected, so tests can pass doubles. */
export interface Services {
  config: RuntimeConfig;
  api: ApiClient;
  /** The parametric wizard's file uploads, with progress. */
  uploads: SpreadsheetUploads;
  session: Session;
  queryClient: QueryClient;
  /** The portal's API error semantics (401 → login, >= 500 → error page); true when it took over. */
  reportApiError: (error: unknown) => boolean;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** The portal's services; only valid under ServicesProvider. */
export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices must be used under ServicesProvider');
  return services;
}
