import { seesFeatures } from '@siteseer/core';
import { Navigate } from 'react-router';
import { useViewer } from '../../shell/session-data.ts';
import { FeaturesTable } from './features-table.tsx';

/**
 * /features: the feature toggle page. Only super admins see it in the navigation, and the API
 * refuses feature changes from anyone else, so others are sent home.
 */
export function Component() {
  const viewer = useViewer();
  if (!seesFeatures(viewer)) return <Navigate to="/" replace />;
  return <FeaturesTable />;
}
