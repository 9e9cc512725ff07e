import { z } from 'zod';
import { MaintenanceNotice, MaintenanceNoticeInput } from '../../domain/maintenance.ts';
import { MESSAGES } from '../../rules/messages.ts';
import { defineCall } from '../contract.ts';

/** Body of `PUT maintenance`: the notice, whose end must follow its start. */
export const SetMaintenanceBody = MaintenanceNoticeInput.refine(
  (notice) => Date.parse(notice.end) > Date.parse(notice.start),
  { message: MESSAGES.maintenanceEndBeforeStart, path: ['end'] },
);

/**
 * Siteseer's maintenance notice (the spec keeps it in the browser; Siteseer stores it so every
 * user sees it). Reading is for everyone signed in; setting and ending early for super admins.
 */
export const maintenanceContracts = {
  /** The current notice (scheduled or active), or null. */
  get: defineCall({
    name: 'maintenance.get',
    method: 'GET',
    path: 'maintenance',
    response: MaintenanceNotice.nullable(),
  }),
  set: defineCall({
    name: 'maintenance.set',
    method: 'PUT',
    path: 'maintenance',
    body: SetMaintenanceBody,
    response: MaintenanceNotice,
  }),
  /** Ends the notice now; answers null (no notice). */
  clear: defineCall({
    name: 'maintenance.clear',
    method: 'DELETE',
    path: 'maintenance',
    response: z.null(),
  }),
} as const;
