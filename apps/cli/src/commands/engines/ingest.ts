import type { IngestResult, ParametricConfiguration, SearchEngine } from '@siteseer/core';
import type { ApiDeps } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { plural } from '../../output/format.ts';
import { checkApiKeyAccount } from '../accounts/resolve-account.ts';
import type { UploadFile } from './local-files.ts';
import { idempotencyKey } from './local-files.ts';
import { columnRows, uploadSpreadsheet } from './parametric-steps.ts';
import { versionJson } from './version-json.ts';

/*
 * With SITESEER_API_KEY the CLI uses the data-source (ingest) API, the API keys' own door: the
 * engine is created (createdBy INGEST_API) and published with the inferred configuration by the
 * server. A --config is then saved (and published) with the parametric calls, which also take the
 * account's key.
 */

/** The key's account, read from the engine's client (the data-source answer does not carry it). */
async function accountOfEngine(deps: ApiDeps, engineId: string): Promise<string> {
  const clients = expectOk(await deps.api.clients.byEngineIds([engineId]), 'Reading the engine client');
  const client = clients.find((c) => c.engineId === engineId);
  if (!client) throw new AbortError(`The engine ${engineId} has no client yet.`);
  return client.accountId;
}

/** The same JSON as with a login (`version-json.ts`); `columns` for a new engine. */
async function printResult(
  deps: ApiDeps,
  result: IngestResult,
  name: string,
  file: UploadFile,
  kind: 'create' | 'upload',
): Promise<void> {
  const { api, output } = deps;
  if (output.json) {
    const accountId = await accountOfEngine(deps, result.engineId);
    const printed = versionJson({
      engineId: result.engineId,
      clientId: result.clientId,
      name,
      accountId,
      importId: result.importId,
      version: result.version,
      originalFileName: file.filename,
      rowCount: result.rowCount,
      warnings: result.warnings,
      published: result.published,
    });
    if (kind === 'upload') {
      output.printJson(printed);
      return;
    }
    const configuration = expectOk(
      await api.parametric.getConfig({
        engineId: result.engineId,
        accountId,
        version: result.version,
        format: 'json',
      }),
      'Reading the configuration',
    );
    output.printJson({ ...printed, columns: columnRows(configuration) });
    return;
  }
  output.success(
    `${name} (${result.engineId}): ${file.filename} is version ${result.version} (${plural(result.rowCount, 'row')})${result.published ? ', published' : ''}.`,
  );
  output.line(result.engineId);
}

export async function createWithApiKey(
  deps: ApiDeps,
  options: { name: string; publish: boolean; account: string | undefined },
  file: UploadFile,
  configuration: ParametricConfiguration | undefined,
): Promise<void> {
  const { api } = deps;
  // The data-source API (an API key's door) configures an engine from its file's inferred columns;
  // saving another configuration is a user's call, which the server refuses a key. Refused here,
  // before the file is sent, rather than after the engine is made.
  if (configuration) {
    throw new UsageError(
      'An API key cannot apply --config: the engine is configured from the columns inferred from the file.',
      // An engine made with a key keeps the inferred configuration: `engines config --set` refuses
      // engines of the data-source API, as the portal's Edit does.
      'Sign in (siteseer login, or SITESEER_TOKEN) to create the engine with it, or leave out --config: an engine made with an API key keeps the columns inferred from its file.',
    );
  }
  await checkApiKeyAccount(api, options.account);
  const result = await uploadSpreadsheet(deps, file, () =>
    api.datasource.createParametric(
      {
        searchEngineName: options.name,
        publish: options.publish ? 'true' : 'false',
        file: file.blob,
        filename: file.filename,
      },
      { idempotencyKey: idempotencyKey(`ingest:${options.name}`, file.sha256) },
    ),
  );
  await printResult(deps, { ...result, published: options.publish }, options.name, file, 'create');
}

const ENGINE_ID_HINT =
  'Use the engine id: `siteseer engines create parametric ... --json | jq -r .engineId` prints it, and so does `siteseer engines list` with a login.';

/**
 * The key's engine ENGINE names, checked before the file is sent (or the report is read): with an
 * API key ENGINE must be the engine's id (the data-source API takes ids only).
 */
export async function keyEngine(deps: ApiDeps, ref: string): Promise<SearchEngine> {
  const engines = expectOk(await deps.api.engines.list({}), "Listing the API key's engines");
  const byId = engines.find((engine) => engine.id === ref);
  if (byId) return byId;
  const named = engines.filter((engine) => engine.searchEngineName === ref);
  if (named.length > 0) {
    throw new UsageError(
      `An API key needs the engine's id, not its name: '${ref}' is ${named.map((e) => e.id).join(', ')}.`,
      ENGINE_ID_HINT,
    );
  }
  // An unknown engine (or one of another account) is exit 1, as with a login: not a usage error.
  throw new AbortError(
    `No engine with the id '${ref}' in the API key's account (an API key needs the engine's id).`,
    { hint: ENGINE_ID_HINT },
  );
}

/** A new version through the data-source API; ENGINE must be the engine's id. */
export async function uploadWithApiKey(
  deps: ApiDeps,
  options: { engine: string; publish: boolean; account: string | undefined },
  file: UploadFile,
): Promise<void> {
  await checkApiKeyAccount(deps.api, options.account);
  const engine = await keyEngine(deps, options.engine);
  const result = await uploadSpreadsheet(deps, file, () =>
    deps.api.datasource.uploadParametric(
      options.engine,
      { publish: options.publish ? 'true' : 'false', file: file.blob, filename: file.filename },
      { idempotencyKey: idempotencyKey(options.engine, file.sha256) },
    ),
  );
  await printResult(deps, result, engine.searchEngineName, file, 'upload');
}
