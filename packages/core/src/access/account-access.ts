import type { SearchEngine } from '../domain/engine.ts';
import { isRoleAtLeast } from './roles.ts';
import type { Viewer } from './viewer.ts';
import { roleOn } from './viewer.ts';

// The server asks these of every request; the screens ask the same ones to decide what to offer,
// so a button is never shown for a call the API would refuse.

/** Whether the viewer may read an account's engines: any role on it, or super admin. */
export function canReadAccountEngines(viewer: Viewer, accountId: string): boolean {
  return isRoleAtLeast(roleOn(viewer, accountId), 'user');
}

/**
 * Whether the viewer may create, change or delete an account's engines: any role on it, or super
 * admin. The same rule as reading today; kept separate so tightening writes touches one place.
 */
export function canWriteAccountEngines(viewer: Viewer, accountId: string): boolean {
  return isRoleAtLeast(roleOn(viewer, accountId), 'user');
}

/** Whether the viewer may add, remove and change the role of an account's users: owner, admin or super admin. */
export function canManageAccountUsers(viewer: Viewer, accountId: string): boolean {
  return isRoleAtLeast(roleOn(viewer, accountId), 'admin');
}

/**
 * Whether the viewer may edit an account's details (its name) and enter My Account's edit mode:
 * owner, admin or super admin, the API's rule for `PUT account/{id}`.
 */
export function canEditAccount(viewer: Viewer, accountId: string): boolean {
  return isRoleAtLeast(roleOn(viewer, accountId), 'admin');
}

/** Whether the viewer may change which products an account has (what it pays for): super admin only. */
export function canChangeAccountProducts(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether the viewer may generate an account's API key: owner, admin or super admin. */
export function canGenerateApiKey(viewer: Viewer, accountId: string): boolean {
  return isRoleAtLeast(roleOn(viewer, accountId), 'admin');
}

/** Whether the viewer may download a parametric engine's file: owner or admin of its account, or super admin. */
export function canDownloadEngineFile(
  viewer: Viewer,
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
): boolean {
  return engine.searchEngineType === 'pm' && isRoleAtLeast(roleOn(viewer, engine.accountId), 'admin');
}

/** Whether the viewer may list, create, change and delete any account (`admin/...` calls): super admin only. */
export function canManageAccounts(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** Whether the viewer may create, change and delete features: super admin only. */
export function canManageFeatures(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}
