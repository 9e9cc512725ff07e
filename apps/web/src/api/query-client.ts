import { ApiError, NetworkError } from '@siteseer/core';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiStatusError } from './portal-api.ts';

/**
 * The portal's query client. Every failed query and mutation goes through `onApiError` first (the
 * spec's 401 → login and >= 500 → error page). Only network failures are retried: a status answer
 * will not change by asking again.
 */
export function createQueryClient(onApiError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 &&
          (error instanceof NetworkError || !(error instanceof ApiError || error instanceof ApiStatusError)),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
