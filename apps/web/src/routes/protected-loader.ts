import { NoAuthTokenError, ServerError, UnauthorizedError } from '@siteseer/core';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { unwrap } from '../api/portal-api.ts';
import { featuresQuery, profileQuery } from '../api/queries.ts';
import type { Services } from '../shell/services.tsx';
import { serverErrorReport } from './error/error-report.ts';
import { setPendingReport } from './error/pending-report.ts';

/** The login address that brings the user back to `url` afterwards. */
export function loginPath(url: URL | Location): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Runs before every signed-in screen (on each navigation): sends the unauthenticated to /login with
 * the original path, refreshes the access token (the spec's refresh on navigation), and loads the
 * profile and the feature list once if not yet loaded.
 */
export function protectedLoader({ session, api, queryClient }: Services) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (!session.isSignedIn()) throw redirect(loginPath(url));
    await session.refreshOnNavigation();
    if (!session.isSignedIn()) throw redirect(loginPath(url));
    const profile = profileQuery(api);
    const features = featuresQuery(api);
    const loadProfile = async () =>
      queryClient.getQueryData(profile.queryKey) ?? unwrap(await api.profile.me());
    const loadFeatures = async () =>
      queryClient.getQueryData(features.queryKey) ?? unwrap(await api.features.list());
    try {
      // Loaded once per session: later navigations find them in the cache.
      const [profileData, featureData] = await Promise.all([loadProfile(), loadFeatures()]);
      queryClient.setQueryData(profile.queryKey, profileData);
      queryClient.setQueryData(features.queryKey, featureData);
    } catch (error) {
      if (error instanceof UnauthorizedError || error instanceof NoAuthTokenError) {
        session.clear();
        throw redirect(loginPath(url));
      }
      if (error instanceof ServerError) {
        setPendingReport(serverErrorReport(error));
        throw redirect('/error');
      }
      throw error;
    }
    return null;
  };
}
