import { FEATURE_FLAGS } from '../constants.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer } from './viewer.ts';

/** Whether the viewer may enter /admin and its sub-routes (others are sent Home): super admin only. */
export function canEnterAdmin(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether the top navigation shows My Account: the my-account feature is on and the viewer is not a super admin. */
export function seesMyAccount(viewer: Viewer, features: readonly FeatureGrant[]): boolean {
  return !viewer.isSuperAdmin && isFeatureOn(features, FEATURE_FLAGS.MY_ACCOUNT, viewer);
}

/** Whether the top navigation shows Administration: super admin only. */
export function seesAdministration(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether the top navigation shows Features (the feature toggle page): super admin only. */
export function seesFeatures(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether engine cards show the Locator field: super admin only. */
export function seesLocator(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether the user menu shows 'Set maintenance message': a super admin with the maintenance feature on. */
export function seesMaintenanceSetter(viewer: Viewer, features: readonly FeatureGrant[]): boolean {
  return viewer.isSuperAdmin && isFeatureOn(features, FEATURE_FLAGS.MAINTENANCE, viewer);
}

export const NAVIGATION_ITEMS = [
  'dashboard',
  'my-account',
  'administration',
  'features',
  'documentation',
] as const;
export type NavigationItem = (typeof NAVIGATION_ITEMS)[number];

/** The top navigation entries the viewer sees, in display order. */
export function topNavigation(viewer: Viewer, features: readonly FeatureGrant[]): NavigationItem[] {
  const shown: Record<NavigationItem, boolean> = {
    dashboard: true,
    'my-account': seesMyAccount(viewer, features),
    administration: seesAdministration(viewer),
    features: seesFeatures(viewer),
    documentation: true,
  };
  return NAVIGATION_ITEMS.filter((item) => shown[item]);
}
