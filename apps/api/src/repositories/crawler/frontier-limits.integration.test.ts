import { describe, expect, it } from 'vitest';
import { enqueueUrls, type NewCrawlUrl, queueFound, takeWork } from './frontier.ts';
import { engineWithCrawler, frontierStores, useStore } from './frontier-stores.test-kit.ts';

function found(paths: readonly string[], site = 'https://example.com/', depth = 1): NewCrawlUrl[] {
  return paths.map((path) => {
    const url = new URL(path, site).href;
    return { url, urlKey: url, site, depth, discoveredFrom: site };
  });
}

const range = (count: number, name: (n: number) => string) =>
  Array.from({ length: count }, (_, n) => name(n));
const roomy = { maxUrls: 1_000, maxQueryVariants: 1_000 };

describe.each(frontierStores)('Frontier limits on %s', (_name, open) => {
  const store = useStore(open);

  it('Given a link generator, when its variants are queued, then one path keeps at most the variant limit and says how many were left', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const limits = { maxUrls: 1_000, maxQueryVariants: 5 };
    const first = await queueFound(
      store(),
      accountId,
      engineId,
      found(range(3, (n) => `/q?a=1&r=${n}`)),
      limits,
    );
    expect(first).toEqual({ added: 3, overUrls: 0, overVariants: {} });
    const second = await queueFound(
      store(),
      accountId,
      engineId,
      found([...range(6, (n) => `/q?a=1&r=${n}`), '/q', '/other?x=1']),
      limits,
    );
    // r=0..2 are known already; r=3, r=4 fill the path's five; r=5 is one over. /q itself has no query.
    expect(second).toEqual({ added: 4, overUrls: 0, overVariants: { 'https://example.com/q': 1 } });
  });

  it('Given a frontier at its URL limit, when more links are found, then none is added and each is counted', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const limits = { maxUrls: 10, maxQueryVariants: 100 };
    expect(await queueFound(store(), accountId, engineId, found(range(8, (n) => `/p${n}`)), limits)).toEqual({
      added: 8,
      overUrls: 0,
      overVariants: {},
    });
    const more = await queueFound(store(), accountId, engineId, found(range(12, (n) => `/p${n}`)), limits);
    expect(more).toEqual({ added: 2, overUrls: 2, overVariants: {} });
    const { rows } = await store().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM crawl_urls WHERE account_id = $1 AND engine_id = $2',
      [accountId, engineId],
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('Given a trap deep in one site and a second site, when work is taken, then each site gets its share, shallowest first', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const a = 'https://a.example/';
    const b = 'https://b.example/';
    await queueFound(
      store(),
      accountId,
      engineId,
      found(
        range(40, (n) => `/trap/${n}`),
        a,
        4,
      ),
      roomy,
    );
    await queueFound(store(), accountId, engineId, found(['/near-1', '/near-2'], a, 1), roomy);
    await queueFound(
      store(),
      accountId,
      engineId,
      found(
        range(40, (n) => `/b${n}`),
        b,
        2,
      ),
      roomy,
    );
    const taken = await takeWork(store(), { accountId, engineId, owner: 'w', leaseMs: 60_000, limit: 10 });
    expect(taken.map((url) => url.url)).toEqual([
      `${a}near-1`,
      `${a}near-2`,
      ...range(5, (n) => `${b}b${n}`),
      ...range(3, (n) => `${a}trap/${n}`),
    ]);
  });

  it('Given more sites than a take may lease, then it leases no more than asked, shallowest first', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    for (const [site, depth] of [
      ['https://a.example/', 2],
      ['https://b.example/', 0],
      ['https://c.example/', 1],
    ] as const) {
      await queueFound(store(), accountId, engineId, found(['/x', '/y'], site, depth), roomy);
    }
    const taken = await takeWork(store(), { accountId, engineId, owner: 'w', leaseMs: 60_000, limit: 2 });
    expect(taken.map((url) => url.url)).toEqual(['https://b.example/x', 'https://c.example/x']);
    const { rows } = await store().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM crawl_urls WHERE account_id = $1 AND engine_id = $2 AND lease_owner IS NOT NULL',
      [accountId, engineId],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('Given start URLs queued with requeue, when taken, then the depth-0 URL comes first', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    await queueFound(store(), accountId, engineId, found(['/x', '/y']), roomy);
    await enqueueUrls(store(), accountId, engineId, found(['/'], 'https://example.com/', 0), {
      requeue: true,
    });
    const taken = await takeWork(store(), { accountId, engineId, owner: 'w', leaseMs: 60_000, limit: 2 });
    expect(taken.map((url) => url.url)).toEqual(['https://example.com/', 'https://example.com/x']);
  });
});
