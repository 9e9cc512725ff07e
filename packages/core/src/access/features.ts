import type { RoleOrUnknown } from '../domain/common.ts';
import { UNKNOWN_ROLE } from '../domain/common.ts';
import type { Feature } from '../domain/feature.ts';
import type { ViewerSource } from './viewer.ts';
import { highestRole } from './viewer.ts';

/** The parts of a feature that gating reads. */
export type FeatureGrant = Pick<Feature, 'name' | 'allowedRoles'>;

/**
 * Whether a feature is allowed for a role: the role is listed in allowedRoles. Roles do not
 * inherit by rank (the Features page has one switch per role), and UNKNOWN is never allowed.
 */
export function featureAllowed(feature: Pick<Feature, 'allowedRoles'>, role: RoleOrUnknown): boolean {
  return role !== UNKNOWN_ROLE && feature.allowedRoles.includes(role);
}

/**
 * Whether the feature named `flagName` (exact, case-sensitive) is on for a user, by their highest
 * role. A feature missing from the list is off: a flag nobody has created grants nothing. If several
 * features share the name, any one allowing the role turns it on, so the answer ignores list order.
 */
export function isFeatureOn(features: readonly FeatureGrant[], flagName: string, who: ViewerSource): boolean {
  const role = highestRole(who);
  return features.some((f) => f.name === flagName && featureAllowed(f, role));
}
