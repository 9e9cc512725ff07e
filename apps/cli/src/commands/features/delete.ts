import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument } from '../parse.ts';
import { findFeature } from './find-feature.ts';

export interface DeleteOptions {
  feature: string;
}

export function parse(input: ParseInput): DeleteOptions {
  return { feature: argument(input, 0, 'NAME') };
}

export async function run(deps: ApiDeps, options: DeleteOptions): Promise<void> {
  const { api, output } = deps;
  const feature = await findFeature(api, options.feature);
  expectOk(await api.features.delete(feature._id), 'Deleting the feature');
  if (output.json) output.printJson({ id: feature._id, name: feature.name, deleted: true });
  else output.success(`Deleted feature ${feature.name}.`);
}

export const command = apiCommand({ parse, run });
