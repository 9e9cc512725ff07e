import { NoAuthTokenError, ServerError, UnauthorizedError } from '@siteseer/core';
import { type ErrorReport, serverErrorReport } from './error-report.ts';

/** Where the spec's API error semantics send the user. */
export interface ErrorNavigation {
  /** 401 or no token: to /login with the current path as the redirect. */
  toLogin(): void;
  /** Status 500 or above: to the error page, replacing the current history entry. */
  toErrorPage(report: ErrorReport): void;
}

/**
 * The one place that translates API failures for the portal (queries, mutations and loaders call
 * it): 401 and a missing token send the user to login; 500 and above to the error page. Returns
 * whether it handled the error; anything else stays with the screen that made the call.
 */
export function handleApiError(error: unknown, navigation: ErrorNavigation): boolean {
  if (error instanceof UnauthorizedError || error instanceof NoAuthTokenError) {
    navigation.toLogin();
    return true;
  }
  if (error instanceof ServerError) {
    navigation.toErrorPage(serverErrorReport(error));
    return true;
  }
  return false;
}
