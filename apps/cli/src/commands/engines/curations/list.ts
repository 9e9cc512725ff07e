import { type ApiDeps, apiCommand, type ParseInput } from '../../../deps.ts';
import { argument, optionalString } from '../../parse.ts';
import { resolveEngine } from '../resolve-engine.ts';
import { RANKING_OFF_HINT, readCurations } from './curations-of.ts';

export interface ListOptions {
  engine: string;
  account: string | undefined;
}

export function parse(input: ParseInput): ListOptions {
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account') };
}

/** Lists a keyword engine's curations: each query with its pinned and its hidden URLs. */
export async function run(deps: ApiDeps, options: ListOptions): Promise<void> {
  const { api, output } = deps;
  const found = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const { entries, enabled } = await readCurations(api, found);
  if (output.json) {
    output.printJson({
      enabled,
      entries: entries.map((entry) => ({ ...entry, hidden: entry.hidden ?? [] })),
    });
    return;
  }
  if (entries.length === 0)
    output.info('No curations yet: pin or hide a URL for a query with `pin` or `hide`.');
  else
    output.table(
      ['QUERY', 'PINNED', 'HIDDEN'],
      entries.map((entry) => [entry.query, entry.results.join('\n'), (entry.hidden ?? []).join('\n')]),
    );
  if (!enabled && entries.length > 0) output.warn(RANKING_OFF_HINT);
}

export const command = apiCommand({ parse, run });
