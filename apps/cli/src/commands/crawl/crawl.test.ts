import { NetworkError, ServerError } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { account, engine, fakeApi, input, ok, refused, T0, testDeps } from '../../../test/fakes.ts';
import { ApiRefusedError, AuthRequiredError, CliError, UsageError } from '../../errors.ts';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import * as createKeyword from '../engines/create-keyword.ts';
import * as publish from './publish.ts';
import * as report from './report.ts';
import * as stop from './stop.ts';
import * as watch from './watch.ts';

const kw = engine({ searchEngineType: 'kw', searchEngineName: 'Docs search', urls: ['https://docs.test/'] });

function reportAnswer() {
  return {
    hits: {
      total: { value: 12 },
      hits: [
        {
          id: 'u1',
          url: 'https://docs.test/',
          status: 3,
          last_check: T0,
          next_check: '2026-11-02T09:00:00.000Z',
        },
        {
          id: 'u2',
          url: 'https://docs.test/old',
          status: 4,
          last_check: T0,
          next_check: T0,
          reason: 'HTTP 404',
        },
      ],
    },
    took: 2,
    finalized: false,
    counts: { '3': 10, '4': 2 },
    state: 'crawling' as const,
    limits: [],
  };
}

describe('crawl report', () => {
  it('reads --status as a code or a label in any case, and refuses others naming the choices', () => {
    expect(['3', 'Success', 'pending-fetch', 'PENDING FETCH', '404'].map(report.parseStatus)).toEqual([
      3, 3, 9, 9, 4,
    ]);
    expect(() => report.parseStatus('Done')).toThrow(/--status must be a crawl status: 0 \(Created\)/);
  });

  it('applies the spec filter rule: empty or more than 3 characters, trimmed; a page from 1', () => {
    expect(() => report.parse(input(['e'], { filter: ' doc ' }))).toThrow(UsageError);
    expect(report.parse(input(['e'], { filter: '   ' }))).toMatchObject({ searchTerm: '', page: 1 });
    expect(report.parse(input(['e'], { filter: ' /blog ', page: '3' }))).toMatchObject({
      searchTerm: '/blog',
      page: 3,
    });
    expect(() => report.parse(input(['e'], { page: '0' }))).toThrow(/--page must be a whole number/);
  });

  it('on a terminal, prints a table with check times only for fetched pages, and asks for page 2 at index 10', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok(reportAnswer()) },
    });
    const { deps } = testDeps(api);
    const tty = memoryOutput({ isTTY: true });
    await report.run({ ...deps, output: tty.output }, report.parse(input(['Docs search'], { page: '2' })));
    expect(api.crawler.report).toHaveBeenCalledWith({
      accountId: 'acc-1',
      engineId: 'eng-1',
      fromIndex: 10,
      resultSize: 10,
      searchTerm: '',
    });
    const lines = tty.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^URL\s+STATUS\s+LAST CHECK\s+NEXT CHECK\s+REASON$/);
    expect(lines[1]).toMatch(/^https:\/\/docs\.test\/\s+Success\s+2026-11-01 09:00\s+2026-11-02 09:00$/);
    expect(lines[2]).toMatch(/^https:\/\/docs\.test\/old\s+404\s+HTTP 404$/);
    expect(tty.stderr).toContain('Page 2 of 2 (12 URL(s)); crawl crawling; Success 10, 404 2.');
  });

  it('without a terminal, prints a tab-separated line per URL ending in its reason; a page past the last is refused', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok(reportAnswer()) },
    });
    const { deps, recorded } = testDeps(api);
    await report.run(deps, report.parse(input(['Docs search'], {})));
    expect(recorded.stdout.trimEnd().split('\n')[1]).toBe('https://docs.test/old\t404\t\t\tHTTP 404');
    await expect(report.run(deps, report.parse(input(['Docs search'], { page: '3' })))).rejects.toThrow(
      new UsageError('--page 3 is past the last page of the report: 2 (12 URL(s)).'),
    );
  });

  it('says where a broken URL was found, in a FOUND ON column and as the last field, as the portal does', async () => {
    const answer = reportAnswer();
    const [fetched, missing] = answer.hits.hits;
    const withFoundOn = {
      ...answer,
      hits: {
        ...answer.hits,
        hits: [
          // A page that was fetched shows no 'found on', even when the crawler knows it.
          { ...fetched, found_on: 'https://docs.test/index' },
          { ...missing, found_on: 'https://docs.test/guide' },
        ],
      },
    };
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok(withFoundOn) },
    });
    const { deps, recorded } = testDeps(api);
    const tty = memoryOutput({ isTTY: true });
    await report.run({ ...deps, output: tty.output }, report.parse(input(['Docs search'], {})));
    const lines = tty.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^URL\s+STATUS\s+LAST CHECK\s+NEXT CHECK\s+REASON\s+FOUND ON$/);
    expect(lines[1]).toMatch(/^https:\/\/docs\.test\/\s+Success\s+2026-11-01 09:00\s+2026-11-02 09:00$/);
    expect(lines[2]).toMatch(/^https:\/\/docs\.test\/old\s+404\s+HTTP 404\s+https:\/\/docs\.test\/guide$/);

    await report.run(deps, report.parse(input(['Docs search'], {})));
    expect(recorded.stdout.trimEnd().split('\n')).toEqual([
      'https://docs.test/\tSuccess\t2026-11-01 09:00\t2026-11-02 09:00',
      'https://docs.test/old\t404\t\t\tHTTP 404\thttps://docs.test/guide',
    ]);
  });

  it('with --json, prints the answer with counts by every label of the spec', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok(reportAnswer()) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await report.run(deps, report.parse(input(['eng-1'], { status: 'Success' })));
    const printed = JSON.parse(recorded.stdout);
    expect(printed.counts).toEqual({
      Created: 0,
      Failed: 0,
      Success: 10,
      '404': 2,
      Redirected: 0,
      Timeout: 0,
      Duplicated: 0,
      Interrupted: 0,
      'Pending Fetch': 0,
      'Fetch Failed': 0,
    });
    expect(printed).toMatchObject({
      hits: { total: { value: 12 } },
      took: 2,
      finalized: false,
      page: 1,
      pageCount: 2,
    });
    expect(api.crawler.report).toHaveBeenCalledWith(expect.objectContaining({ status: 3 }));
  });
});

describe('crawl report sitemaps', () => {
  const none = { queued: 0, otherSite: 0, filtered: 0, invalid: 0, sitemaps: 0 };
  const sitemaps = {
    files: [
      { ...none, url: 'https://docs.test/sitemap.xml', kind: 'sitemap' as const, queued: 120, otherSite: 4 },
      {
        ...none,
        url: 'http://10.0.0.5/s\u202e.xml',
        reason: 'unreachable: address 10.0.0.5 is in a refused range (private)',
      },
    ],
    omitted: 2,
  };
  const withSitemaps = () =>
    fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok({ ...reportAnswer(), sitemaps }) },
    });

  it('given sitemaps read and refused, then the summary counts them and --sitemaps lists each with what became of it', async () => {
    const { deps, recorded } = testDeps(withSitemaps());
    await report.run(deps, report.parse(input(['eng-1'], {})));
    expect(recorded.stderr).toContain(
      'Sitemaps: 1 read, 3 not read; 120 pages queued. --sitemaps lists them.',
    );

    const listed = testDeps(withSitemaps());
    await report.run(listed.deps, report.parse(input(['eng-1'], { sitemaps: true })));
    expect(listed.recorded.stdout.trimEnd().split('\n')).toEqual([
      'https://docs.test/sitemap.xml\t120 pages queued; 4 on other sites.',
      'http://10.0.0.5/s.xml\tNot read: unreachable: address 10.0.0.5 is in a refused range (private).',
    ]);
    expect(listed.recorded.stderr).toContain('2 more sitemap(s) not read are not listed.');
    expect(listed.recorded.stderr).toContain('Sitemaps: 1 read, 3 not read; 120 pages queued.');
  });

  it('on a terminal, --sitemaps prints a table; before the crawl read them, it says so', async () => {
    const { deps } = testDeps(withSitemaps());
    const tty = memoryOutput({ isTTY: true });
    await report.run({ ...deps, output: tty.output }, report.parse(input(['eng-1'], { sitemaps: true })));
    expect(tty.stdout.split('\n')[0]).toMatch(/^SITEMAP\s+WHAT THE CRAWL DID$/);

    const before = testDeps(
      fakeApi({
        engines: { list: async () => ok([kw]), get: async () => ok(kw) },
        crawler: { report: async () => ok(reportAnswer()) },
      }),
    );
    await report.run(before.deps, report.parse(input(['eng-1'], { sitemaps: true })));
    expect(before.recorded.stdout).toBe('');
    expect(before.recorded.stderr).toContain('The crawl has not read its sitemaps yet.');
  });

  it('refuses --sitemaps with a URL filter, status or page', () => {
    expect(() => report.parse(input(['e'], { sitemaps: true, page: '2' }))).toThrow(
      new UsageError('--sitemaps lists the sitemaps, not URLs: it takes no --filter, --status or --page.'),
    );
  });
});

describe('crawl report summary', () => {
  it('given a filter that no URL matches, then the summary says so, not page 1 of 0', async () => {
    const none = { ...reportAnswer(), hits: { total: { value: 0 }, hits: [] }, state: 'finished' as const };
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { report: async () => ok(none) },
    });
    const { deps, recorded } = testDeps(api);
    await report.run(deps, report.parse(input(['eng-1'], { status: 'Interrupted' })));
    expect(recorded.stdout).toBe('');
    expect(recorded.stderr).toContain('No URLs match; crawl finished; Success 10, 404 2.');
    expect(recorded.stderr).not.toContain('of 0');
    await report.run(deps, report.parse(input(['eng-1'], {})));
    expect(recorded.stderr).toContain('No URLs yet; crawl finished');
  });

  it('given a crawl that reached crawl limits, then each limit is a warning line, bidi controls removed', async () => {
    const message =
      'Not queued: too many variants of https://docs.test/\u202eq (the limit is 100 a path): 3 links.';
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: {
        report: async () =>
          ok({
            ...reportAnswer(),
            limits: [{ kind: 'queryVariants', limit: 100, count: 3, path: 'https://docs.test/q', message }],
          }),
      },
    });
    const { deps, recorded } = testDeps(api);
    await report.run(deps, report.parse(input(['eng-1'], {})));
    expect(recorded.stderr).toContain(
      'Not queued: too many variants of https://docs.test/q (the limit is 100 a path): 3 links.\n',
    );
  });
});

describe('crawl stop', () => {
  it('given a running crawl, then it stops it and says how many URLs were interrupted', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: { stop: async () => ok({ engineId: 'eng-1', interrupted: 7 }) },
    });
    const { deps, recorded } = testDeps(api);
    await stop.run(deps, stop.parse(input(['Docs search'], {})));
    expect(api.crawler.stop).toHaveBeenCalledWith({ accountId: 'acc-1', engineId: 'eng-1' });
    expect(recorded.stderr).toContain(
      'Crawl of Docs search stopped: 7 URL(s) interrupted. `siteseer crawl start eng-1` resumes it.',
    );
  });

  /** A keyword engine whose crawl ended (`state`): a stop interrupts nothing. */
  const endedCrawlApi = (state: 'finished' | 'stopped') =>
    fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: {
        stop: async () => ok({ engineId: 'eng-1', interrupted: 0 }),
        report: async () => ok({ ...reportAnswer(), finalized: true, state }),
      },
    });

  it('given a crawl that finished, then the stop changes nothing and it says the crawl is not running', async () => {
    const api = endedCrawlApi('finished');
    const { deps, recorded } = testDeps(api);
    await stop.run(deps, stop.parse(input(['Docs search'], {})));
    expect(recorded.stderr).toContain('The crawl of Docs search is not running (finished): nothing changed.');
    expect(recorded.stderr).not.toContain('resumes it');

    const json = testDeps(api, { json: true });
    await stop.run(json.deps, stop.parse(input(['Docs search'], {})));
    expect(JSON.parse(json.recorded.stdout)).toEqual({
      engineId: 'eng-1',
      name: 'Docs search',
      interrupted: 0,
      state: 'finished',
      changed: false,
    });
  });

  it('given a crawl stopped already, then it says nothing changed, not to resume what it stopped', async () => {
    const api = endedCrawlApi('stopped');
    const { deps, recorded } = testDeps(api);
    await stop.run(deps, stop.parse(input(['Docs search'], {})));
    expect(recorded.stderr).toBe('The crawl of Docs search is not running (stopped): nothing changed.\n');
  });
});

describe('crawl publish', () => {
  const publication = (over: Record<string, unknown>) => ({
    publishedRunId: 2,
    publishedPages: 40,
    latestRunId: 2,
    latestPages: 40,
    held: false,
    ...over,
  });
  const withReport = (state: 'finished' | 'crawling', pub: ReturnType<typeof publication>, extra = {}) =>
    fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: {
        report: async () =>
          ok({ ...reportAnswer(), finalized: state !== 'crawling', state, publication: pub }),
        publish: async () => refused(409, 'The latest crawl is already published.'),
        ...extra,
      },
    });

  it('given the latest crawl published already, then it exits 0 saying nothing changed, with or without --force', async () => {
    const api = withReport('finished', publication({}));
    for (const force of [false, true]) {
      const { deps, recorded } = testDeps(api);
      await publish.run(deps, publish.parse(input(['Docs search'], force ? { force: true } : {})));
      expect(recorded.stderr).toBe(
        'Crawl 2 of Docs search is already published (40 pages): nothing changed.\n',
      );
    }
    expect(api.crawler.publish).not.toHaveBeenCalled();
    const json = testDeps(api, { json: true });
    await publish.run(json.deps, publish.parse(input(['Docs search'], {})));
    expect(JSON.parse(json.recorded.stdout)).toEqual({
      name: 'Docs search',
      engineId: 'eng-1',
      runId: 2,
      pages: 40,
      previousPages: null,
      changed: false,
    });
  });

  it('given a crawl published between the report and the call (409), then it is a no-op too', async () => {
    let reads = 0;
    const api = fakeApi({
      engines: { list: async () => ok([kw]), get: async () => ok(kw) },
      crawler: {
        report: async () =>
          ok({
            ...reportAnswer(),
            finalized: true,
            state: 'finished' as const,
            publication: publication(reads++ === 0 ? { publishedRunId: 1, publishedPages: 30 } : {}),
          }),
        publish: async () => refused(409, 'The latest crawl is already published.'),
      },
    });
    const { deps, recorded } = testDeps(api);
    await publish.run(deps, publish.parse(input(['Docs search'], {})));
    expect(recorded.stderr).toContain('nothing changed');
  });

  it('given a running crawl, then nothing to publish stays exit 1 with the reason', async () => {
    const api = withReport('crawling', publication({ latestRunId: 3, latestPages: null }), {
      publish: async () => refused(409, 'The crawl is still running: it is published when it finishes.'),
    });
    const { deps } = testDeps(api);
    const error = await publish.run(deps, publish.parse(input(['Docs search'], {}))).catch((e) => e);
    expect(error).toBeInstanceOf(ApiRefusedError);
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('The crawl is still running');
  });

  it('given a new finished crawl, then it is published and the JSON says it changed', async () => {
    const api = withReport('finished', publication({ publishedRunId: 1, latestRunId: 2 }), {
      publish: async () => ok({ engineId: 'eng-1', runId: 2, pages: 40, previousPages: 30 }),
    });
    const json = testDeps(api, { json: true });
    await publish.run(json.deps, publish.parse(input(['Docs search'], {})));
    expect(JSON.parse(json.recorded.stdout)).toEqual({
      name: 'Docs search',
      engineId: 'eng-1',
      runId: 2,
      pages: 40,
      previousPages: 30,
      changed: true,
    });
  });
});

describe('engines create keyword', () => {
  it('given an API key, then it refuses with exit 4 before any call', async () => {
    const { deps } = testDeps(fakeApi({}));
    const options = createKeyword.parse(input([], { name: 'Docs search', url: ['https://docs.test/'] }));
    const refusal = createKeyword.run({ ...deps, auth: 'apiKey' }, options);
    await expect(refusal).rejects.toBeInstanceOf(AuthRequiredError);
    await expect(refusal).rejects.toMatchObject({ exitCode: 4 });
  });

  it('merges duplicate --url values with the wizard rule and refuses a short name', () => {
    expect(
      createKeyword.parse(
        input([], { name: 'Docs search', url: ['Docs.test', 'https://docs.test/', 'b.test'] }),
      ).urls,
    ).toEqual(['https://docs.test/', 'b.test']);
    expect(() => createKeyword.parse(input([], { name: 'Doc', url: ['docs.test'] }))).toThrow(UsageError);
  });

  it('given a crawler the server refuses, then it says the engine exists and how to make its crawler', async () => {
    const api = fakeApi({
      profile: { accounts: async () => ok([account()]) },
      engines: {
        list: async () => ok([]),
        create: async () => ok({ documentId: 'eng-9', clientId: 'cli-9', synonymFieldId: null }),
      },
      crawler: { create: async () => refused(400, 'Enter a valid URL.') },
    });
    const { deps, recorded } = testDeps(api);
    const options = createKeyword.parse(input([], { name: 'Docs search', url: ['https://docs.test/'] }));
    await expect(createKeyword.run(deps, options)).rejects.toBeInstanceOf(ApiRefusedError);
    expect(recorded.stderr).toContain('Created keyword engine Docs search (eng-9), but not its crawler');
    expect(api.engines.create).toHaveBeenCalledWith(
      expect.objectContaining({ searchEngineType: 'kw', accountId: 'acc-1', urls: ['https://docs.test/'] }),
    );
  });

  /** An account's keyword engine 'Docs search' made by a first run, and the calls a retry may make. */
  const retryApi = () =>
    fakeApi({
      profile: { accounts: async () => ok([account()]) },
      engines: {
        list: async () =>
          ok([
            engine({
              id: 'eng-7',
              searchEngineType: 'kw',
              searchEngineName: 'Docs search',
              urls: ['https://docs.test/'],
            }),
            engine({
              id: 'eng-8',
              searchEngineType: 'kw',
              searchEngineName: 'Blog search',
              urls: ['https://docs.test/'],
            }),
          ]),
        create: async () => ok({ documentId: 'eng-9', clientId: 'cli-9', synonymFieldId: null }),
      },
      clients: {
        byEngineIds: async () =>
          ok([
            { id: 'cli-7', engineId: 'eng-7', accountId: 'acc-1', type: 'kw', indexName: 'i', settings: {} },
          ]),
      },
      crawler: { create: async () => ok({ queued: 1 }) },
    });

  it('given the same name and sites as an engine of the account (a retried step), then that engine is the answer and nothing is made', async () => {
    const api = retryApi();
    const { deps, recorded } = testDeps(api, { json: true });
    // The same site written another way is the same site.
    const options = createKeyword.parse(input([], { name: 'Docs search', url: ['docs.test'] }));
    await createKeyword.run(deps, options);
    expect(api.engines.create).not.toHaveBeenCalled();
    expect(api.crawler.create).not.toHaveBeenCalled();
    expect(JSON.parse(recorded.stdout)).toEqual({
      engineId: 'eng-7',
      clientId: 'cli-7',
      name: 'Docs search',
      accountId: 'acc-1',
      urls: ['https://docs.test/'],
      queued: 0,
    });
    expect(recorded.stderr).toContain(
      'Docs search was already created with these sites by an earlier run (eng-7): nothing changed.',
    );
  });

  it('given the name with other sites, then a new engine is made', async () => {
    const api = retryApi();
    const { deps, recorded } = testDeps(api);
    const options = createKeyword.parse(
      input([], { name: 'Docs search', url: ['https://docs.test/', 'https://blog.test/'] }),
    );
    await createKeyword.run(deps, options);
    expect(api.engines.create).toHaveBeenCalledTimes(1);
    expect(recorded.stdout).toBe('eng-9\n');
  });
});

describe('crawl watch --timeout and passing errors', () => {
  const answerOf = (state: 'crawling' | 'finished', counts: Record<string, number>) => ({
    hits: { total: { value: 0 }, hits: [] },
    took: 1,
    finalized: state !== 'crawling',
    counts,
    state,
  });
  const watchApi = (report: (...args: any[]) => Promise<unknown>) =>
    fakeApi({ engines: { list: async () => ok([kw]), get: async () => ok(kw) }, crawler: { report } });

  it('reads --timeout as a duration and refuses others naming examples', () => {
    const parse = (timeout: string) => watch.parse(input(['Docs search'], { timeout })).timeoutMs;
    expect(['90s', '30m', '1h30m', '45', '500ms'].map(parse)).toEqual([
      90_000, 1_800_000, 5_400_000, 45_000, 500,
    ]);
    expect(watch.parse(input(['Docs search'], {})).timeoutMs).toBeUndefined();
    for (const bad of ['0', '1.5m', 'soon', '-5', '0s']) {
      expect(() => parse(bad)).toThrow(/--timeout must be a duration such as 90s, 30m, 1h/);
    }
  });

  it('given a crawl still running at the timeout, then it exits 124 naming the timeout, the crawl goes on', async () => {
    const api = watchApi(async () => ok(answerOf('crawling', { '3': 1, '9': 4 })));
    const { deps, recorded } = testDeps(api);
    const error = await watch
      .run(deps, watch.parse(input(['Docs search'], { interval: '2', timeout: '5s' })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error.exitCode).toBe(124);
    expect(error.message).toBe(
      'Stopped watching after 5s (--timeout): the crawl of Docs search is still running, 1 of 5 URL(s) fetched; it goes on.',
    );
    expect(error.hint).toContain('siteseer crawl stop eng-1');
    // Polls at 0, 2, 4 and at the deadline (5 s), then no more.
    expect((deps.clock as any).slept).toEqual([2000, 2000, 1000]);
    expect((api.crawler.report as any).mock.calls).toHaveLength(4);
    expect(recorded.stdout).toContain('crawling  1/5 fetched');
  });

  it('given a crawl that ends at the last poll before the deadline, then it is a success', async () => {
    let calls = 0;
    const api = watchApi(async () =>
      ok(++calls < 3 ? answerOf('crawling', { '9': 2 }) : answerOf('finished', { '3': 2 })),
    );
    const { deps, recorded } = testDeps(api);
    await watch.run(deps, watch.parse(input(['Docs search'], { interval: '1', timeout: '2s' })));
    expect(recorded.stderr).toContain('The crawl of Docs search finished');
  });

  it('given a 503 and a network error between polls, then they are retried with backoff and the watch goes on', async () => {
    let calls = 0;
    const api = watchApi(async () => {
      calls++;
      if (calls === 2)
        throw new ServerError({ status: 503, method: 'POST', url: 'u', errorText: 'busy', body: undefined });
      if (calls === 3) throw new NetworkError('POST', 'https://siteseer.test/api/x', new Error('ECONNRESET'));
      return ok(calls < 4 ? answerOf('crawling', { '9': 2 }) : answerOf('finished', { '3': 2 }));
    });
    const { deps, recorded } = testDeps(api);
    await watch.run(deps, watch.parse(input(['Docs search'], {})));
    expect((deps.clock as any).slept).toEqual([1000, 1000, 2000]);
    expect(recorded.stderr).toContain(
      'Reading the crawl report failed (the server answered 503); trying again in 1s (1 of 3).',
    );
    expect(recorded.stderr).toContain(
      'Reading the crawl report failed (the server could not be reached); trying again in 2s (2 of 3).',
    );
    expect(recorded.stderr).toContain('The crawl of Docs search finished');
  });

  it('given --timeout, then retries wait no longer than it', async () => {
    const gateway = watchApi(async () => {
      throw new ServerError({ status: 504, method: 'POST', url: 'u', errorText: 'Timeout', body: undefined });
    });
    const { deps } = testDeps(gateway);
    await expect(
      watch.run(deps, watch.parse(input(['Docs search'], { timeout: '2s' }))),
    ).rejects.toBeInstanceOf(ServerError);
    expect((deps.clock as any).slept).toEqual([1000, 1000]);
  });

  it('given a gateway error that lasts, then the watch fails after 3 retries; a 500 fails at once', async () => {
    const gateway = watchApi(async () => {
      throw new ServerError({
        status: 502,
        method: 'POST',
        url: 'u',
        errorText: 'Bad Gateway',
        body: undefined,
      });
    });
    const lasting = testDeps(gateway);
    await expect(watch.run(lasting.deps, watch.parse(input(['Docs search'], {})))).rejects.toBeInstanceOf(
      ServerError,
    );
    expect((gateway.crawler.report as any).mock.calls).toHaveLength(4);
    expect((lasting.deps.clock as any).slept).toEqual([1000, 2000, 4000]);

    const broken = watchApi(async () => {
      throw new ServerError({ status: 500, method: 'POST', url: 'u', errorText: 'boom', body: undefined });
    });
    await expect(watch.run(testDeps(broken).deps, watch.parse(input(['Docs search'], {})))).rejects.toThrow(
      /status 500/,
    );
    expect((broken.crawler.report as any).mock.calls).toHaveLength(1);
  });
});
