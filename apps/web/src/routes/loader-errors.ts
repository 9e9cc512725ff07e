import { redirect } from 'react-router';
import type { Session } from '../session/session.ts';
import { handleApiError } from '../shell/api-error-handler.ts';
import { setPendingReport } from './error/pending-report.ts';

/** The login address that brings the user back to `url` afterwards. */
export function loginPath(url: URL | Location): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The shell's API error handling (`handleApiError`) from inside a loader, where leaving is done by
 * throwing a redirect: 401 or no token clears the session and throws one to /login, 500 and above
 * leaves the report for the error page and throws one there. Any other error is left to the caller.
 */
export function throwApiErrorRedirect(error: unknown, session: Session, url: URL): void {
  handleApiError(error, {
    toLogin() {
      session.clear();
      throw redirect(loginPath(url));
    },
    toErrorPage(report) {
      setPendingReport(report);
      throw redirect('/error');
    },
  });
}
