import type { ErrorReport } from '../../shell/error-report.ts';

// A loader cannot pass router state with a redirect, so the report waits here for the error page.
let pending: ErrorReport | undefined;

/** Leaves a report for the next error page. */
export function setPendingReport(report: ErrorReport): void {
  pending = report;
}

/** Takes the waiting report, if any (once). */
export function takePendingReport(): ErrorReport | undefined {
  const report = pending;
  pending = undefined;
  return report;
}
