import { type SearchEngine, validateEngineName } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { plural } from '../../output/format.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { flag, optionalString, requiredString } from '../parse.ts';
import { createWithApiKey } from './ingest.ts';
import { idempotencyKey, readConfigurationFile, readUploadFile } from './local-files.ts';
import { columnRows, previewSpreadsheet, printColumns, uploadSpreadsheet } from './parametric-steps.ts';
import { clientOf } from './resolve-engine.ts';
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

  const upload = (key: string) =>
    uploadSpreadsheet(deps, file, () =>
      api.parametric.importFile(
        { accountId, file: file.blob, filename: file.filename },
        { idempotencyKey: idempotencyKey(key, file.sha256) },
      ),
    );
  const uploadKey = `create:${accountId}:${options.name}`;
  let imported = await upload(uploadKey);
  output.info(
    `Uploaded ${imported.originalFileName}: ${plural(imported.rowCount, 'row')}, ${plural(imported.columns.length, 'column')}.`,
  );
  const preview = await previewSpreadsheet(api, imported.importId);
  if (!output.json) {
    output.info(fromFile ? 'Inferred columns (replaced by your --config):' : 'Inferred columns:');
    printColumns(output, preview.configuration, 'stderr');
  }

  const create = (importId: string) =>
    api.engines.create({
      searchEngineType: 'pm',
      accountId,
      searchEngineName: options.name,
      searchEngineDetail: { importId },
    });
  let response = await create(imported.importId);
  // The same create run again (a retried CI step): the upload's Idempotency-Key gave back the file
  // of the first run, which already belongs to the engine that run made. As with an API key, the
  // retry answers with that engine rather than failing; it is only published if it never was.
  let earlier =
    !response.ok && response.status === 409
      ? await engineOfEarlierRun(api, accountId, options.name, imported.importId)
      : undefined;
  if (!response.ok && response.status === 409 && !earlier) {
    // The key gave back the file of an earlier run whose engine is gone (deleted): the server
    // keeps it bound to that engine, so the file is uploaded again under a key of its own. The key
    // is made from the stale file, so a retry of this run finds what this run made.
    output.info(
      `${file.filename} was uploaded for an earlier engine named ${options.name}, which is gone: uploading it again.`,
    );
    imported = await upload(`${uploadKey}:after:${imported.importId}`);
    response = await create(imported.importId);
    earlier =
      !response.ok && response.status === 409
        ? await engineOfEarlierRun(api, accountId, options.name, imported.importId)
        : undefined;
  }
  const created = earlier
    ? { documentId: earlier.id, clientId: (await clientOf(api, earlier)).id }
    : expectOk(response, 'Creating the engine');
  const engineId = created.documentId;
  const configuration = fromFile ?? preview.configuration;
  const version = imported.version;
  const live = earlier?.searchEngineDetail?.version;
  if (earlier && live !== undefined) {
    // Said on stderr whatever the output: the retry changed nothing.
    output.info(
      `${options.name} was already created from this file by an earlier run (${engineId}): nothing changed.`,
    );
  } else if (options.publish) {
    const answer = await api.parametric.createAndPublish({
      spreadsheetId: imported.importId,
      engineId,
      accountId,
      version,
      configuration,
      clientId: created.clientId,
    });
    // The engine exists: say so (its id, and how to finish), before the error itself, so that a
    // pipeline that got no JSON still learns which engine was made.
    if (!answer.ok) output.warn(unfinished(options.name, engineId, 'it was not published'));
    expectOk(answer, 'Publishing the engine');
  } else {
    const answer = await api.parametric.saveConfig({ engineId, accountId, version, configuration });
    if (!answer.ok) output.warn(unfinished(options.name, engineId, 'its configuration was not saved'));
    expectOk(answer, 'Saving the configuration');
  }
  const published = live === undefined ? options.publish : live === version;

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
        warnings: imported.warnings,
        published,
      }),
      columns: columnRows(configuration),
    });
    return;
  }
  const alreadyLive = earlier !== undefined && live !== undefined;
  if (!earlier) output.success(`Created parametric engine ${options.name} (${engineId}).`);
  if (published && !alreadyLive) output.success(`Published version ${version}.`);
  if (!published && !alreadyLive)
    output.info(
      `Not published yet: run \`siteseer engines publish ${engineId} --version ${version}\` to make it live.`,
    );
  output.line(engineId);
}

/** The engine was made but its last step failed: its id, and the two ways to finish it. */
function unfinished(name: string, engineId: string, what: string): string {
  return `Created parametric engine ${name} (${engineId}), but ${what}: \`siteseer engines config ${engineId} --set CONFIG.json --publish\` finishes it, and so does this command run again with a corrected --config.`;
}

/**
 * The engine an earlier run of the same create made (same account, name and file). A published
 * engine names its file; one never published does not, so it is the only engine of that name with
 * no file.
 */
async function engineOfEarlierRun(
  api: ApiDeps['api'],
  accountId: string,
  name: string,
  importId: string,
): Promise<SearchEngine | undefined> {
  const named = expectOk(await api.engines.list({}), 'Listing engines').filter(
    (e) => e.accountId === accountId && e.searchEngineType === 'pm' && e.searchEngineName === name,
  );
  const fileOf = (e: SearchEngine) => e.searchEngineDetail?.importId ?? e.savedSpreadsheetId ?? undefined;
  const same = named.filter((e) => fileOf(e) === importId);
  if (same.length > 0) return same.length === 1 ? same[0] : undefined;
  const fileless = named.filter((e) => fileOf(e) === undefined);
  return fileless.length === 1 ? fileless[0] : undefined;
}

export const command = apiCommand({ parse, run, acceptsApiKey: true });
