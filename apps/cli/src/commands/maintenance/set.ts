import { MaintenanceForm, validateMaintenanceForm } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { optionalString } from '../parse.ts';

export interface SetOptions {
  title: string;
  message: string;
  /** ISO 8601 instants. */
  start: string;
  end: string;
}

/** YYYY-MM-DD, optionally with a time (T or a space) and, after the time, Z or an offset. */
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A --start / --end value as given, once checked to be an ISO 8601 date-time of the calendar. Core's
 * form rule reads anything Date.parse takes, as a date picker's value is: typed on a command line,
 * '1' would be 2001-01-01, 'December 1' that day in 2001 and 2026-02-30 the 2nd of March, and the
 * notice would be set for a time nobody meant. An empty value is left to core's rule (required).
 * Decision: a time without a zone is the local time of the machine, as a date picker's is; the
 * success line says the instant in UTC.
 */
function isoTime(flag: 'start' | 'end', text: string | undefined): string {
  const value = (text ?? '').trim();
  if (!value) return '';
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = ISO_8601.exec(value) ?? [];
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  const valid =
    year !== undefined &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    !Number.isNaN(Date.parse(value.replace(' ', 'T')));
  if (!valid)
    throw new UsageError(
      `--${flag}: '${text}' is not a date and time: write it ISO 8601, e.g. 2026-12-01T22:00Z (without Z or an offset: your local time).`,
    );
  return value.replace(' ', 'T');
}

export function parse(input: ParseInput): SetOptions {
  const form = {
    title: optionalString(input, 'title') ?? '',
    message: optionalString(input, 'message') ?? '',
    start: isoTime('start', optionalString(input, 'start')),
    end: isoTime('end', optionalString(input, 'end')),
  };
  // The maintenance form's rules (core): message, start and end required, end after start.
  const [field, problem] = Object.entries(validateMaintenanceForm(form))[0] ?? [];
  if (problem) throw new UsageError(`--${field}: ${problem}`);
  const valid = MaintenanceForm.parse(form);
  return {
    title: valid.title,
    message: valid.message,
    start: new Date(valid.start).toISOString(),
    end: new Date(valid.end).toISOString(),
  };
}

/** Sets the maintenance notice every signed-in user sees (super admins). */
export async function run(deps: ApiDeps, options: SetOptions): Promise<void> {
  const { api, output } = deps;
  const notice = expectOk(await api.maintenance.set(options), 'Setting the maintenance notice');
  if (output.json) output.printJson(notice);
  else
    output.success(`Maintenance notice set: ${formatDate(notice.start)} to ${formatDate(notice.end)} UTC.`);
}

export const command = apiCommand({ parse, run });
