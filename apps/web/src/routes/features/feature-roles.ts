import type { Feature, Role } from '@siteseer/core';
import { ROLES } from '@siteseer/core';

/** The Features page's switch columns, in the spec's order: Super Admin, Owner, Admin, User. */
export const ROLE_COLUMNS: readonly { role: Role; label: string }[] = [
  { role: 'superadmin', label: 'Super Admin' },
  { role: 'owner', label: 'Owner' },
  { role: 'admin', label: 'Admin' },
  { role: 'user', label: 'User' },
];

/** The column label of a role. */
export function roleLabel(role: Role): string {
  return ROLE_COLUMNS.find((column) => column.role === role)?.label ?? role;
}

/**
 * The feature with `role` allowed or not. Roles stay in rank order and listed once, so the whole
 * object sent to `PUT features/{_id}` does not depend on the order the switches were clicked in.
 */
export function withRole(feature: Feature, role: Role, allowed: boolean): Feature {
  const roles = new Set(feature.allowedRoles);
  if (allowed) roles.add(role);
  else roles.delete(role);
  return { ...feature, allowedRoles: ROLES.filter((r) => roles.has(r)) };
}
