import {
  decodeLabel,
  type IngestResult,
  normaliseParametricConfiguration,
  type ParametricConfiguration,
} from '@siteseer/core';
import { ingestAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { findClientOfEngine } from '../repositories/clients.ts';
import { findEngineImportId } from '../repositories/parametric/imports.ts';
import { findPublished, type PublishedRecord } from '../repositories/parametric/published.ts';
import { findVersion, type VersionRecord } from '../repositories/parametric/versions.ts';
import type { Store } from '../store/types.ts';
import { parametricEngine } from './guards.ts';
import { insertUpload, parseUpload, withWarnings } from './imports.ts';
import { checkedConfiguration, type Publishing, publishStoredVersion } from './publish.ts';
import { feedRows, type IndexFeed, parsedCells, storedCells } from './search-index-build.ts';

/**
 * The configuration an ingest publishes: the published one when the new table has the same columns,
 * else `fallback` (inferred from the new file) with the published settings (downloads, search bar,
 * filter format are the engine's, not its columns'). Column ids are positions, so the same ids are
 * not the same columns: a feed of (SKU, Name, Price) after (Product, Units, Revenue) was published
 * under the old labels and types, 'Name' typed as a whole number. The headers must match too: the
 * published labels, when they are the headers still (no read), else the published version's headers.
 */
async function configurationFor(
  store: Store,
  accountId: string,
  published: PublishedRecord | undefined,
  table: Pick<VersionRecord, 'columnIds' | 'headers'>,
  fallback: ParametricConfiguration,
): Promise<ParametricConfiguration> {
  if (!published) return fallback;
  const { columns, settings } = published.configuration;
  const sameIds = Object.keys(columns).sort().join() === [...table.columnIds].sort().join();
  if (sameIds && (await sameHeaders(store, accountId, published, table))) return published.configuration;
  return { ...fallback, settings };
}

async function sameHeaders(
  store: Store,
  accountId: string,
  published: PublishedRecord,
  table: Pick<VersionRecord, 'columnIds' | 'headers'>,
): Promise<boolean> {
  const { columns } = published.configuration;
  const labelled = table.columnIds.every(
    (id, i) => decodeLabel(columns[id]?.label ?? '') === table.headers[i],
  );
  if (labelled) return true;
  // Relabelled in the wizard: the headers the published version was read with.
  const version = await findVersion(store, accountId, published.importId, published.version);
  return version !== undefined && version.headers.join('\u0000') === table.headers.join('\u0000');
}

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
      configuration = await configurationFor(
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
      configuration = await configurationFor(store, accountId, published, parsed.table, parsed.inferred);
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
