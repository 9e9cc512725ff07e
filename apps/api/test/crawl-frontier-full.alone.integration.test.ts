import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { allowLoopback, crawl, report, trapSite, untilReport } from './crawl-traps.ts';
import { api } from './harness.ts';

// The URL limit at its default (ADR 0036) against a generator of new paths, with what the issue
// asks of it in time and memory: a stop under 2 s, the next report under 100 ms, the process
// within 300 MB of its idle size. A file of the 'api-alone' project (apps/api/vitest.alone.config.ts),
// which runs after every other test file, so that those times are not other suites' load.

describe('a crawl whose frontier fills up', () => {
  let t: Tenants;
  let site: FixtureSite;
  let dataDir: string;
  beforeAll(async () => {
    site = await trapSite();
    // On disk, as `pnpm start` keeps it: in memory, the database's files would count as the server's.
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-crawl-limits-'));
    t = await startWithTenants({ env: allowLoopback, dataDir });
  }, 30_000);
  afterAll(async () => {
    await t?.server.close();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('Given a generator of new paths, then the frontier stops at 100,000 URLs, memory stays bounded, a stop is quick and the report quicker', async () => {
    globalThis.gc?.();
    const idle = process.memoryUsage().rss;
    const engineId = await crawl(t, 'Path trap', [`${site.origin}/g/start`]);
    // Watched as `crawl watch` does, so the report's copy is current when the crawl is stopped.
    const full = await untilReport(
      t,
      engineId,
      (r) => r.limits.some((limit) => limit.kind === 'urls'),
      120_000,
    );
    expect(full.state).toBe('crawling');
    expect(full.hits.total.value).toBe(100_000);
    expect(full.limits.find((limit) => limit.kind === 'urls')?.message).toMatch(
      /^The crawl reached its limit of 100,000 known URLs: [\d,]+ links? found after that (was|were) not queued\.$/,
    );

    const stopStarted = performance.now();
    const stopped = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/stop', {
      accountId: t.accountA,
      engineId,
    });
    const stopMs = performance.now() - stopStarted;
    expect(stopped.status).toBe(200);
    expect(stopped.body.interrupted).toBeGreaterThan(90_000);
    expect(stopMs).toBeLessThan(2_000);

    await report(t, engineId);
    const reportStarted = performance.now();
    const after = await report(t, engineId, { status: CRAWL_STATUS.INTERRUPTED });
    expect(performance.now() - reportStarted).toBeLessThan(100);
    expect(after.state).toBe('stopped');
    // Less the fetches in flight at the stop, recorded after it.
    expect(after.hits.total.value).toBeLessThanOrEqual(stopped.body.interrupted);
    expect(after.hits.total.value).toBeGreaterThan(stopped.body.interrupted - 300);
    expect(after.hits.hits[0]?.reason).toBe('The crawl was stopped.');
    expect(after.counts[CRAWL_STATUS.CREATED]).toBeUndefined();

    globalThis.gc?.();
    expect(process.memoryUsage().rss - idle).toBeLessThan(300 * 1024 * 1024);
  }, 180_000);
});
