import {
  type Client,
  isConfigurationValid,
  normaliseParametricConfiguration,
  ParametricClientSettings,
  type ParametricConfiguration,
  validateParametricConfiguration,
} from '@siteseer/core';
import type { EngineAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { ConflictError, InputError, NotFoundError } from '../errors.ts';
import { findClientOfEngine, updateClientSettings } from '../repositories/clients.ts';
import { lockEngine, setParametricDetail } from '../repositories/engines.ts';
import { attachImport, detachImport, findEngineImportId } from '../repositories/parametric/imports.ts';
import { findPublished, upsertPublished } from '../repositories/parametric/published.ts';
import {
  findVersion,
  saveVersionConfiguration,
  type VersionRecord,
} from '../repositories/parametric/versions.ts';
import { announceClientsChanged } from '../serving/live-clients.ts';
import type { Queryable, Store } from '../store/types.ts';
import { parametricAccess, parametricEngine, writableParametricEngine } from './guards.ts';
import { feedRows, type IndexFeed, type IndexScope, storedCells } from './search-index-build.ts';
import type { EngineIndexRegistry } from './search-index-registry.ts';
import { versionConfiguration } from './version-configuration.ts';

/**
 * What a publish works on once it has committed, beside the store: the app's engine indexes (the
 * new publish's is made) and its changes (the publish is announced).
 */
export interface Publishing {
  indexes: EngineIndexRegistry;
  changes: Changes;
}

/**
 * A configuration checked against core's column rules and against the version's columns, and
 * normalised (e.g. filtering off for disabled columns). Refused with the first problem named.
 */
export function checkedConfiguration(
  configuration: ParametricConfiguration,
  version: Pick<VersionRecord, 'columnIds' | 'version'>,
): ParametricConfiguration {
  const known = new Set(version.columnIds);
  const unknown = [...Object.keys(configuration.columns), ...Object.keys(configuration.filters)].find(
    (id) => !known.has(id),
  );
  if (unknown)
    throw new InputError(`Column ${unknown} is not in version ${version.version} of the file.`, {
      column: unknown,
    });
  const normalised = normaliseParametricConfiguration(configuration);
  const errors = validateParametricConfiguration(normalised);
  if (!isConfigurationValid(errors)) {
    const [id, fields] = [...Object.entries(errors.columns), ...Object.entries(errors.filters)][0] ?? [];
    const message = Object.values(fields ?? {})[0] ?? 'The configuration is not valid.';
    throw new InputError(id ? `Column ${id}: ${message}` : message, { column: id, errors });
  }
  return normalised;
}

/** The version of an engine's spreadsheet (its import), or a 404. */
async function engineVersion(db: Queryable, accountId: string, engineId: string, version?: number) {
  const importId = await findEngineImportId(db, accountId, engineId);
  const found = importId ? await findVersion(db, accountId, importId, version) : undefined;
  if (!found) throw new NotFoundError(version ? `Version ${version}` : 'Spreadsheet');
  return found;
}

export async function saveConfiguration(
  store: Store,
  principal: Principal,
  input: { accountId: string; engineId: string; version: number; configuration: ParametricConfiguration },
): Promise<ParametricConfiguration> {
  await writableParametricEngine(store, principal, input.accountId, input.engineId);
  const version = await engineVersion(store, input.accountId, input.engineId, input.version);
  const configuration = checkedConfiguration(input.configuration, version);
  await saveVersionConfiguration(store, input.accountId, version.importId, version.version, configuration);
  return configuration;
}

/** The configuration of a version (see versionConfiguration), or of the published version when none is named. */
export async function getConfiguration(
  store: Store,
  principal: Principal,
  input: { accountId: string; engineId: string; version?: number | undefined },
): Promise<ParametricConfiguration> {
  await parametricEngine(store, await parametricAccess(store, principal, input.accountId), input.engineId);
  if (input.version === undefined) {
    const published = await findPublished(store, input.accountId, input.engineId);
    if (published) return published.configuration;
  }
  const version = await engineVersion(store, input.accountId, input.engineId, input.version);
  return versionConfiguration(store, input.accountId, version);
}

/**
 * The rows of a version typed by the configuration to publish, ready for the engine's index: read
 * before the publish's transaction, which they do not need (versions never change once stored). A
 * value that does not fit its column's type refuses the publish here, naming the row and column.
 */
function publishedRows(store: Store, version: VersionRecord, configuration: ParametricConfiguration) {
  return feedRows(storedCells(store, version), configuration);
}

/**
 * After the commit: the new publish's index is made from its rows, then searches read the new
 * publish. Until it is made they answer from the previous one (a search reading the engine again
 * meanwhile finds the new publish, and is answered from the previous index while it is made); a
 * publish answers once searches answer from it.
 */
export async function afterPublishCommit(
  store: Store,
  publishing: Publishing,
  scope: IndexScope,
  feed: IndexFeed,
): Promise<void> {
  await publishing.indexes.prepare(scope, feed.finish(store));
  await announceClientsChanged(publishing.changes);
}

/**
 * Makes a version live for an engine, in the caller's transaction: the published pointer (with a
 * new generation), the engine's current-file detail and the client's settings. A search sees the
 * old version until the commit and the new one after; a failure changes nothing.
 */
async function publishInTransaction(
  tx: Queryable,
  p: {
    accountId: string;
    engineId: string;
    version: VersionRecord;
    configuration: ParametricConfiguration;
    by: string;
  },
): Promise<{ scope: IndexScope; client: Client | undefined }> {
  const { accountId, engineId, version, configuration, by } = p;
  await lockEngine(tx, accountId, engineId);
  const generation = await upsertPublished(tx, {
    accountId,
    engineId,
    importId: version.importId,
    version: version.version,
    configuration,
    by,
  });
  const detail = {
    originalFileName: version.originalFileName,
    uploadDate: version.uploadedAt.toISOString(),
    importId: version.importId,
    version: version.version,
  };
  await setParametricDetail(tx, accountId, engineId, detail, by);
  const client = await findClientOfEngine(tx, accountId, engineId);
  if (client) {
    const settings = ParametricClientSettings.parse({ ...client.settings, ...configuration.settings });
    await updateClientSettings(tx, accountId, client.id, settings);
  }
  return { scope: { accountId, engineId, generation }, client };
}

/** Saves a version's configuration and publishes it for the engine, in the caller's transaction. */
export async function publishNewVersion(
  tx: Queryable,
  access: EngineAccess,
  engineId: string,
  version: VersionRecord,
  configuration: ParametricConfiguration,
): Promise<IndexScope> {
  const accountId = access.account.id;
  await saveVersionConfiguration(tx, accountId, version.importId, version.version, configuration);
  const { scope } = await publishInTransaction(tx, {
    accountId,
    engineId,
    version,
    configuration,
    by: access.author,
  });
  return scope;
}

/**
 * Publishes a version already attached to the engine (an ingest's new version) with a checked
 * configuration, given its rows typed by that configuration.
 */
export async function publishStoredVersion(
  store: Store,
  publishing: Publishing,
  access: EngineAccess,
  engineId: string,
  version: VersionRecord,
  configuration: ParametricConfiguration,
  rows: Promise<IndexFeed>,
): Promise<void> {
  const feed = await rows;
  const scope = await store.transaction((tx) =>
    publishNewVersion(tx, access, engineId, version, configuration),
  );
  await afterPublishCommit(store, publishing, scope, feed);
}

/** `PUT parametric/publish`: publish a version of the engine's spreadsheet with its configuration. */
export async function publishVersion(
  store: Store,
  publishing: Publishing,
  principal: Principal,
  input: { accountId: string; engineId: string; version: number },
): Promise<{ engineId: string; version: number }> {
  const { access } = await writableParametricEngine(store, principal, input.accountId, input.engineId);
  const version = await engineVersion(store, input.accountId, input.engineId, input.version);
  const configuration = checkedConfiguration(
    await versionConfiguration(store, input.accountId, version),
    version,
  );
  const feed = await publishedRows(store, version, configuration);
  const { scope } = await store.transaction((tx) =>
    publishInTransaction(tx, { ...input, version, configuration, by: access.author }),
  );
  await afterPublishCommit(store, publishing, scope, feed);
  return { engineId: input.engineId, version: input.version };
}

/**
 * `POST parametric/create`: attach an uploaded spreadsheet to the engine, save the configuration
 * for the version and publish it, all or nothing. Answers the engine's client id.
 */
export async function createAndPublish(
  store: Store,
  publishing: Publishing,
  principal: Principal,
  input: {
    accountId: string;
    engineId: string;
    spreadsheetId: string;
    version: number;
    configuration: ParametricConfiguration;
  },
): Promise<{ clientId: string }> {
  const { access } = await writableParametricEngine(store, principal, input.accountId, input.engineId);
  const found = await findVersion(store, input.accountId, input.spreadsheetId, input.version);
  if (!found) throw new NotFoundError(`Version ${input.version} of the spreadsheet`);
  if (found.engineId && found.engineId !== input.engineId) {
    throw new ConflictError('This spreadsheet belongs to another search engine.');
  }
  const configuration = checkedConfiguration(input.configuration, found);
  const feed = await publishedRows(store, found, configuration);
  const { client, scope } = await store.transaction(async (tx) => {
    // Read again under the transaction: the import may have been attached to another engine since.
    const version = await findVersion(tx, input.accountId, input.spreadsheetId, input.version);
    if (!version) throw new NotFoundError(`Version ${input.version} of the spreadsheet`);
    if (version.engineId && version.engineId !== input.engineId) {
      throw new ConflictError('This spreadsheet belongs to another search engine.');
    }
    const current = await findEngineImportId(tx, input.accountId, input.engineId);
    // The engine's file was replaced by a new upload: the new import becomes the engine's.
    if (current && current !== version.importId) await detachImport(tx, input.accountId, current);
    await attachImport(tx, input.accountId, version.importId, input.engineId);
    await saveVersionConfiguration(tx, input.accountId, version.importId, version.version, configuration);
    const made = await publishInTransaction(tx, {
      accountId: input.accountId,
      engineId: input.engineId,
      version: { ...version, engineId: input.engineId },
      configuration,
      by: access.author,
    });
    if (!made.client) throw new NotFoundError('Client');
    return { client: made.client, scope: made.scope };
  });
  await afterPublishCommit(store, publishing, scope, feed);
  return { clientId: client.id };
}
