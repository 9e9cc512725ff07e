import {
  type IngestResult,
  normaliseParametricConfiguration,
  type ParametricConfiguration,
} from '@siteseer/core';
import { ingestAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { findClientOfEngine } from '../repositories/clients.ts';
import { findEngineImportId } from '../repositories/parametric/imports.ts';
import { findPublished } from '../repositories/parametric/published.ts';
import type { VersionRecord } from '../repositories/parametric/versions.ts';
import type { Store } from '../store/types.ts';
import { parametricEngine } from './guards.ts';
import { insertUpload, parseUpload, withWarnings } from './imports.ts';
import { checkedConfiguration, type Publishing, publishStoredVersion } from './publish.ts';
import { feedRows, type IndexFeed, parsedCells, storedCells } from './search-index-build.ts';
import { carriedConfiguration } from './version-configuration.ts';

/**
 * `POST datasource/parametric/{id}`: a new version of an engine's table; published (unless `publish`
 * is false) with the published configuration when the columns are the same, else with the one
 * inferred from the new file. Access is checked once and the engine read once; the stored version
 * is handed to the publish rather than read back. The parsed table is typed for the search index
 * while it is being stored (they run side by side: the store in its own thread or server).
 */
export async function ingestVersion(
  store: Store,
  publishing: Publishing,
  principal: Principal,
  input: {
    engineId: string;
    publish: boolean;
    fileName: string;
    bytes: Uint8Array;
    idempotencyKey?: string | undefined;
  },
): Promise<IngestResult> {
  const access = await ingestAccess(store, principal);
  const accountId = access.account.id;
  const engine = await parametricEngine(store, access, input.engineId);
  const client = await findClientOfEngine(store, accountId, engine.id);
  if (!client) throw new NotFoundError('Client');
  const published = await findPublished(store, accountId, engine.id);
  const upload = {
    accountId,
    engineId: engine.id,
    importId: await findEngineImportId(store, accountId, engine.id),
    fileName: input.fileName,
    bytes: input.bytes,
    idempotencyKey: input.idempotencyKey,
  };
  const parsed = await parseUpload(store, upload);
  let version: VersionRecord;
  let configuration: ParametricConfiguration | undefined;
  let rows: Promise<IndexFeed> | undefined;
  if ('earlier' in parsed) {
    version = parsed.earlier;
    if (version.engineId !== engine.id)
      throw new ConflictError('This spreadsheet belongs to another search engine.');
    if (input.publish) {
      configuration = await carriedConfiguration(
        store,
        accountId,
        published,
        version,
        version.configuration ?? version.inferred,
      );
      rows = feedRows(storedCells(store, version), normaliseParametricConfiguration(configuration));
    }
  } else {
    if (input.publish) {
      configuration = await carriedConfiguration(store, accountId, published, parsed.table, parsed.inferred);
      rows = feedRows(
        parsedCells(parsed.table, parsed.cellChunks),
        normaliseParametricConfiguration(configuration),
      );
      // Awaited by the publish below; a refusal meanwhile must not go unhandled while the upload is stored.
      rows.catch(() => undefined);
    }
    version = await store.transaction((tx) => insertUpload(tx, access, upload, parsed));
  }
  if (configuration && rows) {
    await publishStoredVersion(
      store,
      publishing,
      access,
      engine.id,
      version,
      checkedConfiguration(configuration, version),
      rows,
    );
  }
  const result = ingestResult(engine.id, client.id, version, input.publish);
  return 'earlier' in parsed ? result : withWarnings(result, parsed.table.warnings);
}

/** The data-source API's answer for a stored version (and whether it was published). */
export function ingestResult(
  engineId: string,
  clientId: string,
  version: Pick<VersionRecord, 'importId' | 'version' | 'rowCount'>,
  published: boolean,
): IngestResult {
  return {
    engineId,
    clientId,
    importId: version.importId,
    version: version.version,
    published,
    rowCount: version.rowCount,
  };
}
