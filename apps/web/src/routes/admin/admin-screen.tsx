import { canEnterAdmin } from '@siteseer/core';
import { Navigate, Outlet } from 'react-router';
import { useViewer } from '../../shell/session-data.ts';

/** /admin and below: super admins only; everyone else is sent home. */
export function Component() {
  const viewer = useViewer();
  if (!canEnterAdmin(viewer)) return <Navigate to="/" replace />;
  return <Outlet />;
}
