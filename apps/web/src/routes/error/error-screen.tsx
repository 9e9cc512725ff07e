import { useState } from 'react';
import { useLocation } from 'react-router';
import { reportFromState } from '../../shell/error-report.ts';
import { PublicPage } from '../../shell/public-page.tsx';
import { ErrorView } from './error-view.tsx';
import { takePendingReport } from './pending-report.ts';

/** /error: the report carried by the navigation (API errors), or none. */
export function Component() {
  const location = useLocation();
  const [pending] = useState(takePendingReport);
  return (
    <PublicPage>
      <ErrorView report={reportFromState(location.state) ?? pending} />
    </PublicPage>
  );
}
