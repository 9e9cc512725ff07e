import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { errorReportOf } from '../../shell/error-report.ts';
import { PublicPage } from '../../shell/public-page.tsx';
import { ErrorView } from './error-view.tsx';
import { notFoundReport } from './not-found.ts';

/** What a route shows when its screen or loader fails: the error page, in place. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const report =
    isRouteErrorResponse(error) && error.status === 404 ? notFoundReport(pathname) : errorReportOf(error);
  return (
    <PublicPage>
      <ErrorView report={report} />
    </PublicPage>
  );
}
