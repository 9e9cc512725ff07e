import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalPositiveInt, optionalString } from '../parse.ts';
import { clientOf, importIdOf, requireParametric, resolveEngine } from './resolve-engine.ts';

export interface PublishOptions {
  engine: string;
  account: string | undefined;
  /** The version to make live; the latest upload when absent. */
  version: number | undefined;
}

export function parse(input: ParseInput): PublishOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    version: optionalPositiveInt(input, 'version'),
  };
}

/** Makes a version of a parametric engine's file live (atomically, on the server). */
export async function run(deps: ApiDeps, options: PublishOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  requireParametric(engine, { allowIngest: true });
  let version = options.version;
  if (version === undefined) {
    // An engine never published does not name its file, so its versions cannot be listed.
    if (!engine.searchEngineDetail?.importId && !engine.savedSpreadsheetId)
      throw new UsageError(
        `'${engine.searchEngineName}' has never been published, so its latest version cannot be looked up: pass --version.`,
        `The version is the one \`engines create parametric\` printed (1 for a new engine): siteseer engines publish ${engine.id} --version 1`,
      );
    const history = expectOk(await api.parametric.history(importIdOf(engine)), 'Reading the file history');
    version = Math.max(0, ...history.map((entry) => entry.version));
    if (version === 0)
      throw new AbortError(`'${engine.searchEngineName}' has no uploaded version to publish.`);
  }
  const client = await clientOf(api, engine);
  const published = expectOk(
    await api.parametric.publish({
      version,
      accountId: engine.accountId,
      engineId: engine.id,
      clientId: client.id,
    }),
    'Publishing',
  );
  if (output.json)
    output.printJson({ id: engine.id, name: engine.searchEngineName, version: published.version });
  else output.success(`Published version ${published.version} of ${engine.searchEngineName}.`);
}

export const command = apiCommand({ parse, run });
