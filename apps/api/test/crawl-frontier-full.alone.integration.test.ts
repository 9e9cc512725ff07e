import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CRAWL_STATUS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { allowLoopback, crawl, report, trapSite, untilReport } from './crawl-traps.ts';
import { api } from './harness.ts';

// The URL limit at its default (ADR 0036) against a generator of new paths: the frontier stops
// growing, the process stays within 400 MB of its idle size, and a stop leaves the waiting URLs
// Interrupted. How long the stop and the next report take at 100k URLs is measured by the crawl
// report bench (scripts/bench/crawl-report-bench.ts), not here. A file of the 'api-alone' project
// (apps/api/vitest.alone.config.ts), which runs after every other test file, so that its memory
// figure is not other suites' load.

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

  it('Given a generator of new paths, then the frontier stops at 100,000 URLs, memory stays bounded and a stop leaves the waiting URLs Interrupted', async () => {
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

    const stopped = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/stop', {
      accountId: t.accountA,
      engineId,
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.interrupted).toBeGreaterThan(90_000);

    const after = await report(t, engineId, { status: CRAWL_STATUS.INTERRUPTED });
    expect(after.state).toBe('stopped');
    // Less the fetches in flight at the stop, recorded after it.
    expect(after.hits.total.value).toBeLessThanOrEqual(stopped.body.interrupted);
    expect(after.hits.total.value).toBeGreaterThan(stopped.body.interrupted - 300);
    expect(after.hits.hits[0]?.reason).toBe('The crawl was stopped.');
    expect(after.counts[CRAWL_STATUS.CREATED]).toBeUndefined();

    // The same code has measured +256, +304 and +355 MB here on 2-vCPU machines: the JS heap's old
    // space and PGlite's WASM heap go back to the system when the collector pleases. 300 MB failed
    // CI on that spread alone. The frontier's own bound is checked above (100,000 URLs).
    globalThis.gc?.();
    expect(process.memoryUsage().rss - idle).toBeLessThan(400 * 1024 * 1024);
  }, 180_000);
});
