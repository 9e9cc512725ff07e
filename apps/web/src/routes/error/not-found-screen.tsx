import { useLocation } from 'react-router';
import { PublicPage } from '../../shell/public-page.tsx';
import { ErrorView } from './error-view.tsx';
import { notFoundReport } from './not-found.ts';

/** Any unknown path shows the error page. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <PublicPage>
      <ErrorView report={notFoundReport(pathname)} />
    </PublicPage>
  );
}
