import type { IngestResult, ParametricConfiguration } from '@siteseer/core';
import type { ApiDeps } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import type { UploadFile } from './local-files.ts';
import { idempotencyKey } from './local-files.ts';
import { uploadSpreadsheet } from './parametric-steps.ts';

/*
 * With SITESEER_API_KEY the CLI uses the data-source (ingest) API, the API keys' own door: the
 * engine is created (createdBy INGEST_API) and published with the inferred configuration by the
 * server. A --config is then saved (and published) with the parametric calls, which also take the
 * account's key.
 */

function printResult(deps: ApiDeps, result: IngestResult, name: string, file: UploadFile): void {
  const { output } = deps;
  if (output.json) {
    output.printJson({ id: result.engineId, name, ...result });
    return;
  }
  output.success(
    `${name} (${result.engineId}): ${file.filename} is version ${result.version} (${result.rowCount} rows)${result.published ? ', published' : ''}.`,
  );
  output.line(result.engineId);
}

export async function createWithApiKey(
  deps: ApiDeps,
  options: { name: string; account: string | undefined; publish: boolean },
  file: UploadFile,
  configuration: ParametricConfiguration | undefined,
): Promise<void> {
  const { api } = deps;
  if (configuration && !options.account) {
    throw new UsageError('With an API key, --config also needs --account (the key’s account).');
  }
  // Published by the server only when no configuration of ours is to be applied first.
  const publishNow = options.publish && !configuration;
  const result = await uploadSpreadsheet(deps, file, () =>
    api.datasource.createParametric(
      {
        searchEngineName: options.name,
        publish: publishNow ? 'true' : 'false',
        file: file.blob,
        filename: file.filename,
      },
      { idempotencyKey: idempotencyKey(`ingest:${options.name}`, file.sha256) },
    ),
  );
  if (configuration && options.account) {
    const body = {
      engineId: result.engineId,
      accountId: options.account,
      version: result.version,
      configuration,
    };
    if (options.publish) {
      expectOk(
        await api.parametric.createAndPublish({
          ...body,
          spreadsheetId: result.importId,
          clientId: result.clientId,
        }),
        'Publishing the engine',
      );
    } else {
      expectOk(await api.parametric.saveConfig(body), 'Saving the configuration');
    }
  }
  printResult(deps, { ...result, published: options.publish }, options.name, file);
}

/** A new version through the data-source API; ENGINE must be an id (an API key cannot list engines). */
export async function uploadWithApiKey(
  deps: ApiDeps,
  options: { engine: string; publish: boolean },
  file: UploadFile,
): Promise<void> {
  const result = await uploadSpreadsheet(deps, file, () =>
    deps.api.datasource.uploadParametric(
      options.engine,
      { publish: options.publish ? 'true' : 'false', file: file.blob, filename: file.filename },
      { idempotencyKey: idempotencyKey(options.engine, file.sha256) },
    ),
  );
  printResult(deps, result, options.engine, file);
}
