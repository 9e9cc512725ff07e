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

export function parse(input: ParseInput): SetOptions {
  const form = {
    title: optionalString(input, 'title') ?? '',
    message: optionalString(input, 'message') ?? '',
    start: optionalString(input, 'start') ?? '',
    end: optionalString(input, 'end') ?? '',
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
