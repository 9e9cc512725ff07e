import { deleteConfirmationError, MESSAGES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { CancelledError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { resolveEngine } from './resolve-engine.ts';

export interface DeleteOptions {
  engine: string;
  account: string | undefined;
  /** The engine's name typed out; asked for on a terminal when absent. */
  confirm: string | undefined;
}

export function parse(input: ParseInput): DeleteOptions {
  const confirm = optionalString(input, 'confirm');
  if (flag(input, 'yes') && confirm === undefined) {
    throw new UsageError('--yes is not enough to delete an engine: pass --confirm with its exact name.');
  }
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account'), confirm };
}

/** Typed confirmation, as in the portal: the engine's exact name (core's rule), else nothing is deleted. */
export async function run(deps: ApiDeps, options: DeleteOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  const name = engine.searchEngineName;
  let typed = options.confirm;
  if (typed === undefined) {
    if (!output.interactive) {
      throw new UsageError(`Pass --confirm "${name}" to delete this engine.`);
    }
    typed = await deps.prompt.text(`Type the engine's name (${name}) to delete it: `);
  }
  const mismatch = deleteConfirmationError(typed, name);
  if (mismatch) throw new CancelledError(`${mismatch} Nothing was deleted.`);
  if (engine.searchEngineType === 'kw') output.info(MESSAGES.keywordDeleteNote);
  const result = expectOk(
    await api.engines.delete(engine.id, { accountId: engine.accountId }),
    'Deleting the engine',
  );
  if (output.json) output.printJson({ id: result.id, name, deleted: true });
  else output.success(`Deleted engine ${name} (${engine.id}).`);
}

export const command = apiCommand({ parse, run });
