import { type LoaderFunctionArgs, redirect } from 'react-router';
import { featuresQuery, profileQuery } from '../api/queries.ts';
import type { Services } from '../shell/services.tsx';
import { loginPath, throwApiErrorRedirect } from './loader-errors.ts';

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
    try {
      // Loaded once per session (never stale): later navigations find them in the cache.
      await Promise.all([
        queryClient.ensureQueryData(profileQuery(api)),
        queryClient.ensureQueryData(featuresQuery(api)),
      ]);
    } catch (error) {
      throwApiErrorRedirect(error, session, url);
      throw error;
    }
    return null;
  };
}
