import { randomBytes } from 'node:crypto';
import { CRAWL_STATUS } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { enqueueUrls, type NewCrawlUrl, takeWork } from '../../repositories/crawler/frontier.ts';
import {
  engineWithCrawler,
  frontierStores,
  useStore,
} from '../../repositories/crawler/frontier-stores.test-kit.ts';
import { SqlState, StoreQueryError } from '../../store/errors.ts';
import type { Queryable, Store } from '../../store/types.ts';
import { CRAWL_LIMIT_DEFAULTS, LimitTally } from './crawl-limits.ts';
import { CrawlEndedError, RunWriter, type UrlRecord } from './run-writer.ts';

/** Limits no record of these tests reaches. */
const roomyTally = () => new LimitTally(CRAWL_LIMIT_DEFAULTS, {});

const SITE = 'https://example.com/';
const found = (path: string): NewCrawlUrl => ({
  url: `${SITE}${path}`,
  urlKey: `${SITE}${path}`,
  site: SITE,
  depth: 1,
  discoveredFrom: SITE,
});

/** An engine whose frontier holds `paths`, leased to owner w1. */
async function leased(db: Store, paths: string[]) {
  const engine = await engineWithCrawler(db);
  await enqueueUrls(db, engine.accountId, engine.engineId, paths.map(found));
  const taken = await takeWork(db, { ...engine, owner: 'w1', leaseMs: 60_000, limit: paths.length });
  const ids = Object.fromEntries(taken.map((url) => [url.url.slice(SITE.length), url.id]));
  return { ...engine, ids };
}

/** The record of a page at `key` found at `path`, with its links. */
function pageRecord(id: number, path: string, key: string, links: NewCrawlUrl[] = []): UrlRecord {
  return {
    id,
    urlKey: `${SITE}${path}`,
    links,
    page: {
      urlKey: key,
      url: key,
      title: `Page ${path}`,
      headings: [],
      description: '',
      language: 'en',
      body: `Text of ${path}`,
      customTags: {},
      contentHash: `hash-${path}`,
    },
    outcome: { status: CRAWL_STATUS.SUCCESS, contentHash: `hash-${path}` },
    keepPage: true,
  };
}

describe.each(frontierStores)('Run writer on %s', (_name, open) => {
  const store = useStore(open);

  it('given records not written yet when the crawl stops, then they are dropped and their URLs still wait', async () => {
    const { accountId, engineId, ids } = await leased(store(), ['a', 'b']);
    const writer = new RunWriter(store(), { accountId, engineId, runId: 1, owner: 'w1' }, roomyTally());
    const written = Promise.allSettled([
      writer.write(pageRecord(ids.a ?? 0, 'a', `${SITE}a`, [found('linked')])),
      writer.write(pageRecord(ids.b ?? 0, 'b', `${SITE}b`)),
    ]);
    writer.discard();
    const results = await written;
    expect(results.map((result) => result.status === 'rejected' && result.reason)).toEqual([
      expect.any(CrawlEndedError),
      expect.any(CrawlEndedError),
    ]);
    await writer.drain();
    const { rows } = await store().query<{ url: string; status: number }>(
      'SELECT url, status FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 ORDER BY url',
      [accountId, engineId],
    );
    expect(rows).toEqual([
      { url: `${SITE}a`, status: CRAWL_STATUS.CREATED },
      { url: `${SITE}b`, status: CRAWL_STATUS.CREATED },
    ]);
  });

  it('given a batch with one record the store refuses, then the others are stored and that URL is Failed with the reason, its lease released', async () => {
    const { accountId, engineId, ids } = await leased(store(), ['a', 'b', 'c']);
    const writer = new RunWriter(store(), { accountId, engineId, runId: 1, owner: 'w1' }, roomyTally());
    // A key of 4,000 characters no compression shrinks: longer than an index row of PostgreSQL holds.
    const tooLong = `${SITE}${randomBytes(2000).toString('hex')}`;
    const written = await Promise.allSettled([
      writer.write(pageRecord(ids.a ?? 0, 'a', `${SITE}a`, [found('linked')])),
      writer.write(pageRecord(ids.b ?? 0, 'b', tooLong)),
      writer.write(pageRecord(ids.c ?? 0, 'c', `${SITE}c`)),
    ]);
    await writer.drain();

    expect(written.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const { rows: urls } = await store().query<{ url: string; status: number; reason: string | null }>(
      `SELECT url, status, reason FROM crawl_urls
       WHERE account_id = $1 AND engine_id = $2 AND lease_owner IS NULL ORDER BY url`,
      [accountId, engineId],
    );
    expect(urls).toEqual([
      { url: `${SITE}a`, status: CRAWL_STATUS.SUCCESS, reason: null },
      {
        url: `${SITE}b`,
        status: CRAWL_STATUS.FAILED,
        reason: expect.stringMatching(/^The page could not be stored: index row size \d+ exceeds/),
      },
      { url: `${SITE}c`, status: CRAWL_STATUS.SUCCESS, reason: null },
      // Queued by a's own write: the batch that first queued it was rolled back.
      { url: `${SITE}linked`, status: CRAWL_STATUS.CREATED, reason: null },
    ]);
    const { rows: pages } = await store().query<{ url_key: string }>(
      'SELECT url_key FROM crawl_pages WHERE account_id = $1 AND engine_id = $2 ORDER BY url_key',
      [accountId, engineId],
    );
    expect(pages.map((page) => page.url_key)).toEqual([`${SITE}a`, `${SITE}c`]);
  });

  it('given a batch the store fails to write for another cause (a serialization failure), then its records fail as a whole and no URL is recorded Failed', async () => {
    const { accountId, engineId, ids } = await leased(store(), ['a', 'b']);
    const real = store();
    let failures = 1;
    const flaky = {
      transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
        failures-- > 0
          ? Promise.reject(
              new StoreQueryError({ code: SqlState.serializationFailure, message: 'could not serialize' }),
            )
          : real.transaction(fn),
    } as Pick<Store, 'transaction'> as Store;
    const writer = new RunWriter(flaky, { accountId, engineId, runId: 1, owner: 'w1' }, roomyTally());
    const written = await Promise.allSettled([
      writer.write(pageRecord(ids.a ?? 0, 'a', `${SITE}a`)),
      writer.write(pageRecord(ids.b ?? 0, 'b', `${SITE}b`)),
    ]);

    expect(written.map((result) => result.status === 'rejected' && result.reason.code)).toEqual([
      SqlState.serializationFailure,
      SqlState.serializationFailure,
    ]);
    // Still leased, unrecorded: the lease brings them back, to be written whole.
    const { rows } = await real.query<{ status: number; lease_owner: string | null }>(
      'SELECT status, lease_owner FROM crawl_urls WHERE account_id = $1 AND engine_id = $2',
      [accountId, engineId],
    );
    expect(rows).toEqual([
      { status: CRAWL_STATUS.CREATED, lease_owner: 'w1' },
      { status: CRAWL_STATUS.CREATED, lease_owner: 'w1' },
    ]);
  });
});
