import {
  type ApiClient,
  type Client,
  INGEST_API_CREATOR,
  MESSAGES,
  PRODUCT_NAMES,
  type SearchEngine,
} from '@siteseer/core';
import type { ApiDeps } from '../../deps.ts';
import { AbortError, ApiKeyRefusedError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { resolveAccount } from '../accounts/resolve-account.ts';

/**
 * Finds an engine by id or exact name. With `account` (an id or exact name of one of the caller's
 * accounts), an id is first looked up directly in it; otherwise the caller's engine list (of that
 * account) is searched: an id wins, then a unique exact name. Several engines with the name is a usage error
 * that lists them.
 */
export async function resolveEngine(
  api: ApiClient,
  ref: string,
  options: { account?: string | undefined; auth?: ApiDeps['auth'] } = {},
): Promise<SearchEngine> {
  if (options.auth === 'apiKey') {
    throw new ApiKeyRefusedError('look engines up');
  }
  // --account is an id or an exact name, and an unknown one is an error of its own.
  const accountId = options.account ? (await resolveAccount(api, options.account)).id : undefined;
  if (accountId) {
    const direct = await api.engines.get(ref, { accountId });
    if (direct.ok) return direct.data;
  }
  const engines = expectOk(await api.engines.list({}), 'Listing engines').filter(
    (engine) => !accountId || engine.accountId === accountId,
  );
  const byId = engines.find((engine) => engine.id === ref);
  if (byId) return byId;
  const byName = engines.filter((engine) => engine.searchEngineName === ref);
  const [only, ...others] = byName;
  if (only && others.length === 0) return only;
  if (only) {
    // Engines of one account are told apart by when they were made (its id, repeated, says nothing).
    const oneAccount = byName.every((e) => e.accountId === only.accountId);
    const list = byName
      .map(
        (e) => `${e.id} (${oneAccount ? `created ${formatDate(e.createdDate)}` : `account ${e.accountId}`})`,
      )
      .join(', ');
    throw new UsageError(`'${ref}' names ${byName.length} engines: ${list}.`, 'Use the engine id instead.');
  }
  throw new AbortError(`No engine '${ref}'.`, { hint: 'See `siteseer engines list`.' });
}

/** Parametric commands refuse keyword engines, and (as the portal does) engines made by the data-source API. */
export function requireParametric(engine: SearchEngine, options: { allowIngest?: boolean } = {}): void {
  if (engine.searchEngineType !== 'pm') {
    throw new AbortError(
      `'${engine.searchEngineName}' is a ${PRODUCT_NAMES[engine.searchEngineType]} engine: this command is for parametric engines.`,
    );
  }
  if (!options.allowIngest && engine.createdBy === INGEST_API_CREATOR) {
    throw new AbortError(MESSAGES.apiEngineActionUnsupported);
  }
}

/**
 * The command that publishes a parametric engine. An engine never published does not name its
 * file, so its versions cannot be listed: its first version (1) is named.
 */
export function publishCommand(engine: SearchEngine, ref: string = engine.id): string {
  const neverPublished = !engine.searchEngineDetail?.importId && !engine.savedSpreadsheetId;
  return `siteseer engines publish ${ref}${neverPublished ? ' --version 1' : ''}`;
}

/** The spreadsheet import behind a parametric engine (known once a version has been published). */
export function importIdOf(engine: SearchEngine): string {
  const id = engine.searchEngineDetail?.importId ?? engine.savedSpreadsheetId ?? undefined;
  if (!id)
    throw new AbortError(
      `'${engine.searchEngineName}' has no published file yet, so its versions cannot be read (${MESSAGES.engineDetailsMissing}).`,
      { hint: `Publish its first version: \`${publishCommand(engine)}\`.` },
    );
  return id;
}

/** The engine's client (one per engine). */
export async function clientOf(api: ApiClient, engine: SearchEngine): Promise<Client> {
  const clients = expectOk(await api.clients.byEngineIds([engine.id]), 'Reading the engine client');
  const client = clients.find((c) => c.engineId === engine.id);
  if (!client) throw new AbortError(`'${engine.searchEngineName}' has no client yet.`);
  return client;
}
