import type { createBrowserRouter } from 'react-router';
import type { Session } from '../session/session.ts';
import type { ErrorNavigation } from './api-error-handler.ts';
import { errorState } from './error-report.ts';

type Router = ReturnType<typeof createBrowserRouter>;

// Screens where a 401 must not bounce to /login again (the sign-in itself is under way there).
const NO_LOGIN_BOUNCE = new Set(['/login', '/auth/callback', '/logout']);

/** The spec's destinations for API failures, on the app's router. */
export function routerErrorNavigation(router: Router, session: Session): ErrorNavigation {
  return {
    toLogin() {
      const { pathname, search } = router.state.location;
      if (NO_LOGIN_BOUNCE.has(pathname)) return;
      // The server no longer accepts these tokens; keeping them would send /login straight back home.
      session.clear();
      void router.navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    },
    toErrorPage(report) {
      void router.navigate('/error', { replace: true, state: errorState(report) });
    },
  };
}
