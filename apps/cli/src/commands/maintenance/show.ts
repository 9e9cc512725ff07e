import { maintenanceState } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';

export type ShowOptions = Record<string, never>;

export function parse(_input: ParseInput): ShowOptions {
  return {};
}

/** The maintenance notice and its state now: scheduled, active or none. */
export async function run(deps: ApiDeps, _options: ShowOptions): Promise<void> {
  const { api, output, clock } = deps;
  const notice = expectOk(await api.maintenance.get(), 'Reading the maintenance notice');
  const state = maintenanceState(notice, clock.now());
  if (output.json) {
    output.printJson({ state, notice });
    return;
  }
  if (!notice || state === 'none') {
    output.info('No maintenance notice.');
    return;
  }
  output.details([
    ['State', state],
    ['Title', notice.title],
    ['Message', notice.message],
    // The same format as `maintenance set` prints.
    ['Start', `${formatDate(notice.start)} UTC`],
    ['End', `${formatDate(notice.end)} UTC`],
    ['Set by', notice.creator],
  ]);
}

export const command = apiCommand({ parse, run });
