import type { MaintenanceNotice, MaintenanceNoticeInput, Viewer } from '@siteseer/core';
import { NotAllowedError } from '../errors.ts';
import { deleteNotice, findNotice, saveNotice } from '../repositories/maintenance.ts';
import type { Store } from '../store/types.ts';

/** The notice while it is scheduled or active; a notice whose end has passed is gone. */
export async function currentNotice(store: Store, now = new Date()): Promise<MaintenanceNotice | null> {
  const notice = await findNotice(store);
  if (!notice || Date.parse(notice.end) <= now.getTime()) return null;
  return notice;
}

function requireSuperAdmin(viewer: Viewer): void {
  if (!viewer.isSuperAdmin) throw new NotAllowedError('Only super admins can set the maintenance message.');
}

export async function setNotice(
  store: Store,
  viewer: Viewer,
  notice: MaintenanceNoticeInput,
  creator: string,
): Promise<MaintenanceNotice> {
  requireSuperAdmin(viewer);
  await saveNotice(store, notice, creator);
  return (await findNotice(store)) as MaintenanceNotice;
}

/** Ends the notice now (a super admin ending maintenance early). */
export async function clearNotice(store: Store, viewer: Viewer): Promise<null> {
  requireSuperAdmin(viewer);
  await deleteNotice(store);
  return null;
}
