import type { Role } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalString } from '../parse.ts';
import { findFeature } from './find-feature.ts';
import { parseRoles } from './roles.ts';

export interface SetOptions {
  feature: string;
  roles: Role[];
}

export function parse(input: ParseInput): SetOptions {
  const roles = parseRoles(optionalString(input, 'roles'));
  if (roles === undefined) throw new UsageError('--roles is required (a comma list, or "" for none).');
  return { feature: argument(input, 0, 'NAME'), roles };
}

/** Switches a feature on for exactly the listed roles (the whole feature is sent, as the page does). */
export async function run(deps: ApiDeps, options: SetOptions): Promise<void> {
  const { api, output } = deps;
  const feature = await findFeature(api, options.feature);
  const updated = expectOk(
    await api.features.update({ ...feature, allowedRoles: options.roles }),
    'Updating the feature',
  );
  if (output.json) output.printJson(updated);
  else output.success(`${updated.name} is on for: ${updated.allowedRoles.join(', ') || 'nobody'}.`);
}

export const command = apiCommand({ parse, run });
