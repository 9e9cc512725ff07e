import { createHash } from 'node:crypto';
import {
  engineIndexName,
  type IngestResult,
  normaliseParametricConfiguration,
  ParametricClientSettings,
  validateEngineName,
} from '@siteseer/core';
import { ingestAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { InputError, UnprocessableError } from '../errors.ts';
import { insertClient } from '../repositories/clients.ts';
import { insertEngine } from '../repositories/engines.ts';
import {
  findIngestRequest,
  type IngestRequestRecord,
  insertIngestRequest,
  lockIngestKey,
} from '../repositories/ingest-requests.ts';
import { CELL_CHUNK_ROWS } from '../repositories/parametric/cell-chunks.ts';
import type { Store } from '../store/types.ts';
import { insertUpload, type StorableUpload, withWarnings } from './imports.ts';
import { ingestResult } from './ingest.ts';
import { parseForStore } from './parse/index.ts';
import { afterPublishCommit, checkedConfiguration, type Publishing, publishNewVersion } from './publish.ts';
import { feedRows, type IndexFeed, type IndexScope, parsedCells } from './search-index-build.ts';

/** A publish made in the transaction, and the rows its index is made from once it commits. */
interface Published {
  scope: IndexScope;
  feed: IndexFeed;
}

export interface IngestCreateInput {
  searchEngineName: string;
  publish: boolean;
  fileName: string;
  bytes: Uint8Array;
  idempotencyKey?: string | undefined;
}

/** What tells a retry of a request from another request reusing its key: the name, the file, publish or not. */
function requestHash(input: IngestCreateInput): string {
  const file = createHash('sha256').update(input.bytes).digest('hex');
  return createHash('sha256')
    .update(JSON.stringify([input.searchEngineName.trim(), input.publish, file]))
    .digest('hex');
}

/** The first answer given under a key, for a retry of the same request; 422 for another request. */
function earlierAnswer(earlier: IngestRequestRecord, hash: string): IngestResult {
  if (earlier.requestHash !== hash) {
    throw new UnprocessableError(
      'This Idempotency-Key was used for another request (another file or engine name): send a new key for a new request.',
    );
  }
  return earlier.result;
}

/**
 * `POST datasource/parametric`: creates a parametric engine (createdBy INGEST_API) with its client
 * from a table, and publishes it with the inferred configuration unless `publish` is false. The
 * name and the file are checked first, then the engine, its client, the version and the publish are
 * made in one transaction, so a refused file leaves nothing behind. With an Idempotency-Key the
 * answer is stored in that transaction: a retry gets the first answer (also after a crash, which
 * leaves either everything or nothing), and retries racing each other wait for the first.
 */
export async function ingestCreate(
  store: Store,
  publishing: Publishing,
  principal: Principal,
  input: IngestCreateInput,
): Promise<IngestResult> {
  const access = await ingestAccess(store, principal);
  const accountId = access.account.id;
  const key = input.idempotencyKey;
  const hash = requestHash(input);
  const earlier = key ? await findIngestRequest(store, accountId, key) : undefined;
  if (earlier) return earlierAnswer(earlier, hash);

  const problem = validateEngineName(input.searchEngineName);
  if (problem) throw new InputError(problem, { field: 'searchEngineName' });
  const parsed: StorableUpload = {
    ...(await parseForStore(input.bytes, input.fileName, CELL_CHUNK_ROWS)),
    key: null,
  };
  const configuration = checkedConfiguration(parsed.inferred, {
    columnIds: parsed.table.columnIds,
    version: 1,
  });
  // Typed for the search index while the transaction stores the table (side by side: the store runs
  // in its own thread or server), and awaited before it commits: a value that does not fit rolls
  // everything back.
  const rows = input.publish
    ? feedRows(parsedCells(parsed.table, parsed.cellChunks), normaliseParametricConfiguration(configuration))
    : undefined;
  rows?.catch(() => undefined);

  const made = await store.transaction(
    async (tx): Promise<{ result: IngestResult; published?: Published }> => {
      if (key) {
        await lockIngestKey(tx, accountId, key);
        const raced = await findIngestRequest(tx, accountId, key);
        if (raced) return { result: earlierAnswer(raced, hash) };
      }
      const engine = await insertEngine(tx, accountId, {
        name: input.searchEngineName.trim(),
        type: 'pm',
        settings: {},
        urls: [],
        by: access.author,
      });
      const client = await insertClient(tx, {
        accountId,
        engineId: engine.id,
        type: 'pm',
        indexName: engineIndexName(engine),
        settings: ParametricClientSettings.parse({}),
      });
      const version = await insertUpload(
        tx,
        access,
        { accountId, engineId: engine.id, fileName: input.fileName, bytes: input.bytes },
        parsed,
      );
      const published = rows && {
        feed: await rows,
        scope: await publishNewVersion(tx, access, engine.id, version, configuration),
      };
      const result = withWarnings(
        ingestResult(engine.id, client.id, version, input.publish),
        parsed.table.warnings,
      );
      if (key) await insertIngestRequest(tx, { accountId, key, requestHash: hash, result });
      return { result, ...(published ? { published } : {}) };
    },
  );
  if (made.published) await afterPublishCommit(store, publishing, made.published.scope, made.published.feed);
  return made.result;
}
