import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { confirmOrYes } from '../../prompt/confirm.ts';
import { argument, flag } from '../parse.ts';
import { findFeature } from './find-feature.ts';

export interface DeleteOptions {
  feature: string;
  yes: boolean;
}

export function parse(input: ParseInput): DeleteOptions {
  return { feature: argument(input, 0, 'NAME'), yes: flag(input, 'yes') };
}

export async function run(deps: ApiDeps, options: DeleteOptions): Promise<void> {
  const { api, output } = deps;
  const feature = await findFeature(api, options.feature);
  // A feature's roles are gone with it (creating it again starts with none): asked first, or --yes.
  await confirmOrYes(deps, {
    yes: options.yes,
    question: `Delete the feature ${feature.name}? The roles it is on for are lost with it.`,
    action: 'delete a feature',
  });
  expectOk(await api.features.delete(feature._id), 'Deleting the feature');
  if (output.json) output.printJson({ id: feature._id, name: feature.name, deleted: true });
  else output.success(`Deleted feature ${feature.name}.`);
}

export const command = apiCommand({ parse, run });
