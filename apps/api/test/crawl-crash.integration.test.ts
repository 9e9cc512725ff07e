import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, describe, expect, it } from 'vitest';
import { PARALLEL_WITHOUT_DELAY } from '../src/crawler/loop/host-gate.ts';
import { WRITE_BATCH } from '../src/crawler/loop/run-writer.ts';
import {
  type FixtureSite,
  linkedSite,
  startFixtureSite,
} from '../src/crawler/rules/fixture-site.test-kit.ts';
import { freePort } from './harness.ts';
import {
  crawlSite,
  finishedCrawl,
  killed,
  ownerSession,
  requestsAroundKill,
  type SiteseerProcess,
  startedApi,
} from './processes.ts';

// kill -9 in the middle of a crawl (PGlite, `node src/main.ts`): after a restart the crawl goes on
// where it was; no URL is lost, none is fetched twice after the restart, and only the URLs in
// flight at the kill (fetched, their record not yet written) are fetched again.

const PAGES = 200;

describe.skipIf(process.env.DATABASE_URL)('a crawl killed (-9) midway', () => {
  let dataDir: string;
  let site: FixtureSite;
  let current: SiteseerProcess | undefined;

  afterAll(async () => {
    if (current) await killed(current, 'SIGTERM');
    await site?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes after a restart, losing no URL, fetching none twice, and again only those in flight', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-crash-'));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = { SITESEER_DATA_DIR: dataDir, SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' };
    const first = await startedApi(port, env);
    current = first;
    let killedAt: number | undefined;
    const routes = linkedSite(PAGES, 15);
    const home = routes['/'];
    site = await startFixtureSite({
      ...routes,
      // The kill comes from the site itself, the moment its 60th page is asked for.
      '/p/59': (req, res) => {
        killedAt = site.requests.length;
        first.child.kill('SIGKILL');
        routes['/p/59']?.(req, res);
      },
      ...(home ? { '/': home } : {}),
    });
    const session = await ownerSession(base, first.stdout);
    const engineId = await crawlSite(base, session, 'Crashing crawl', `${site.origin}/`);
    await new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    expect(killedAt).toBeDefined();
    // Read once the process is gone (and before the next starts): every request it sent is in.
    const atKill = site.requests.length;

    current = await startedApi(port, env);
    const { state, statuses } = await finishedCrawl(base, session, engineId);
    expect(state).toBe('finished');
    const urls = Object.keys(statuses);
    expect(urls).toHaveLength(PAGES + 1);
    expect(new Set(Object.values(statuses))).toEqual(new Set([CRAWL_STATUS.SUCCESS]));

    const { twiceBefore, twiceAfter, again, paths } = requestsAroundKill(site.requests, atKill);
    expect([twiceBefore, twiceAfter]).toEqual([[], []]);
    // Asked again: those in flight at the kill, fetched but not yet written (batched).
    expect(again.length).toBeLessThanOrEqual(PARALLEL_WITHOUT_DELAY + WRITE_BATCH);
    expect(paths.size).toBe(PAGES + 1);
  }, 120_000);
});
