import { validateEngineName } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { flag, optionalString, requiredString } from '../parse.ts';
import { createWithApiKey } from './ingest.ts';
import { idempotencyKey, readConfigurationFile, readUploadFile } from './local-files.ts';
import { columnRows, previewSpreadsheet, printColumns, uploadSpreadsheet } from './parametric-steps.ts';
import { versionJson } from './version-json.ts';

export interface CreateParametricOptions {
  name: string;
  /** An id or exact name; optional for someone with one account. An API key acts for its own account. */
  account: string | undefined;
  file: string;
  config: string | undefined;
  publish: boolean;
}

export function parse(input: ParseInput): CreateParametricOptions {
  const name = requiredString(input, 'name').trim();
  const problem = validateEngineName(name);
  if (problem) throw new UsageError(problem);
  return {
    name,
    account: optionalString(input, 'account'),
    file: requiredString(input, 'file'),
    config: optionalString(input, 'config'),
    publish: flag(input, 'publish'),
  };
}

/**
 * The parametric wizard from the terminal: upload the file, preview it (inferred columns), create
 * the engine, then save the configuration (from --config, else the inferred one) and, with
 * --publish, create-and-publish it so it is live.
 */
export async function run(deps: ApiDeps, options: CreateParametricOptions): Promise<void> {
  const { api, output } = deps;
  // Both local files are checked before anything is sent.
  const file = await readUploadFile(options.file);
  const fromFile = options.config ? await readConfigurationFile(options.config) : undefined;
  if (deps.auth === 'apiKey') {
    await createWithApiKey(deps, options, file, fromFile);
    return;
  }
  // The account is checked before the file is sent.
  const accountId = (await resolveAccountOrOnly(api, options.account)).id;

  const imported = await uploadSpreadsheet(deps, file, () =>
    api.parametric.importFile(
      { accountId, file: file.blob, filename: file.filename },
      { idempotencyKey: idempotencyKey(`create:${accountId}:${options.name}`, file.sha256) },
    ),
  );
  output.info(
    `Uploaded ${imported.originalFileName}: ${imported.rowCount} rows, ${imported.columns.length} columns.`,
  );
  const preview = await previewSpreadsheet(api, imported.importId);
  if (!output.json) {
    output.info(fromFile ? 'Inferred columns (replaced by your --config):' : 'Inferred columns:');
    printColumns(output, preview.configuration, 'stderr');
  }

  const created = expectOk(
    await api.engines.create({
      searchEngineType: 'pm',
      accountId,
      searchEngineName: options.name,
      searchEngineDetail: { importId: imported.importId },
    }),
    'Creating the engine',
  );
  const engineId = created.documentId;
  const configuration = fromFile ?? preview.configuration;
  const version = imported.version;
  if (options.publish) {
    expectOk(
      await api.parametric.createAndPublish({
        spreadsheetId: imported.importId,
        engineId,
        accountId,
        version,
        configuration,
        clientId: created.clientId,
      }),
      'Publishing the engine',
    );
  } else {
    expectOk(
      await api.parametric.saveConfig({ engineId, accountId, version, configuration }),
      'Saving the configuration',
    );
  }

  if (output.json) {
    output.printJson({
      ...versionJson({
        engineId,
        clientId: created.clientId,
        name: options.name,
        accountId,
        importId: imported.importId,
        version,
        originalFileName: imported.originalFileName,
        rowCount: imported.rowCount,
        published: options.publish,
      }),
      columns: columnRows(configuration),
    });
    return;
  }
  output.success(`Created parametric engine ${options.name} (${engineId}).`);
  if (options.publish) output.success(`Published version ${version}.`);
  else
    output.info(
      `Not published yet: run \`siteseer engines publish ${engineId} --version ${version}\` to make it live.`,
    );
  output.line(engineId);
}

export const command = apiCommand({ parse, run, acceptsApiKey: true });
