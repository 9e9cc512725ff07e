import { z } from 'zod';
import type { MaintenanceNotice } from '../domain/maintenance.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors } from './rule-result.ts';
import { fieldErrorsOf } from './rule-result.ts';

function timeOf(value: string | Date | number): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

// A date-time input's value (local or ISO text); text that is not a date counts as missing.
const dateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((value) => !Number.isNaN(Date.parse(value)), message);

/**
 * The maintenance form: message, start and end required, title optional, and (Siteseer's addition)
 * the end after the start, so a notice is never over before it begins.
 */
export const MaintenanceForm = z
  .object({
    title: z.string().trim().optional().default(''),
    message: z
      .string({ error: MESSAGES.maintenanceMessageRequired })
      .trim()
      .min(1, MESSAGES.maintenanceMessageRequired),
    start: dateTime(MESSAGES.maintenanceStartRequired),
    end: dateTime(MESSAGES.maintenanceEndRequired),
  })
  // Missing or unreadable dates already have their own message; compare only two real dates.
  .refine((form) => !(Date.parse(form.end) <= Date.parse(form.start)), {
    message: MESSAGES.maintenanceEndBeforeStart,
    path: ['end'],
  });
export type MaintenanceForm = z.infer<typeof MaintenanceForm>;

/** What the maintenance form holds (any field may still be empty). */
export interface MaintenanceFormInput {
  title?: unknown;
  message?: unknown;
  start?: unknown;
  end?: unknown;
}

/** Errors of the maintenance form by field (message, start, end); empty when it can be set. */
export function validateMaintenanceForm(
  input: MaintenanceFormInput,
): FieldErrors<'message' | 'start' | 'end'> {
  const result = MaintenanceForm.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

/** Whether the form's trigger (set the notice) is enabled. */
export function canSetMaintenance(input: MaintenanceFormInput): boolean {
  return MaintenanceForm.safeParse(input).success;
}

export type MaintenanceState = 'scheduled' | 'active' | 'none';

/**
 * The state of a notice at a moment: 'scheduled' before its start, 'active' from its start until
 * (not including) its end, 'none' after the end or without a notice.
 */
export function maintenanceState(
  notice: Pick<MaintenanceNotice, 'start' | 'end'> | null | undefined,
  now: Date | number,
): MaintenanceState {
  if (!notice) return 'none';
  const at = timeOf(now);
  const start = timeOf(notice.start);
  const end = timeOf(notice.end);
  if (Number.isNaN(start) || Number.isNaN(end) || at >= end) return 'none';
  return at < start ? 'scheduled' : 'active';
}
