import type { CrawlReportBody, ProductCode } from '@siteseer/core';
import { TIMING } from '@siteseer/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
  crawlerCapabilities: ['crawler', 'capabilities'] as const,
  parametricConfig: (engineId: string, accountId: string) =>
    ['parametric', 'config', engineId, accountId] as const,
  crawlReport: (page: CrawlReportPage) =>
    [
      'crawler',
      'report',
      page.engineId,
      page.accountId,
      page.fromIndex,
      page.searchTerm,
      page.status ?? null,
      page.order ?? 'discovery',
    ] as const,
  /** Every page of one engine's crawl report (what an action on the crawl changes). */
  crawlReports: (engineId: string, accountId: string) => ['crawler', 'report', engineId, accountId] as const,
  siteCredentials: (engineId: string, accountId: string) =>
    ['crawler', 'credentials', engineId, accountId] as const,
  parametricHistory: (importId: string) => ['parametric', 'history', importId] as const,
  engineCategories: (engineId: string, accountId: string) =>
    ['engines', engineId, accountId, 'categories'] as const,
  pageUrls: (engineId: string, accountId: string, prefix: string) =>
    ['engines', engineId, accountId, 'page-urls', prefix] as const,
  alerts: (engineId: string, accountId: string) => ['engines', engineId, accountId, 'alerts'] as const,
  alertDeliveries: (engineId: string, accountId: string) =>
    ['engines', engineId, accountId, 'alerts', 'deliveries'] as const,
  account: (accountId: string) => ['accounts', accountId] as const,
  accountUsers: (accountId: string) => ['accounts', accountId, 'users'] as const,
  accountInvitations: (accountId: string) => ['accounts', accountId, 'invitations'] as const,
  accountApiKey: (accountId: string) => ['accounts', accountId, 'api-key'] as const,
  adminAccounts: ['admin', 'accounts'] as const,
  adminAccount: (accountId: string) => ['admin', 'accounts', accountId] as const,
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

/** How often the engines list is asked for again while one of its engines is crawling. */
const ENGINES_CRAWLING_REFRESH_MS = 5_000;

/**
 * The user's search engines (the dashboard list), with each one's health. While a crawl runs it
 * refreshes itself, so the dashboard's Crawling cards count up and turn Live (or Held) unprompted.
 */
export const enginesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.engines,
    queryFn: async ({ signal }) => unwrap(await api.engines.list({}, { signal })),
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.some((e) => e.health?.state === 'crawling')
        ? ENGINES_CRAWLING_REFRESH_MS
        : false,
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

/** What the server's crawler can do (whether it renders JavaScript): fixed while the server runs. */
export const crawlerCapabilitiesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.crawlerCapabilities,
    queryFn: async ({ signal }) => unwrap(await api.crawler.capabilities({ signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A parametric engine's saved configuration (the wizard's edit mode). */
export const parametricConfigQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.parametricConfig(engineId, accountId),
    queryFn: async ({ signal }) =>
      unwrap(await api.parametric.getConfig({ engineId, accountId, format: 'json' }, { signal })),
  });

/** One page of a keyword engine's crawl report, as the report screen asks for it. */
export type CrawlReportPage = Pick<CrawlReportBody, 'accountId' | 'engineId' | 'fromIndex' | 'searchTerm'> &
  Partial<Pick<CrawlReportBody, 'status' | 'order'>>;

/** How often a running crawl's report is asked for again (the spec's 10-second timer does nothing). */
export const CRAWL_REPORT_REFRESH_MS = 2_000;

/**
 * A page of the crawl report. While the crawl runs it refreshes itself every 2 seconds, and stops
 * once the answer says finalized (or the call failed); a new page or filter keeps the previous
 * rows on screen until its answer comes.
 */
export const crawlReportQuery = (api: ApiClient, page: CrawlReportPage) =>
  queryOptions({
    queryKey: queryKeys.crawlReport(page),
    queryFn: async ({ signal }) => unwrap(await api.crawler.report(page, { signal })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.finalized && query.state.status === 'success'
        ? CRAWL_REPORT_REFRESH_MS
        : false,
  });

/** Every uploaded version of a parametric engine's file (its import), oldest first. */
export const parametricHistoryQuery = (api: ApiClient, importId: string) =>
  queryOptions({
    queryKey: queryKeys.parametricHistory(importId),
    queryFn: async ({ signal }) => unwrap(await api.parametric.history(importId, { signal })),
  });

/** An engine's categories with their document counts (the filters call; the keyword wizard's tabs). */
export const engineCategoriesQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.engineCategories(engineId, accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.engines.filters(engineId, { accountId }, { appliedFilters: { category: [] } }, { signal }),
      ).category,
  });

/** Crawled page URLs of a keyword engine starting with `prefix` (the wizard's URL suggestions). */
export const pageUrlsQuery = (api: ApiClient, engineId: string, accountId: string, prefix: string) =>
  queryOptions({
    queryKey: queryKeys.pageUrls(engineId, accountId, prefix),
    queryFn: async ({ signal }) =>
      unwrap(await api.engines.pageUrls(engineId, { accountId, prefix }, { signal })).urls,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** A keyword engine's alert settings (the Alerts screen). */
export const alertSettingsQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.alerts(engineId, accountId),
    queryFn: async ({ signal }) => unwrap(await api.alerts.settings(engineId, accountId, { signal })),
  });

/**
 * A keyword engine's latest alert deliveries; asked again every few seconds while one is pending,
 * so a test alert's outcome shows without reloading.
 */
export const alertDeliveriesQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.alertDeliveries(engineId, accountId),
    queryFn: async ({ signal }) =>
      unwrap(await api.alerts.deliveries(engineId, accountId, { signal })).deliveries,
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 2_000 : false),
  });

/** One of the user's accounts (My Account). */
export const accountQuery = (api: ApiClient, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.account(accountId),
    queryFn: async ({ signal }) => unwrap(await api.accounts.get(accountId, { signal })),
  });

/** The users of an account (My Account and the administration's account page). */
export const accountUsersQuery = (api: ApiClient, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.accountUsers(accountId),
    queryFn: async ({ signal }) => unwrap(await api.accounts.users.list(accountId, { signal })),
  });

/** The account's invited users who have not set a password yet. */
export const accountInvitationsQuery = (api: ApiClient, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.accountInvitations(accountId),
    queryFn: async ({ signal }) => unwrap(await api.accounts.users.invitations(accountId, { signal })),
  });

/** When the account's API key was made and last used. */
export const accountApiKeyQuery = (api: ApiClient, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.accountApiKey(accountId),
    queryFn: async ({ signal }) => unwrap(await api.accounts.apiKey(accountId, { signal })),
  });

/** Every account (administration, super admins). */
export const adminAccountsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.adminAccounts,
    queryFn: async ({ signal }) => unwrap(await api.admin.accounts.list({ signal })),
  });

/** One account through the administration calls. */
export const adminAccountQuery = (api: ApiClient, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.adminAccount(accountId),
    queryFn: async ({ signal }) => unwrap(await api.admin.accounts.get(accountId, { signal })),
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

/** The engine's sites that have a sign-in (kind and label only: the API never answers a secret). */
export const siteCredentialsQuery = (api: ApiClient, engineId: string, accountId: string) =>
  queryOptions({
    queryKey: queryKeys.siteCredentials(engineId, accountId),
    queryFn: async ({ signal }) =>
      unwrap(await api.crawler.credentials.list({ accountId, engineId }, { signal })).credentials,
  });
