import { describe, expect, it } from 'vitest';
import { clearFrontier, completeWork, enqueueUrls, takeWork } from '../../repositories/crawler/frontier.ts';
import {
  engineWithCrawler,
  frontierStores,
  useStore,
} from '../../repositories/crawler/frontier-stores.test-kit.ts';
import type { Queryable } from '../../store/types.ts';
import { FrontierCopies } from './report-copy.ts';

const page = { fromIndex: 0, resultSize: 10, searchTerm: '' };

function newUrls(...paths: string[]) {
  return paths.map((path) => ({
    url: `https://example.com/${path}`,
    urlKey: `https://example.com/${path}`,
    site: 'https://example.com/',
    depth: 1,
    discoveredFrom: null,
  }));
}

describe.each(frontierStores)('Crawl report copy on %s', (name, open) => {
  const store = useStore(open);
  const copies = new FrontierCopies();

  it('Given a report read, when other writers add and complete URLs, then the next report has them in discovery order', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const query = { ...page, accountId, engineId, runId: 1 };
    await enqueueUrls(store(), accountId, engineId, newUrls('a', 'b'));
    expect((await copies.reportPage(store(), query)).counts).toEqual({ '0': 2 });
    const [taken] = await takeWork(store(), { accountId, engineId, owner: 'w', leaseMs: 60_000, limit: 1 });
    await completeWork(store(), { accountId, engineId, id: taken?.id ?? 0, owner: 'w' }, { status: 4 });
    await enqueueUrls(store(), accountId, engineId, newUrls('c'));
    const after = await copies.reportPage(store(), query);
    expect(after.hits.map((hit) => [hit.url, hit.status])).toEqual([
      ['https://example.com/a', 4],
      ['https://example.com/b', 0],
      ['https://example.com/c', 0],
    ]);
    expect(after.hits[0]?.last_check).not.toBeNull();
    expect([after.total, after.counts]).toEqual([3, { '0': 2, '4': 1 }]);
    const filtered = await copies.reportPage(store(), { ...query, searchTerm: 'COM/C', status: 0 });
    expect([filtered.total, filtered.hits.map((hit) => hit.url)]).toEqual([1, ['https://example.com/c']]);
    await enqueueUrls(store(), accountId, engineId, newUrls('cc'));
    const again = await copies.reportPage(store(), { ...query, searchTerm: 'COM/C', status: 0 });
    expect(again.hits.map((hit) => hit.url)).toEqual(['https://example.com/c', 'https://example.com/cc']);
  });

  it("Given URLs checked in the order c, a, b, when asked in 'recent' order, then b, a, c come first and the unchecked follow, last found first", async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, newUrls('a', 'b', 'c', 'd', 'e'));
    const taken = await takeWork(store(), { accountId, engineId, owner: 'w', leaseMs: 60_000, limit: 5 });
    const idOf = (path: string) => taken.find((url) => url.url.endsWith(`/${path}`))?.id ?? 0;
    const checks = [
      ['c', 3, 1],
      ['a', 4, 2],
      ['b', 3, 3],
    ] as const;
    for (const [path, status, minute] of checks) {
      await completeWork(store(), { accountId, engineId, id: idOf(path), owner: 'w' }, { status });
      // Checks a millisecond apart would tie (the report's times are in milliseconds).
      await store().query('UPDATE crawl_urls SET last_check = $1 WHERE id = $2', [
        new Date(Date.UTC(2026, 10, 1, 9, minute)),
        idOf(path),
      ]);
    }
    const recent = { ...page, accountId, engineId, runId: 1, order: 'recent' as const };
    const paths = (report: { hits: { url: string }[] }) =>
      report.hits.map((hit) => hit.url.replace('https://example.com/', ''));

    const first = await copies.reportPage(store(), { ...recent, resultSize: 4 });
    expect([first.total, paths(first)]).toEqual([5, ['b', 'a', 'c', 'e']]);
    expect(paths(await copies.reportPage(store(), { ...recent, fromIndex: 2, resultSize: 2 }))).toEqual([
      'c',
      'e',
    ]);
    expect(paths(await copies.reportPage(store(), { ...recent, status: 3 }))).toEqual(['b', 'c']);
    // Pages past the first few are sorted in full rather than selected: the same order.
    expect(paths(await copies.reportPage(store(), { ...recent, resultSize: 500 }))).toEqual([
      'b',
      'a',
      'c',
      'e',
      'd',
    ]);
    expect(paths(await copies.reportPage(store(), { ...page, accountId, engineId, runId: 1 }))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('Given a new run after the frontier was emptied, then the report starts a new copy without the old URLs', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, newUrls('old'));
    await copies.reportPage(store(), { ...page, accountId, engineId, runId: 1 });
    await clearFrontier(store(), accountId, engineId);
    await enqueueUrls(store(), accountId, engineId, newUrls('new'));
    const report = await copies.reportPage(store(), { ...page, accountId, engineId, runId: 2 });
    expect(report.hits.map((hit) => hit.url)).toEqual(['https://example.com/new']);
  });

  it('Given a report read that failed, then the next report of the engine answers (regression: the failure stuck)', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await enqueueUrls(store(), accountId, engineId, newUrls('a'));
    // The real store, refusing its next query once, as a dropped connection would.
    let refuse = true;
    const flaky: Queryable = {
      query: (sql, params) => {
        if (!refuse) return store().query(sql, params);
        refuse = false;
        return Promise.reject(new Error('connection lost'));
      },
      exec: (sql) => store().exec(sql),
    };
    const query = { ...page, accountId, engineId, runId: 1 };
    const flakyCopies = new FrontierCopies();
    await expect(flakyCopies.reportPage(flaky, query)).rejects.toThrow('connection lost');
    expect((await flakyCopies.reportPage(flaky, query)).hits.map((hit) => hit.url)).toEqual([
      'https://example.com/a',
    ]);
  });

  // PGlite runs one transaction at a time, so no read can happen while another write is open.
  it.skipIf(name === 'PGlite')(
    'Given a write committed after a report read began, then the next report has it (regression: reading only rows newer than the last one seen misses it)',
    async () => {
      const { accountId, engineId } = await engineWithCrawler(store());
      const query = { ...page, accountId, engineId, runId: 1 };
      await enqueueUrls(store(), accountId, engineId, newUrls('slow'));
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written = () => {};
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const slow = store().transaction(async (tx) => {
        await tx.query(`UPDATE crawl_urls SET status = 6 WHERE account_id = $1 AND engine_id = $2`, [
          accountId,
          engineId,
        ]);
        written();
        await released;
      });
      await wrote;
      // A later transaction commits first and is seen by this read.
      await enqueueUrls(store(), accountId, engineId, newUrls('fast'));
      expect((await copies.reportPage(store(), query)).counts).toEqual({ '0': 2 });
      release();
      await slow;
      expect((await copies.reportPage(store(), query)).counts).toEqual({ '0': 1, '6': 1 });
    },
  );
});
