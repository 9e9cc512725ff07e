import { describe, expect, it } from 'vitest';
import { endRun, findCrawler, listRunningCrawls, startRun, stopRun } from './crawlers.ts';
import { engineWithCrawler, frontierStores, useStore } from './frontier-stores.test-kit.ts';

describe.each(frontierStores)('Crawler runs on %s', (_name, open) => {
  const store = useStore(open);

  it('Given a new crawler, then it is crawling run 1, listed for the crawl loop until its run ends', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    const running = (await listRunningCrawls(store())).filter((crawl) => crawl.engineId === engineId);
    expect(running).toEqual([{ accountId, engineId, runId: 1 }]);
    expect(await endRun(store(), accountId, engineId, 2, 'finished')).toBe(false);
    expect(await endRun(store(), accountId, engineId, 1, 'finished')).toBe(true);
    expect((await listRunningCrawls(store())).some((crawl) => crawl.engineId === engineId)).toBe(false);
    expect(await findCrawler(store(), accountId, engineId)).toMatchObject({ state: 'finished', runId: 1 });
  });

  it('Given a running crawl, then a start joins its run, a new run or a start after it ended begins the next', async () => {
    const { accountId, engineId } = await engineWithCrawler(store());
    expect(await startRun(store(), accountId, engineId, false)).toBe(1);
    expect(await startRun(store(), accountId, engineId, true)).toBe(2);
    await stopRun(store(), accountId, engineId);
    expect(await findCrawler(store(), accountId, engineId)).toMatchObject({ state: 'stopped', runId: 2 });
    expect(await endRun(store(), accountId, engineId, 2, 'finished')).toBe(false);
    expect(await startRun(store(), accountId, engineId, false)).toBe(3);
    expect(await findCrawler(store(), accountId, engineId)).toMatchObject({
      state: 'crawling',
      runFinishedAt: null,
    });
  });
});
