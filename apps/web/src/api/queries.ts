import type { ProductCode } from '@siteseer/core';
import { TIMING } from '@siteseer/core';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from './portal-api.ts';

/*
 * Every server resource the portal reads, one queryOptions factory each. Components and loaders use
 * these and never build query keys by hand, so invalidation has one place to look.
 */

export const queryKeys = {
  profile: ['profile'] as const,
  features: ['features'] as const,
  engines: ['engines'] as const,
  engine: (engineId: string, accountId: string) => ['engines', engineId, accountId] as const,
  clients: ['clients'] as const,
  snippet: (clientId: string, type: ProductCode) => ['clients', clientId, 'snippet', type] as const,
  maintenance: ['maintenance'] as const,
  parametricConfig: (engineId: string, accountId: string) =>
    ['parametric', 'config', engineId, accountId] as const,
  analyticsIds: (engineId: string) => ['analytics', engineId, 'ids'] as const,
  analyticsFrameSession: ['analytics', 'frame-session'] as const,
};

/** The signed-in user: accounts with roles, engines, clients (loaded once per session, then cached). */
export const profileQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: async ({ signal }) => unwrap(await api.profile.me({ signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The feature toggles, loaded with the profile. */
export const featuresQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.features,
    queryFn: async ({ signal }) => unwrap(await api.features.list({ signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The user's search engines (the dashboard list). */
export const enginesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.engines,
    queryFn: async ({ signal }) => unwrap(await api.engines.list({}, { signal })),
    staleTime: 30_000,
  });

/** One engine. */
export const engineQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.engine(engineId, accountId),
    queryFn: async ({ signal }) => unwrap(await api.engines.get(engineId, { accountId }, { signal })),
  });

/** The user's clients (one per engine: preview and install need the engine's client id). */
export const clientsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.clients,
    queryFn: async ({ signal }) => unwrap(await api.clients.list({ signal })),
    staleTime: 30_000,
  });

/** The install snippet of a client (head and body parts). */
export const snippetQuery = (api: ApiClient, clientId: string, type: ProductCode) =>
  queryOptions({
    queryKey: queryKeys.snippet(clientId, type),
    queryFn: async ({ signal }) => unwrap(await api.clients.snippet(clientId, type, { signal })),
  });

/** The maintenance notice, polled every 10 seconds so every signed-in user sees changes. */
export const maintenanceQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.maintenance,
    queryFn: async ({ signal }) => unwrap(await api.maintenance.get({ signal })),
    refetchInterval: TIMING.maintenancePollMs,
    refetchIntervalInBackground: false,
  });

/** A parametric engine's saved configuration (the wizard's edit mode). */
export const parametricConfigQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.parametricConfig(engineId, accountId),
    queryFn: async ({ signal }) =>
      unwrap(await api.parametric.getConfig({ engineId, accountId, format: 'json' }, { signal })),
  });

/** The card and dashboard report ids of an engine's analytics. */
export const analyticsIdsQuery = (api: ApiClient, engineId: string) =>
  queryOptions({
    queryKey: queryKeys.analyticsIds(engineId),
    queryFn: async ({ signal }) => unwrap(await api.analytics.ids(engineId, { signal })),
  });

/** Renew the analytics frames' cookie this long before it expires (it lasts 15 minutes). */
const FRAME_SESSION_RENEW_MS = 10 * 60_000;

/**
 * The analytics frames' sign-in: a short-lived cookie the API sets for its frames (iframes cannot
 * send the bearer token), renewed while a screen showing frames is open.
 */
export const analyticsFrameSessionQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.analyticsFrameSession,
    queryFn: async ({ signal }) => unwrap(await api.analytics.frameSession({ signal })),
    staleTime: FRAME_SESSION_RENEW_MS,
    refetchInterval: FRAME_SESSION_RENEW_MS,
    refetchIntervalInBackground: true,
  });
