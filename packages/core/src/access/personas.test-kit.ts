// Shared by this folder's tests only (not re-exported): the viewers every role table runs over.
import type { Role } from '../domain/common.ts';
import type { Feature } from '../domain/feature.ts';
import type { Viewer } from './viewer.ts';

export const ACCOUNT = 'acc-1';
export const OTHER_ACCOUNT = 'acc-2';
export const STRANGER_ACCOUNT = 'acc-9';

const PERSONA_NAMES = ['superadmin', 'owner', 'admin', 'user', 'unknown', 'other'] as const;
export type PersonaName = (typeof PERSONA_NAMES)[number];

/**
 * superadmin: platform staff, member of no account. owner/admin/user: that role on ACCOUNT
 * (parametric and keyword). unknown: no account. other: owner of OTHER_ACCOUNT (keyword only),
 * so a high role elsewhere must not leak onto ACCOUNT.
 */
export const PERSONAS: Readonly<Record<PersonaName, Viewer>> = {
  superadmin: { id: 'u-super', isSuperAdmin: true, accounts: [] },
  owner: {
    id: 'u-owner',
    isSuperAdmin: false,
    accounts: [{ id: ACCOUNT, role: 'owner', products: ['pm', 'kw'] }],
  },
  admin: {
    id: 'u-admin',
    isSuperAdmin: false,
    accounts: [{ id: ACCOUNT, role: 'admin', products: ['pm', 'kw'] }],
  },
  user: {
    id: 'u-user',
    isSuperAdmin: false,
    accounts: [{ id: ACCOUNT, role: 'user', products: ['pm', 'kw'] }],
  },
  unknown: { id: 'u-none', isSuperAdmin: false, accounts: [] },
  other: {
    id: 'u-other',
    isSuperAdmin: false,
    accounts: [{ id: OTHER_ACCOUNT, role: 'owner', products: ['kw'] }],
  },
};

const ALL_ROLES: readonly Role[] = ['superadmin', 'owner', 'admin', 'user'];

/** A feature named `name` allowed for `roles` (every role by default). */
export function feature(name: string, roles: readonly Role[] = ALL_ROLES): Feature {
  return { _id: `f-${name}`, name, description: '', show_details: false, allowedRoles: [...roles] };
}

/** Features for every name given, each allowed for every role. */
export function allOn(...names: string[]): Feature[] {
  return names.map((name) => feature(name));
}
