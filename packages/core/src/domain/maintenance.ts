import { z } from 'zod';
import { Timestamp } from './common.ts';

/** The maintenance notice shown to every signed-in user while scheduled or active. */
export const MaintenanceNotice = z.object({
  title: z.string().default(''),
  message: z.string().min(1),
  start: Timestamp,
  end: Timestamp,
  creator: z.string().optional(),
  created: Timestamp.optional(),
  /** Length of the window in milliseconds (end - start). */
  duration: z.number().int().min(0).optional(),
});
export type MaintenanceNotice = z.infer<typeof MaintenanceNotice>;

/** What a super admin submits to set the notice. */
export const MaintenanceNoticeInput = MaintenanceNotice.pick({
  title: true,
  message: true,
  start: true,
  end: true,
});
export type MaintenanceNoticeInput = z.infer<typeof MaintenanceNoticeInput>;
