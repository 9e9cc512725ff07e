import type { Role } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { parseRoles } from './roles.ts';

export interface CreateOptions {
  name: string;
  description: string;
  roles: Role[];
  showDetails: boolean;
}

export function parse(input: ParseInput): CreateOptions {
  return {
    name: argument(input, 0, 'NAME').trim(),
    description: optionalString(input, 'description') ?? '',
    roles: parseRoles(optionalString(input, 'roles')) ?? [],
    showDetails: flag(input, 'showDetails'),
  };
}

export async function run(deps: ApiDeps, options: CreateOptions): Promise<void> {
  const { api, output } = deps;
  const created = expectOk(
    await api.features.create({
      name: options.name,
      description: options.description,
      show_details: options.showDetails,
      allowedRoles: options.roles,
    }),
    'Creating the feature',
  );
  if (output.json) output.printJson(created);
  else
    output.success(
      `Created feature ${created.name} (${created._id}), on for: ${created.allowedRoles.join(', ') || 'nobody'}.`,
    );
}

export const command = apiCommand({ parse, run });
