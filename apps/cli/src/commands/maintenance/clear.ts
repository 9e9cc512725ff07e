import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';

export type ClearOptions = Record<string, never>;

export function parse(_input: ParseInput): ClearOptions {
  return {};
}

/** Ends the maintenance notice now (super admins). */
export async function run(deps: ApiDeps, _options: ClearOptions): Promise<void> {
  const { api, output } = deps;
  expectOk(await api.maintenance.clear(), 'Clearing the maintenance notice');
  if (output.json) output.printJson({ cleared: true });
  else output.success('Maintenance notice cleared.');
}

export const command = apiCommand({ parse, run });
