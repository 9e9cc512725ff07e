import { decodeLabel } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalPositiveInt, optionalString } from '../parse.ts';
import { readConfigurationFile } from './local-files.ts';
import { printColumns } from './parametric-steps.ts';
import { clientOf, requireParametric, resolveEngine } from './resolve-engine.ts';

export interface ConfigOptions {
  engine: string;
  account: string | undefined;
  /** A configuration JSON file to save; without it the configuration is shown. */
  set: string | undefined;
  version: number | undefined;
  /** With --set: publish the version with the saved configuration, so search uses it at once. */
  publish: boolean;
}

export function parse(input: ParseInput): ConfigOptions {
  if (flag(input, 'publish') && optionalString(input, 'set') === undefined)
    throw new UsageError('--publish goes with --set FILE.');
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    set: optionalString(input, 'set'),
    version: optionalPositiveInt(input, 'version'),
    publish: flag(input, 'publish'),
  };
}

/**
 * Shows a parametric engine's configuration (columns, filters, settings), or saves one from JSON.
 * A saved configuration is the version's own; search uses it once the version is published with
 * it (--publish does that at once).
 */
export async function run(deps: ApiDeps, options: ConfigOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveEngine(api, options.engine, { account: options.account, auth: deps.auth });
  requireParametric(engine, { allowIngest: options.set === undefined });
  const version = options.version ?? engine.searchEngineDetail?.version;

  if (options.set) {
    const configuration = await readConfigurationFile(options.set);
    const saved = expectOk(
      await api.parametric.saveConfig({
        engineId: engine.id,
        accountId: engine.accountId,
        version: version ?? 1,
        configuration,
      }),
      'Saving the configuration',
    );
    const saving = version ?? 1;
    // Search uses the configuration a version was published with: saving alone changes no search.
    if (options.publish) {
      const client = await clientOf(api, engine);
      expectOk(
        await api.parametric.publish({
          version: saving,
          accountId: engine.accountId,
          engineId: engine.id,
          clientId: client.id,
        }),
        'Publishing',
      );
    }
    if (output.json) output.printJson(saved);
    else if (options.publish)
      output.success(
        `Saved the configuration of ${engine.searchEngineName} and published version ${saving} with it.`,
      );
    else output.success(`Saved the configuration of ${engine.searchEngineName} (version ${saving}).`);
    if (!options.publish)
      output.info(
        `Search does not use it until version ${saving} is published again: add --publish, or run \`siteseer engines publish ${engine.id} --version ${saving}\`.`,
      );
    return;
  }

  const configuration = expectOk(
    await api.parametric.getConfig({
      engineId: engine.id,
      accountId: engine.accountId,
      ...(version === undefined ? {} : { version }),
      format: 'json',
    }),
    'Reading the configuration',
  );
  if (output.json) {
    output.printJson(configuration);
    return;
  }
  printColumns(output, configuration, 'stdout');
  const filters = Object.values(configuration.filters).sort((a, b) => a.position - b.position);
  if (filters.length > 0) {
    output.line();
    output.table(
      ['FILTER', 'TYPE', 'RANGE'],
      filters.map((f) => [decodeLabel(f.label), f.type, f.supports.rangeFilter ? 'yes' : 'no']),
    );
  }
  output.line();
  output.details(Object.entries(configuration.settings).map(([key, value]) => [key, String(value)] as const));
}

export const command = apiCommand({ parse, run });
