import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_B_NAME, createEngine } from '@siteseer/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { json } from './run-cli.ts';

// The keyword journey against the real API: `engines create keyword`, `crawl start|stop|report`.
// No crawl loop runs here, so queued URLs stay Created (0) until stopped or started again.

const suite = cliSuite();
const as = suite.as;

async function jsonFile(name: string, value: unknown): Promise<string> {
  const path = join(suite.work, name);
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** What the server stored for an engine's crawler. */
async function crawlerRow(engineId: string) {
  const { rows } = await suite.tenants.server.store.query(
    'SELECT urls, crawl_frequency, page_load_delay FROM crawlers WHERE engine_id = $1',
    [engineId],
  );
  return rows[0];
}

const urlsOf = (report: { hits: { hits: { url: string }[] } }) => report.hits.hits.map((hit) => hit.url);

describe('engines create keyword', () => {
  it('given URLs and a crawler config file, then the engine and its crawler are made and the start URLs queued', async () => {
    const config = await jsonFile('crawler.json', {
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      contentTarget: 'main',
      excludeContentTargets: ['.ads'],
      urlFilters: ['/blog/'],
      urls: ['https://blog.example.com/'],
    });
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Docs keyword',
      '--url',
      'docs.example.com',
      '--url',
      'https://docs.example.com/',
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const body = json(created);
    expect(body).toMatchObject({
      accountId: suite.tenants.accountA,
      name: 'Docs keyword',
      urls: ['https://docs.example.com/', 'https://blog.example.com/'],
      queued: 2,
    });
    expect(body.engineId).toMatch(/\S/);
    expect(body.clientId).toMatch(/\S/);

    const shown = json(await as(suite.tenants.ownerA, ['engines', 'show', body.engineId, '--json']));
    expect(shown).toMatchObject({
      searchEngineType: 'kw',
      pageLoadDelay: '0ms',
      crawlFrequency: '24h',
      contentTarget: 'main',
      useContentTarget: true,
      useExcludeTarget: true,
      urlFilters: ['/blog/'],
    });

    const report = await as(suite.tenants.ownerA, ['crawl', 'report', 'Docs keyword', '--json']);
    expect(report.code, report.stderr).toBe(0);
    const answer = json(report);
    expect(answer).toMatchObject({ hits: { total: { value: 2 } }, finalized: false, state: 'crawling' });
    expect(urlsOf(answer)).toEqual(['https://docs.example.com/', 'https://blog.example.com/']);
    expect(answer.counts).toMatchObject({ Created: 2, Success: 0, Interrupted: 0, 'Pending Fetch': 0 });
    expect(Object.keys(answer.counts)).toHaveLength(10);
  });

  it('given ignored URL parameters in the config file, then the engine and its crawler keep them; a bad one is exit 2 naming it', async () => {
    const config = await jsonFile('ignoring.json', { ignoreParameters: ['ref*', ' sessionid '] });
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Ignoring keyword',
      '--url',
      'https://shop.example.com/',
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { engineId } = json(created);
    const shown = json(await as(suite.tenants.ownerA, ['engines', 'show', engineId, '--json']));
    expect(shown.ignoreParameters).toEqual(['ref*', 'sessionid']);
    const { rows } = await suite.tenants.server.store.query<{ ignore_parameters: string[] }>(
      'SELECT ignore_parameters FROM crawlers WHERE engine_id = $1',
      [engineId],
    );
    expect(rows[0]?.ignore_parameters).toEqual(['ref*', 'sessionid']);

    const bad = await jsonFile('bad-ignoring.json', { ignoreParameters: ['ref*', 'utm source'] });
    const refused = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Refused ignoring',
      '--url',
      'https://shop.example.com/',
      '--config',
      bad,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ignoreParameters.1: "utm source" is not a URL parameter name');
  });

  it('given renderJavaScript in the config file, then the engine and its crawler render pages', async () => {
    const config = await jsonFile('rendering.json', { renderJavaScript: true });
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Rendering keyword',
      '--url',
      'https://app.example.com/',
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { engineId } = json(created);
    const shown = json(await as(suite.tenants.ownerA, ['engines', 'show', engineId, '--json']));
    expect(shown.renderJavaScript).toBe(true);
    const { rows } = await suite.tenants.server.store.query<{ render_javascript: boolean }>(
      'SELECT render_javascript FROM crawlers WHERE engine_id = $1',
      [engineId],
    );
    expect(rows[0]?.render_javascript).toBe(true);
  });

  it('given an account by name, then the engine is made in it', async () => {
    const created = await as(suite.tenants.ownerB, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Tenant B site',
      '--account',
      ACCOUNT_B_NAME,
      '--url',
      'https://b.example.com/',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(json(created)).toMatchObject({ accountId: suite.tenants.accountB, queued: 1 });
  });

  it('given a bad config file, a bad URL or no URL, then exit 2 naming the problem and nothing is created', async () => {
    const cases: [string[], string][] = [
      [['--config', await jsonFile('bad-delay.json', { pageLoadDelay: 'soon' })], 'pageLoadDelay'],
      [['--config', await jsonFile('typo.json', { crawlFrequence: '24h' })], 'crawlFrequence'],
      [['--config', await jsonFile('broken.json', '{ "urls": ')], 'is not valid JSON'],
      [['--config', join(suite.work, 'missing.json')], 'No such file'],
    ];
    for (const [extra, expected] of cases) {
      const result = await as(suite.tenants.ownerA, [
        'engines',
        'create',
        'keyword',
        '--name',
        'Refused engine',
        '--url',
        'https://docs.example.com/',
        ...extra,
      ]);
      expect({ code: result.code, named: result.stderr.includes(expected) }, result.stderr).toEqual({
        code: 2,
        named: true,
      });
    }
    const badUrl = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Refused engine',
      '--url',
      'not a url',
    ]);
    expect([badUrl.code, badUrl.stderr]).toEqual([2, expect.stringContaining("--url 'not a url'")]);
    const noUrl = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Refused engine',
    ]);
    expect([noUrl.code, noUrl.stderr]).toEqual([2, expect.stringContaining('--url is required')]);
    const listed = json(await as(suite.tenants.superAdmin, ['engines', 'list', '--json']));
    expect(listed.map((e: { searchEngineName: string }) => e.searchEngineName)).not.toContain(
      'Refused engine',
    );
  });
});

describe('crawl start, stop and report', () => {
  let engineId: string;
  const sites = Array.from({ length: 12 }, (_, i) => `https://site.example.com/docs/page-${i + 1}`);

  beforeAll(async () => {
    const config = await jsonFile('twelve.json', { urls: sites.slice(1) });
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Twelve pages',
      '--url',
      sites[0] ?? '',
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    engineId = json(created).engineId;
  });

  it('given 12 URLs, then pages hold 10, a filter keeps the matches, and --status narrows by label or code', async () => {
    const page2 = json(
      await as(suite.tenants.ownerA, ['crawl', 'report', 'Twelve pages', '--page', '2', '--json']),
    );
    expect([page2.hits.total.value, urlsOf(page2), page2.page, page2.pageCount]).toEqual([
      12,
      sites.slice(10),
      2,
      2,
    ]);
    const page1 = json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json']));
    expect(urlsOf(page1)).toEqual(sites.slice(0, 10));

    const filtered = json(
      await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--filter', 'page-1', '--json']),
    );
    expect(urlsOf(filtered)).toEqual([sites[0], sites[9], sites[10], sites[11]]);

    const short = await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--filter', 'doc']);
    expect([short.code, short.stderr]).toEqual([
      2,
      expect.stringContaining('--filter needs more than 3 characters'),
    ]);

    const created = json(
      await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--status', 'created', '--json']),
    );
    expect(created.hits.total.value).toBe(12);
    const success = json(
      await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--status', '3', '--json']),
    );
    expect(success.hits.total.value).toBe(0);
    const bogus = await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--status', 'Done']);
    expect([bogus.code, bogus.stderr]).toEqual([
      2,
      expect.stringContaining('--status must be a crawl status'),
    ]);
  });

  it('given no terminal, then the report prints one tab-separated line per URL and the summary on stderr', async () => {
    const plain = await as(suite.tenants.userA, ['crawl', 'report', 'Twelve pages', '--page', '2']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toBe(`${sites[10]}\tCreated\n${sites[11]}\tCreated\n`);
    expect(plain.stderr).toContain('Page 2 of 2 (12 URL(s)); crawl crawling; Created 12.');
  });

  it('given a running crawl, when stopped then started, then URLs are Interrupted then waiting again; --url adds a site', async () => {
    const stopped = await as(suite.tenants.ownerA, ['crawl', 'stop', 'Twelve pages', '--json']);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(json(stopped)).toMatchObject({ engineId, interrupted: 12 });
    const afterStop = json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json']));
    expect(afterStop).toMatchObject({
      finalized: true,
      state: 'stopped',
      counts: { Interrupted: 12, Created: 0 },
    });

    const started = await as(suite.tenants.ownerA, ['crawl', 'start', 'Twelve pages', '--json']);
    expect(started.code, started.stderr).toBe(0);
    expect(json(started)).toMatchObject({ engineId, site: null, queued: 12 });
    const resumed = json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json']));
    // Never fetched, they are Created again: a stop rewrites no row (ADR 0036).
    expect(resumed).toMatchObject({ finalized: false, counts: { Created: 12, Interrupted: 0 } });

    const added = await as(suite.tenants.ownerA, [
      'crawl',
      'start',
      engineId,
      '--url',
      'news.example.com',
      '--json',
    ]);
    expect(json(added)).toMatchObject({ engineId, site: 'news.example.com', queued: 1 });
    const withSite = json(
      await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--filter', 'news.example', '--json']),
    );
    expect(urlsOf(withSite)).toEqual(['https://news.example.com/']);
    // The frontier is kept (not recreated): every URL is still there.
    expect(
      json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json'])).hits.total.value,
    ).toBe(13);
    // The site joined the engine, so a later restart keeps crawling it.
    const shown = json(await as(suite.tenants.ownerA, ['engines', 'show', engineId, '--json']));
    expect(shown.urls).toContain('news.example.com');
    expect((await as(suite.tenants.ownerA, ['crawl', 'start', engineId])).code).toBe(0);
    expect(await crawlerRow(engineId)).toMatchObject({
      urls: expect.arrayContaining(['https://news.example.com/', sites[0]]),
    });
  });

  it('given an engine with its own crawler settings, when started again, then the settings are kept', async () => {
    const started = await as(suite.tenants.ownerA, ['crawl', 'start', 'Docs keyword']);
    expect([started.code, started.stderr]).toEqual([
      0,
      expect.stringContaining('Crawl started for Docs keyword'),
    ]);
    const docs = json(await as(suite.tenants.ownerA, ['engines', 'show', 'Docs keyword', '--json']));
    expect(await crawlerRow(docs.id)).toEqual({
      urls: ['https://docs.example.com/', 'https://blog.example.com/'],
      crawl_frequency: '24h',
      page_load_delay: '0ms',
    });
  });

  it('given a parametric engine, another tenant or a user role, then the crawl commands refuse (exit 1)', async () => {
    await createEngine(suite.tenants.server, suite.tenants.ownerA, {
      searchEngineType: 'pm',
      accountId: suite.tenants.accountA,
      searchEngineName: 'Parametric table',
    });
    const pm = await as(suite.tenants.ownerA, ['crawl', 'report', 'Parametric table']);
    expect([pm.code, pm.stderr]).toEqual([
      1,
      expect.stringContaining('crawl commands are for keyword engines'),
    ]);
    const other = await as(suite.tenants.ownerB, ['crawl', 'stop', engineId]);
    expect([other.code, other.stderr]).toEqual([1, expect.stringContaining(`No engine '${engineId}'`)]);
    const user = await as(suite.tenants.userA, ['crawl', 'stop', engineId]);
    expect(user.code).toBe(1);
    // Still waiting: the twelve sites and news.example.com, none of them fetched.
    expect(json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json'])).counts.Created).toBe(
      13,
    );
  });
});
