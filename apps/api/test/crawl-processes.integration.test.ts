import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARALLEL_WITHOUT_DELAY } from '../src/crawler/loop/host-gate.ts';
import { WRITE_BATCH } from '../src/crawler/loop/run-writer.ts';
import {
  type FixtureSite,
  linkedSite,
  startFixtureSite,
} from '../src/crawler/rules/fixture-site.test-kit.ts';
import { openStore } from '../src/store/open-store.ts';
import { createTestSchema } from '../src/store/pg-schema.test-kit.ts';
import type { Store } from '../src/store/types.ts';
import { freePort } from './harness.ts';
import {
  crawlSite,
  finishedCrawl,
  killed,
  launch,
  ownerSession,
  printed,
  requestsAroundKill,
  type SiteseerProcess,
  startedApi,
} from './processes.ts';

// Two API processes and two crawl workers on one PostgreSQL schema crawl one site: one process
// drives the crawl at a time; when it is killed (-9) midway another takes the crawl over once its
// lease has run out. No URL is lost or fetched twice by one process, only those in flight at the
// kill are fetched again, and the report is the one a single process makes of the same site.
const databaseUrl = process.env.DATABASE_URL;
const PAGES = 150;

describe.skipIf(!databaseUrl)('two API processes and two crawl workers on one PostgreSQL database', () => {
  let dropSchema: (() => Promise<void>) | undefined;
  let store: Store;
  let site: FixtureSite;
  let alone: FixtureSite;
  const processes: { base?: string; running: SiteseerProcess }[] = [];

  beforeAll(async () => {
    const { schema, drop } = await createTestSchema(databaseUrl as string);
    dropSchema = drop;
    store = await openStore({ databaseUrl, schema, dataDir: null });
    const ports = [await freePort(), await freePort()];
    // Behind one public URL, as behind a load balancer: a token of one API process is valid at both.
    const env = {
      DATABASE_URL: databaseUrl as string,
      SITESEER_DB_SCHEMA: schema,
      SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
      SITESEER_PUBLIC_URL: `http://localhost:${ports[0]}`,
    };
    // The first start seeds the demo logins; the others find them.
    processes.push({
      base: `http://localhost:${ports[0]}`,
      running: await startedApi(ports[0] as number, env),
    });
    const others = await Promise.all([
      startedApi(ports[1] as number, env).then((running) => ({
        base: `http://localhost:${ports[1]}`,
        running,
      })),
      ...[1, 2].map(async () => {
        const running = launch('crawl-worker', env);
        await printed(running, /is crawling/);
        return { running };
      }),
    ]);
    processes.push(...others);
    site = await startFixtureSite(linkedSite(PAGES, 10));
    alone = await startFixtureSite(linkedSite(PAGES, 0));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map(({ running }) => killed(running, 'SIGTERM')));
    await store?.close();
    await dropSchema?.();
    await site?.close();
    await alone?.close();
  });

  it('crawls the site once between them, a crash taken over, with the report of one process', async () => {
    const [first] = processes;
    if (!first?.base) throw new Error('The first API process is missing');
    const session = await ownerSession(first.base, first.running.stdout);
    const engineId = await crawlSite(first.base, session, 'Shared crawl', `${site.origin}/`);

    while (site.requests.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const { rows } = await store.query<{ worker_owner: string }>(
      'SELECT worker_owner FROM crawlers WHERE engine_id = $1',
      [engineId],
    );
    const pid = Number(rows[0]?.worker_owner.split(':')[1]);
    const driver = processes.find(({ running }) => running.child.pid === pid);
    if (!driver) throw new Error(`No process drives the crawl: ${JSON.stringify(rows)}`);
    await killed(driver.running, 'SIGKILL');
    // Another process takes the crawl over only when its lease (renewed a moment ago) runs out.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const atKill = site.requests.length;
    const reporter = processes.find((process) => process.base && process !== driver);
    if (!reporter?.base) throw new Error('No API process is left');

    const shared = await finishedCrawl(reporter.base, session, engineId, 90_000);
    expect(shared.state).toBe('finished');
    const { twiceBefore, twiceAfter, again, paths } = requestsAroundKill(site.requests, atKill);
    expect([twiceBefore, twiceAfter]).toEqual([[], []]);
    expect(again.length).toBeLessThanOrEqual(PARALLEL_WITHOUT_DELAY + WRITE_BATCH);
    expect(paths.size).toBe(PAGES + 1);

    // The same site crawled while one process is alone in the race: the same report.
    const survivors = processes.filter(({ running }) => running !== driver.running);
    await Promise.all(survivors.slice(1).map(({ running }) => killed(running, 'SIGTERM')));
    const aloneEngine = await crawlSite(reporter.base, session, 'One process', `${alone.origin}/`);
    const single = await finishedCrawl(reporter.base, session, aloneEngine);
    const byPath = (statuses: Record<string, number>, origin: string) =>
      Object.fromEntries(Object.entries(statuses).map(([url, status]) => [url.replace(origin, ''), status]));
    expect(byPath(shared.statuses, site.origin)).toEqual(byPath(single.statuses, alone.origin));
    expect(new Set(Object.values(shared.statuses))).toEqual(new Set([CRAWL_STATUS.SUCCESS]));
  }, 180_000);
});
