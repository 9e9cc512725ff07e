import { ServerError } from '@siteseer/core';

/** What the error page shows: the message, and for a server error its address, text and JSON body. */
export interface ErrorReport {
  message: string;
  address?: string;
  errorText?: string;
  body?: unknown;
}

/** The report of a server error (status >= 500), as the spec's error page message. */
export function serverErrorReport(error: ServerError): ErrorReport {
  const report: ErrorReport = {
    message: error.message,
    address: `${error.method} ${error.url}`,
    errorText: error.errorText,
  };
  if (error.body !== undefined) report.body = error.body;
  return report;
}

/** Any error as a report (the route error boundary's fallback). */
export function errorReportOf(error: unknown): ErrorReport {
  if (error instanceof ServerError) return serverErrorReport(error);
  if (error instanceof Error) return { message: error.message };
  return { message: typeof error === 'string' ? error : 'Something went wrong.' };
}

/** Reads the report the router carries in the location state to /error. */
export function reportFromState(state: unknown): ErrorReport | undefined {
  if (typeof state !== 'object' || state === null || !('errorReport' in state)) return undefined;
  const report = (state as { errorReport: unknown }).errorReport;
  if (typeof report !== 'object' || report === null) return undefined;
  const message = (report as { message?: unknown }).message;
  return typeof message === 'string' ? (report as ErrorReport) : undefined;
}

/** The router state that carries a report to /error. */
export function errorState(report: ErrorReport): { errorReport: ErrorReport } {
  return { errorReport: report };
}
