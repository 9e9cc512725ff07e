import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { plural } from '../../output/format.ts';
import { argument, flag, optionalString, requiredString } from '../parse.ts';
import { uploadWithApiKey } from './ingest.ts';
import { idempotencyKey, readUploadFile } from './local-files.ts';
import { previewSpreadsheet, uploadSpreadsheet } from './parametric-steps.ts';
import { clientOf, importIdOf, requireParametric, resolveEngine } from './resolve-engine.ts';
import { versionJson } from './version-json.ts';

export interface UploadOptions {
  engine: string;
  account: string | undefined;
  file: string;
  publish: boolean;
}

export function parse(input: ParseInput): UploadOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    file: requiredString(input, 'file'),
    publish: flag(input, 'publish'),
  };
}

/**
 * A new version of a parametric engine's file. The Idempotency-Key is derived from the engine and
 * the file's SHA-256, so a retried CI step stores the version once. With --publish the version
 * goes live with the engine's saved configuration (create-and-publish, as the portal's edit does).
 */
export async function run(deps: ApiDeps, options: UploadOptions): Promise<void> {
  const { api, output } = deps;
  const file = await readUploadFile(options.file);
  if (deps.auth === 'apiKey') {
    await uploadWithApiKey(deps, options, file);
    return;
  }
  const engine = await resolveEngine(api, options.engine, { account: options.account });
  requireParametric(engine);
  const importId = importIdOf(engine);
  // The versions before this upload: the same file as one of them (its Idempotency-Key) gives that
  // version back, and nothing new is stored. The answer alone does not say so when it is the latest.
  const before = expectOk(await api.parametric.history(importId), 'Reading the file history');

  const imported = await uploadSpreadsheet(deps, file, () =>
    api.parametric.updateFile(
      importId,
      { accountId: engine.accountId, engineId: engine.id, file: file.blob, filename: file.filename },
      { idempotencyKey: idempotencyKey(engine.id, file.sha256) },
    ),
  );
  const client = await clientOf(api, engine);
  const stored = before.some((entry) => entry.version === imported.version);
  // An earlier version (not the latest) is published with its own configuration; the preview's is
  // the latest version's, whose columns may differ.
  const earlier = imported.version < Math.max(imported.version, ...before.map((entry) => entry.version));
  const alreadyLive = stored && engine.searchEngineDetail?.version === imported.version;
  let published = false;
  if (options.publish) {
    const configuration = earlier
      ? expectOk(
          await api.parametric.getConfig({
            engineId: engine.id,
            accountId: engine.accountId,
            version: imported.version,
            format: 'json',
          }),
          'Reading the configuration',
        )
      : (await previewSpreadsheet(api, importId, client.id)).configuration;
    expectOk(
      await api.parametric.createAndPublish({
        spreadsheetId: importId,
        engineId: engine.id,
        accountId: engine.accountId,
        version: imported.version,
        configuration,
        clientId: client.id,
      }),
      earlier ? `Publishing version ${imported.version}` : 'Publishing the new version',
    );
    published = true;
  }

  // On stderr whatever the output: the version number alone would not say it was stored before.
  if (stored)
    output.info(
      `${file.filename} is the same file as version ${imported.version} of ${engine.searchEngineName} (${imported.originalFileName}, ${plural(imported.rowCount, 'row')}): nothing new was stored.`,
    );
  if (output.json) {
    output.printJson(
      versionJson({
        engineId: engine.id,
        clientId: client.id,
        name: engine.searchEngineName,
        accountId: engine.accountId,
        importId: imported.importId,
        version: imported.version,
        originalFileName: imported.originalFileName,
        rowCount: imported.rowCount,
        warnings: imported.warnings,
        // Whether the version is live once the command is done: published now, or already (a
        // retried step's file), so that a pipeline reading it is not told to publish it again.
        published: published || alreadyLive,
      }),
    );
    return;
  }
  if (!stored)
    output.success(
      `Uploaded ${imported.originalFileName} as version ${imported.version} of ${engine.searchEngineName} (${plural(imported.rowCount, 'row')}).`,
    );
  if (published) output.success(`Published version ${imported.version}.`);
  else if (alreadyLive) output.info(`Version ${imported.version} is live already.`);
  else
    output.info(
      `Not published: run \`siteseer engines publish ${engine.id} --version ${imported.version}\`.`,
    );
}

export const command = apiCommand({ parse, run, acceptsApiKey: true });
