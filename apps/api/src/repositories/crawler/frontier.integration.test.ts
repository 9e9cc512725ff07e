import { setTimeout as sleep } from 'node:timers/promises';
import { CRAWL_STATUS } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import {
  completeWork,
  enqueueUrls,
  leaveUnfetched,
  type NewCrawlUrl,
  recoverExpiredLeases,
  releaseWork,
  resumeInterrupted,
  takeOrAddUrl,
  takeWork,
} from './frontier.ts';
import { engineWithCrawler, frontierStores, useStore } from './frontier-stores.test-kit.ts';

function urls(count: number, prefix = 'https://example.com/p'): NewCrawlUrl[] {
  return Array.from({ length: count }, (_, i) => ({
    url: `${prefix}${i}`,
    urlKey: `${prefix}${i}`,
    site: 'https://example.com/',
    depth: 1,
    discoveredFrom: 'https://example.com/',
  }));
}

async function statuses(db: ReturnType<ReturnType<typeof useStore>>, accountId: string, engineId: string) {
  const { rows } = await db.query<{ url: string; status: number }>(
    'SELECT url, status FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 ORDER BY id',
    [accountId, engineId],
  );
  return Object.fromEntries(rows.map((row) => [row.url, row.status]));
}

describe.each(frontierStores)('Frontier on %s', (_name, open) => {
  const store = useStore(open);

  it('Given URLs with one key twice, when enqueued, then each key is one row and a repeat adds nothing', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const [first, second] = urls(2);
    const same = { ...(first as NewCrawlUrl), url: 'https://EXAMPLE.com/p0' };
    expect(
      await enqueueUrls(store(), accountId, engineId, [first as NewCrawlUrl, same, second as NewCrawlUrl]),
    ).toBe(2);
    expect(await enqueueUrls(store(), accountId, engineId, urls(3))).toBe(1);
    expect(await statuses(store(), accountId, engineId)).toEqual({
      'https://example.com/p0': 0,
      'https://example.com/p1': 0,
      'https://example.com/p2': 0,
    });
  });

  it('Given a fetched URL, when enqueued again with requeue, then it is Pending fetch; a waiting one is left alone', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(2));
    const [taken] = await takeWork(store(), { accountId, engineId, owner: 'w1', leaseMs: 60_000, limit: 1 });
    await completeWork(store(), { accountId, engineId, id: taken?.id ?? 0, owner: 'w1' }, { status: 3 });
    expect(await enqueueUrls(store(), accountId, engineId, urls(2), { requeue: true })).toBe(1);
    expect(await statuses(store(), accountId, engineId)).toEqual({
      'https://example.com/p0': CRAWL_STATUS.PENDING_FETCH,
      'https://example.com/p1': CRAWL_STATUS.CREATED,
    });
  });

  it('Given URLs and an outcome with a NUL or half a surrogate pair, then they are stored with U+FFFD for each', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const odd: NewCrawlUrl = {
      url: 'https://example.com/a\0b',
      urlKey: 'https://example.com/a\0b',
      site: 'https://example.com/\uDC00',
      depth: 1,
      discoveredFrom: 'https://example.com/\0',
    };
    expect(await enqueueUrls(store(), accountId, engineId, [odd])).toBe(1);
    const work = { accountId, engineId, owner: 'w1', leaseMs: 60_000 };
    const added = await takeOrAddUrl(store(), work, {
      ...odd,
      url: 'https://example.com/c\uD800',
      urlKey: 'https://example.com/c\uD800',
    });
    expect(added?.url).toBe('https://example.com/c\uFFFD');
    const [taken] = await takeWork(store(), { ...work, limit: 1 });
    expect(taken).toMatchObject({
      url: 'https://example.com/a\uFFFDb',
      urlKey: 'https://example.com/a\uFFFDb',
    });
    const recorded = await completeWork(
      store(),
      { accountId, engineId, id: taken?.id ?? 0, owner: 'w1' },
      {
        status: CRAWL_STATUS.SUCCESS,
        reason: 'Indexed as its canonical URL https://example.com/\0.',
        etag: '"\0"',
        lastModified: 'Mon\uD800',
        canonicalUrl: 'https://example.com/\0',
      },
    );
    expect(recorded).toBe(true);
    const { rows } = await store().query(
      `SELECT site, discovered_from, reason, etag, last_modified, canonical_url FROM crawl_urls
       WHERE account_id = $1 AND engine_id = $2 AND id = $3`,
      [accountId, engineId, taken?.id],
    );
    expect(rows).toEqual([
      {
        site: 'https://example.com/\uFFFD',
        discovered_from: 'https://example.com/\uFFFD',
        reason: 'Indexed as its canonical URL https://example.com/\uFFFD.',
        etag: '"\uFFFD"',
        last_modified: 'Mon\uFFFD',
        canonical_url: 'https://example.com/\uFFFD',
      },
    ]);
  });

  it('Given a take of 1, then it leases 1 URL (regression: a joined subquery leased 3), the next taker the others, and the URL again after expiry', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(3));
    const first = await takeWork(store(), { accountId, engineId, owner: 'w1', leaseMs: 300, limit: 1 });
    expect(first.map((u) => u.url)).toEqual(['https://example.com/p0']);
    expect(first[0]?.attempts).toBe(1);
    const second = await takeWork(store(), { accountId, engineId, owner: 'w2', leaseMs: 60_000, limit: 5 });
    expect(second.map((u) => u.url)).toEqual(['https://example.com/p1', 'https://example.com/p2']);
    expect(await takeWork(store(), { accountId, engineId, owner: 'w3', leaseMs: 60_000, limit: 5 })).toEqual(
      [],
    );
    await sleep(400);
    const retaken = await takeWork(store(), { accountId, engineId, owner: 'w3', leaseMs: 60_000, limit: 5 });
    expect(retaken.map((u) => [u.url, u.attempts])).toEqual([['https://example.com/p0', 2]]);
  });

  it('Given a lease that expired and was taken again, when the first worker completes, then its outcome is dropped', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(1));
    const [mine] = await takeWork(store(), { accountId, engineId, owner: 'w1', leaseMs: 100, limit: 1 });
    await sleep(200);
    const [theirs] = await takeWork(store(), { accountId, engineId, owner: 'w2', leaseMs: 60_000, limit: 1 });
    expect(theirs?.id).toBe(mine?.id);
    const id = mine?.id ?? 0;
    expect(await completeWork(store(), { accountId, engineId, id, owner: 'w1' }, { status: 6 })).toBe(false);
    expect(
      await completeWork(store(), { accountId, engineId, id, owner: 'w2' }, { status: 3, etag: '"v1"' }),
    ).toBe(true);
    expect(await completeWork(store(), { accountId, engineId, id, owner: 'w2' }, { status: 3 })).toBe(false);
    const { rows } = await store().query(
      'SELECT status, etag, lease_owner, last_check IS NOT NULL AS checked FROM crawl_urls WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    expect(rows).toEqual([{ status: 3, etag: '"v1"', lease_owner: null, checked: true }]);
  });

  it('Given a worker that died holding leases, when leases are recovered, then its URLs are Pending fetch and taken again', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(3));
    await takeWork(store(), { accountId, engineId, owner: 'dead', leaseMs: 100, limit: 2 });
    await takeWork(store(), { accountId, engineId, owner: 'alive', leaseMs: 60_000, limit: 1 });
    await sleep(200);
    expect(await recoverExpiredLeases(store(), accountId, engineId)).toBe(2);
    expect(await statuses(store(), accountId, engineId)).toEqual({
      'https://example.com/p0': 9,
      'https://example.com/p1': 9,
      'https://example.com/p2': 0,
    });
    const retaken = await takeWork(store(), { accountId, engineId, owner: 'new', leaseMs: 60_000, limit: 5 });
    expect(retaken.map((u) => u.url)).toEqual(['https://example.com/p0', 'https://example.com/p1']);
  });

  it('Given a released lease, then the URL is taken again at once without counting an attempt', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(1));
    const [taken] = await takeWork(store(), { accountId, engineId, owner: 'w1', leaseMs: 60_000, limit: 1 });
    expect(await releaseWork(store(), { accountId, engineId, id: taken?.id ?? 0, owner: 'w1' })).toBe(true);
    const [again] = await takeWork(store(), { accountId, engineId, owner: 'w2', leaseMs: 60_000, limit: 1 });
    expect([again?.id, again?.attempts]).toEqual([taken?.id, 1]);
  });

  it('Given a run left at its page limit, then waiting and leased URLs are Interrupted with the reason, done ones stay, and a resume requeues them', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(3));
    const [done, leased] = await takeWork(store(), {
      accountId,
      engineId,
      owner: 'w1',
      leaseMs: 60_000,
      limit: 2,
    });
    await completeWork(store(), { accountId, engineId, id: done?.id ?? 0, owner: 'w1' }, { status: 4 });
    expect(await leaveUnfetched(store(), accountId, engineId, 'Not fetched: the limit.')).toBe(2);
    expect(await statuses(store(), accountId, engineId)).toEqual({
      'https://example.com/p0': 4,
      'https://example.com/p1': 8,
      'https://example.com/p2': 8,
    });
    const { rows } = await store().query<{ reason: string; lease_owner: string | null }>(
      'SELECT reason, lease_owner FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND id = $3',
      [accountId, engineId, leased?.id],
    );
    expect(rows).toEqual([{ reason: 'Not fetched: the limit.', lease_owner: null }]);
    expect(await takeWork(store(), { accountId, engineId, owner: 'w2', leaseMs: 60_000, limit: 5 })).toEqual(
      [],
    );
    expect(await resumeInterrupted(store(), accountId, engineId)).toBe(2);
    const resumed = await takeWork(store(), { accountId, engineId, owner: 'w2', leaseMs: 60_000, limit: 5 });
    expect(resumed.map((url) => url.url)).toEqual(['https://example.com/p1', 'https://example.com/p2']);
  });

  it('Given two takers racing in concurrent transactions, then no URL is given to both', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, urls(40));
    // Each taker holds its transaction open a moment after taking, so on PostgreSQL the other
    // runs while the rows are locked (PGlite's one session runs them one after the other).
    const taker = (owner: string) =>
      store().transaction(async (tx) => {
        const taken: number[] = [];
        for (let round = 0; round < 4; round++) {
          const batch = await takeWork(tx, { accountId, engineId, owner, leaseMs: 60_000, limit: 5 });
          taken.push(...batch.map((u) => u.id));
          await sleep(10);
        }
        return taken;
      });
    const results = await Promise.all([taker('a'), taker('b'), taker('c')]);
    const all = results.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(40);
  });
});
