import { type Actor, api, startWithTenants, type Tenants } from '@siteseer/test-support';
import { finishCrawlWithPages } from '@siteseer/test-support/crawl-runs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, json, runCli, tempConfigDir } from './run-cli.ts';

// `crawl publish` and the held crawl in `crawl report`, against the real API. Crawls are finished
// the way the crawl loop finishes them (no loop fetches anything here).

let tenants: Tenants;
let configDir: string;
let engine: { accountId: string; engineId: string };

beforeAll(async () => {
  tenants = await startWithTenants();
  configDir = await tempConfigDir();
});
afterAll(async () => {
  await tenants?.server.close();
});

function as(who: Actor, args: string[]): Promise<CliResult> {
  return runCli(args, {
    configDir,
    env: { SITESEER_SERVER: tenants.server.base, SITESEER_TOKEN: who.token },
  });
}

/** A new crawl from scratch (recreate): its generation starts empty. */
async function recrawl(): Promise<void> {
  const body = { ...engine, urls: ['https://site.test/'], recreate: true };
  expect((await api(tenants.server, tenants.ownerA.token, 'POST', 'datasource/crawler', body)).status).toBe(
    200,
  );
}

describe('crawl publish', () => {
  beforeAll(async () => {
    const created = await as(tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Held docs',
      '--url',
      'https://site.test/',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    engine = { accountId: tenants.accountA, engineId: json(created).engineId };
  });

  it('given a running crawl, then there is nothing to publish yet (exit 1 with the reason)', async () => {
    const running = await as(tenants.ownerA, ['crawl', 'publish', 'Held docs']);
    expect([running.code, running.stderr]).toEqual([
      1,
      expect.stringContaining('The crawl is still running'),
    ]);
  });

  it('given a crawl with 15 % fewer pages than the published one, then the report says it is held and publish needs --force', async () => {
    await finishCrawlWithPages(tenants.server.store, tenants.server.state.changes, engine, 20);
    // The published crawl published again: an idempotent no-op (exit 0), as `crawl stop` of a
    // crawl that does not run.
    const current = await as(tenants.ownerA, ['crawl', 'publish', 'Held docs']);
    expect([current.code, current.stderr]).toEqual([0, expect.stringContaining('nothing changed')]);
    await recrawl();
    expect(
      await finishCrawlWithPages(tenants.server.store, tenants.server.state.changes, engine, 17),
    ).toMatchObject({ published: false });

    const notice = `This crawl found 17 pages, 15 % fewer than the 20 of the published one, so it was not published. Publish it anyway with \`siteseer crawl publish ${engine.engineId} --force\`.`;
    const report = await as(tenants.ownerA, ['crawl', 'report', 'Held docs']);
    expect([report.code, report.stderr]).toEqual([0, expect.stringContaining(notice)]);
    const reportJson = json(await as(tenants.ownerA, ['crawl', 'report', 'Held docs', '--json']));
    expect(reportJson.publication).toMatchObject({
      publishedRunId: 1,
      publishedPages: 20,
      latestRunId: 2,
      latestPages: 17,
      held: true,
    });

    const refused = await as(tenants.ownerA, ['crawl', 'publish', 'Held docs']);
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining(notice)]);
    expect(
      json(await as(tenants.ownerA, ['crawl', 'report', 'Held docs', '--json'])).publication,
    ).toMatchObject({
      publishedRunId: 1,
    });
  });

  it('given a held crawl, then a user role or another tenant cannot publish it', async () => {
    const user = await as(tenants.userA, ['crawl', 'publish', engine.engineId, '--force']);
    expect(user.code).toBe(1);
    const other = await as(tenants.ownerB, ['crawl', 'publish', engine.engineId, '--force']);
    expect([other.code, other.stderr]).toEqual([
      1,
      expect.stringContaining(`No engine '${engine.engineId}'`),
    ]);
    expect(
      json(await as(tenants.ownerA, ['crawl', 'report', engine.engineId, '--json'])).publication,
    ).toMatchObject({
      publishedRunId: 1,
      held: true,
    });
  });

  it('given a held crawl, when published with --force, then it is the published one and the report no longer holds it', async () => {
    const published = await as(tenants.ownerA, ['crawl', 'publish', 'Held docs', '--force', '--json']);
    expect(published.code, published.stderr).toBe(0);
    expect(json(published)).toEqual({
      name: 'Held docs',
      engineId: engine.engineId,
      runId: 2,
      pages: 17,
      previousPages: 20,
      changed: true,
    });
    const report = await as(tenants.ownerA, ['crawl', 'report', 'Held docs']);
    expect(report.stderr).not.toContain('not published');
    const again = await as(tenants.ownerA, ['crawl', 'publish', 'Held docs', '--force', '--json']);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(json(again)).toMatchObject({ runId: 2, pages: 17, changed: false });
  });
});
