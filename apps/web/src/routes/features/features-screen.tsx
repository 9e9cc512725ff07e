import { seesFeatures } from '@siteseer/core';
import { Navigate } from 'react-router';
import { useViewer } from '../../shell/session-data.ts';
import { Component as NotAvailable } from '../not-available/not-available-screen.tsx';

/**
 * /features: the feature toggle page (part 2). Only super admins see it in the navigation, and the
 * API refuses feature changes from anyone else, so others are sent home.
 */
export function Component() {
  const viewer = useViewer();
  if (!seesFeatures(viewer)) return <Navigate to="/" replace />;
  return <NotAvailable />;
}
