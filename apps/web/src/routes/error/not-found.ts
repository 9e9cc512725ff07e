import type { ErrorReport } from '../../shell/error-report.ts';

/** The error page's report for a path no route matches. */
export function notFoundReport(pathname: string): ErrorReport {
  return { message: `The page ${pathname} does not exist.` };
}
