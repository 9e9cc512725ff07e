import { clientsQuery, enginesQuery } from '../../api/queries.ts';
import type { Services } from '../../shell/services.tsx';

/**
 * Starts the dashboard's engines and clients as the navigation starts, alongside the protected
 * loader's profile and features rather than after them, and waits for neither: the screen shows
 * its heading at once and the engines as they arrive. (Requests wait for a valid token themselves.)
 */
export function dashboardLoader({ session, api, queryClient }: Services) {
  return () => {
    if (session.isSignedIn()) {
      void queryClient.prefetchQuery(enginesQuery(api));
      void queryClient.prefetchQuery(clientsQuery(api));
    }
    return null;
  };
}
