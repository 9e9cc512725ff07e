import { decodeLabel } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalPositiveInt, optionalString } from '../parse.ts';
import { readConfigurationFile } from './local-files.ts';
import { printColumns } from './parametric-steps.ts';
import { requireParametric, resolveEngine } from './resolve-engine.ts';

export interface ConfigOptions {
  engine: string;
  account: string | undefined;
  /** A configuration JSON file to save; without it the configuration is shown. */
  set: string | undefined;
  version: number | undefined;
}

export function parse(input: ParseInput): ConfigOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    set: optionalString(input, 'set'),
    version: optionalPositiveInt(input, 'version'),
  };
}

/** Shows a parametric engine's configuration (columns, filters, settings), or saves one from JSON. */
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
    if (output.json) output.printJson(saved);
    else output.success(`Saved the configuration of ${engine.searchEngineName} (version ${version ?? 1}).`);
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
