import { MESSAGES, ROLES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';

export type ListOptions = Record<string, never>;

export function parse(_input: ParseInput): ListOptions {
  return {};
}

const ROLE_HEADS = { superadmin: 'SUPER ADMIN', owner: 'OWNER', admin: 'ADMIN', user: 'USER' } as const;

/** The Features page as a table: one row per feature, one column per role. */
export async function run(deps: ApiDeps, _options: ListOptions): Promise<void> {
  const { api, output } = deps;
  const features = expectOk(await api.features.list(), 'Listing features');
  if (output.json) {
    output.printJson(features);
    return;
  }
  output.table(
    ['NAME', ...ROLES.map((role) => ROLE_HEADS[role]), 'DESCRIPTION'],
    features.map((f) => [
      f.name,
      ...ROLES.map((role) => (f.allowedRoles.includes(role) ? 'on' : '-')),
      f.description,
    ]),
    MESSAGES.noFeatures,
  );
}

export const command = apiCommand({ parse, run });
