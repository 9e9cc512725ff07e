import {
  type IngestResult,
  normaliseParametricConfiguration,
  type ParametricConfiguration,
  type SpreadsheetImport,
} from '@siteseer/core';
import { type EngineAccess, ingestAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { NotFoundError } from '../errors.ts';
import { findClientOfEngine } from '../repositories/clients.ts';
import { findEngineImportId, findPublished, findVersion } from '../repositories/parametric.ts';
import type { Store } from '../store/types.ts';
import { parametricEngine } from './guards.ts';
import { parseUpload, storeUpload } from './imports.ts';
import { attachAndPublish } from './publish.ts';
import { feedRows, type IndexFeed, parsedCells } from './search-index-build.ts';

interface IngestFile {
  fileName: string;
  bytes: Uint8Array;
  idempotencyKey?: string | undefined;
}

/** The configuration an ingest publishes: the published one when the columns are the same, else `fallback`. */
function configurationFor(
  published: ParametricConfiguration | undefined,
  columnIds: readonly string[],
  fallback: ParametricConfiguration,
): ParametricConfiguration {
  const same = published && Object.keys(published.columns).sort().join() === [...columnIds].sort().join();
  return same ? published : fallback;
}

/**
 * A new version of an engine's table; published (unless `publish` is false) with the published
 * configuration when the columns are the same, else with the one inferred from the new file. The
 * parsed table is typed for the search index while it is being stored (they run side by side: the
 * store in its own thread or server), so publishing does not read it back.
 */
export async function ingestVersion(
  store: Store,
  principal: Principal,
  input: IngestFile & { engineId: string; publish: boolean },
): Promise<IngestResult> {
  const access = await ingestAccess(store, principal);
  await parametricEngine(store, access, input.engineId);
  return ingestVersionAs(store, access, input);
}

async function ingestVersionAs(
  store: Store,
  access: EngineAccess,
  input: IngestFile & { engineId: string; publish: boolean },
): Promise<IngestResult> {
  const accountId = access.account.id;
  const upload = {
    accountId,
    engineId: input.engineId,
    importId: await findEngineImportId(store, accountId, input.engineId),
    fileName: input.fileName,
    bytes: input.bytes,
    idempotencyKey: input.idempotencyKey,
  };
  const client = await findClientOfEngine(store, accountId, input.engineId);
  if (!client) throw new NotFoundError('Client');
  const published = await findPublished(store, accountId, input.engineId);
  const parsed = await parseUpload(store, upload);
  let uploaded: SpreadsheetImport;
  let prepared: { configuration: ParametricConfiguration; rows: Promise<IndexFeed> } | undefined;
  if ('earlier' in parsed) {
    uploaded = parsed.earlier;
  } else {
    if (input.publish) {
      const configuration = configurationFor(
        published?.configuration,
        parsed.table.columnIds,
        parsed.inferred,
      );
      const rows = feedRows(
        parsedCells(parsed.table, parsed.cellChunks),
        normaliseParametricConfiguration(configuration),
      );
      // Awaited by the publish below; a refusal meanwhile must not go unhandled while the upload is stored.
      rows.catch(() => undefined);
      prepared = { configuration, rows };
    }
    uploaded = await storeUpload(store, access, upload, parsed);
  }
  if (input.publish) {
    const version = await findVersion(store, accountId, uploaded.importId, uploaded.version);
    if (!version) throw new NotFoundError('Version');
    await attachAndPublish(store, access, {
      accountId,
      engineId: input.engineId,
      spreadsheetId: uploaded.importId,
      version: uploaded.version,
      ...(prepared ?? {
        configuration: configurationFor(
          published?.configuration,
          version.columnIds,
          version.configuration ?? version.inferred,
        ),
      }),
    });
  }
  return {
    engineId: input.engineId,
    clientId: client.id,
    importId: uploaded.importId,
    version: uploaded.version,
    published: input.publish,
    rowCount: uploaded.rowCount,
  };
}
