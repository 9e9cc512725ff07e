import { SearchNotFoundError, SearchRefusedError } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import {
  account,
  engine,
  fakeApi,
  fakeSearch,
  input,
  ok,
  refused,
  searchTestDeps,
} from '../../../test/fakes.ts';
import { renderError } from '../../error-handler.ts';
import { AbortError, EXIT, UsageError } from '../../errors.ts';
import { LOOKUP_TTL_MS } from './engine-lookups.ts';
import * as search from './search.ts';

const kw = engine({ id: 'eng-kw', searchEngineType: 'kw', searchEngineName: 'Docs search' });
const pm = engine({ id: 'eng-pm', searchEngineName: 'Product finder' });
const clientOf = (engineId: string) => ({
  id: `client-of-${engineId}`,
  engineId,
  accountId: 'acc-1',
  type: engineId === 'eng-kw' ? ('kw' as const) : ('pm' as const),
  indexName: 'x',
  settings: {},
});

function api(engines = [kw, pm]) {
  return fakeApi({
    engines: {
      list: async () => ok(engines),
      get: async (id: string) => {
        const found = engines.find((e) => e.id === id);
        return found ? ok(found) : refused(404, 'Search engine not found.');
      },
    },
    clients: { byEngineIds: async (ids: string[]) => ok(ids.map(clientOf)) },
    profile: { accounts: async () => ok([account()]) },
  });
}

const keywordAnswer = {
  total: 1,
  page: 1,
  pageSize: 10,
  tabs: [
    { name: 'all', icon: 'all' as const, count: 1 },
    { name: 'blog', icon: 'blog' as const, count: 0 },
  ],
  hits: [
    { url: 'https://d.test/', title: 'Home', snippet: '<mark>home</mark> page', pinned: false, position: 1 },
  ],
  took: 2,
  searchId: 's',
};
const keywordConfig = {
  clientId: 'client-of-eng-kw',
  type: 'kw' as const,
  engineName: 'Docs search',
  tabs: [
    { name: 'all', icon: 'all' as const },
    { name: 'blog', icon: 'blog' as const },
  ],
};
const notFound = () =>
  new SearchNotFoundError({ clientId: 'c', method: 'GET', url: 'http://s/search/c/keyword', body: null });

describe('search: parse', () => {
  it('joins the words of QUERY, lowercases --tab and reads the paging', () => {
    expect(
      search.parse(input(['Docs', ['crawl', 'loop']], { tab: ' Blog ', page: '2', pageSize: '50' })),
    ).toEqual({
      engine: 'Docs',
      query: 'crawl loop',
      account: undefined,
      tab: 'blog',
      page: 2,
      pageSize: 50,
    });
    expect(search.parse(input(['Docs', ['']]))).toMatchObject({ query: '', page: 1, pageSize: undefined });
  });

  it('refuses a page size over 100, a page of 0 and a query over 500 characters (usage errors)', () => {
    expect(() => search.parse(input(['D', ['x']], { pageSize: '101' }))).toThrow(
      '--page-size is at most 100 (got 101).',
    );
    expect(() => search.parse(input(['D', ['x']], { page: '0' }))).toThrow(UsageError);
    expect(() => search.parse(input(['D', ['x'.repeat(501)]]))).toThrow(
      'QUERY is at most 500 characters (got 501).',
    );
  });
});

describe('search: run', () => {
  it('given a keyword engine and piped output, then the client of the engine is searched and JSON printed', async () => {
    const client = fakeSearch({ keyword: async () => keywordAnswer });
    const { deps, recorded } = searchTestDeps(api(), { search: client });
    await search.run(deps, search.parse(input(['Docs search', ['home']], { pageSize: '5' })));
    expect(client.keyword).toHaveBeenCalledWith('client-of-eng-kw', {
      q: 'home',
      tab: 'all',
      page: 1,
      pageSize: 5,
    });
    expect(JSON.parse(recorded.stdout)).toEqual({
      total: 1,
      hits: [
        {
          url: 'https://d.test/',
          title: 'Home',
          snippet: '<mark>home</mark> page',
          pinned: false,
          position: 1,
        },
      ],
      tabs: keywordAnswer.tabs,
      page: 1,
    });
  });

  it('given a terminal, then the numbered list', async () => {
    const { deps, recorded } = searchTestDeps(api(), {
      search: fakeSearch({ keyword: async () => keywordAnswer }),
      isTTY: true,
    });
    await search.run(deps, search.parse(input(['eng-kw', ['home']])));
    expect(recorded.stdout).toBe(
      'Tabs: [all 1] · blog 0\n\n1. Home\n   https://d.test/\n   home page\n\n1 result (2.0 ms)\n',
    );
  });

  it('given --tab, then it must be one of the engine tabs, named in the error otherwise', async () => {
    const client = fakeSearch({ config: async () => keywordConfig, keyword: async () => keywordAnswer });
    const { deps } = searchTestDeps(api(), { search: client });
    await search.run(deps, search.parse(input(['Docs search', ['x']], { tab: 'BLOG' })));
    expect(client.keyword).toHaveBeenCalledWith('client-of-eng-kw', { q: 'x', tab: 'blog', page: 1 });
    await expect(
      search.run(deps, search.parse(input(['Docs search', ['x']], { tab: 'news' }))),
    ).rejects.toThrow(new UsageError("'Docs search' has no tab 'news': its tabs are all, blog."));
  });

  it('given --tab on a parametric engine, then a usage error before any search', async () => {
    const { deps } = searchTestDeps(api());
    const error = await search
      .run(deps, search.parse(input(['Product finder', ['x']], { tab: 'all' })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain('--tab is for keyword engines');
  });

  it('given nothing published (404), then exit 1 saying so and naming the command to follow the crawl', async () => {
    const { deps } = searchTestDeps(api(), {
      search: fakeSearch({ keyword: async () => Promise.reject(notFound()) }),
    });
    const error = await search.run(deps, search.parse(input(['Docs search', ['x']]))).catch((e) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect([error.exitCode, error.message, error.hint]).toEqual([
      EXIT.error,
      "'Docs search' has nothing published to search yet.",
      'Search answers once a crawl is published: follow it with `siteseer crawl watch "Docs search"`.',
    ]);
    const parametric = searchTestDeps(api(), {
      search: fakeSearch({
        config: async () => Promise.reject(notFound()),
        query: async () => Promise.reject(notFound()),
      }),
    });
    const unpublished = await search
      .run(parametric.deps, search.parse(input(['eng-pm', ['x']], { account: 'acc-1' })))
      .catch((e) => e);
    expect(unpublished.hint).toBe('Publish one with `siteseer engines publish eng-pm --account acc-1`.');
  });

  it('given --account by its exact name, then the engine is found in that account', async () => {
    const { deps, recorded } = searchTestDeps(api(), {
      json: true,
      search: fakeSearch({ keyword: async () => keywordAnswer }),
    });
    await search.run(deps, search.parse(input(['Docs search', ['x']], { account: 'Acme Corp' })));
    expect(JSON.parse(recorded.stdout).total).toBe(1);
  });

  it('given a name two engines share, then a usage error listing both', async () => {
    const twin = engine({
      id: 'eng-2',
      accountId: 'acc-2',
      searchEngineType: 'kw',
      searchEngineName: 'Docs search',
    });
    const { deps } = searchTestDeps(api([kw, twin]));
    await expect(search.run(deps, search.parse(input(['Docs search', ['x']])))).rejects.toThrow(
      "'Docs search' names 2 engines: eng-kw (account acc-1), eng-2 (account acc-2).",
    );
  });

  it('given a rate limit, then one line with the wait', async () => {
    const refused = new SearchRefusedError({
      status: 429,
      method: 'GET',
      url: 'http://s/search/c/keyword',
      body: { title: 'Too Many Requests', detail: 'Too many search requests from this address.' },
      retryAfter: '30',
    });
    const { deps } = searchTestDeps(api(), {
      search: fakeSearch({ keyword: async () => Promise.reject(refused) }),
    });
    const error = await search.run(deps, search.parse(input(['Docs search', ['x']]))).catch((e) => e);
    expect(renderError(error, await import('@siteseer/core'))).toMatchObject({
      exitCode: EXIT.error,
      message: 'The search was refused (429): Too many search requests from this address. Try again in 30 s.',
    });
  });

  it('given --explain and piped output, then the explain call of the engine is made and its answer printed', async () => {
    const explained = {
      total: 2,
      page: 1,
      pageSize: 10,
      hits: [
        { position: 1, url: 'https://d.test/pinned', title: 'Pinned', pinned: true, explanation: null },
        {
          position: 2,
          url: 'https://d.test/',
          title: 'Home',
          pinned: false,
          explanation: {
            score: 6,
            base: 2,
            terms: [
              {
                slot: 0,
                term: 'home',
                feedback: false,
                weight: 1,
                fields: [
                  { field: 'title', score: 1.5 },
                  { field: 'body', score: 0.25 },
                ],
                titlePrior: 0.25,
                score: 2,
              },
              {
                slot: 1,
                term: 'start',
                feedback: true,
                weight: 0.5,
                fields: [{ field: 'body', score: 0 }],
                titlePrior: 0,
                score: 0,
              },
            ],
            heldShare: 1,
            boost: 2,
            title: 1.5,
            proximity: 1,
            rareProximity: 1,
            headingProximity: 1,
            linkShare: 1,
          },
        },
      ],
    };
    const explain = async () => ok(explained);
    const withExplain = () =>
      fakeApi({ ...api(), engines: { ...api().engines, explain } } as Parameters<typeof fakeApi>[0]);
    const explainer = withExplain();
    const piped = searchTestDeps(explainer);
    await search.run(piped.deps, search.parse(input(['Docs search', ['home']], { explain: true })));
    expect(JSON.parse(piped.recorded.stdout)).toEqual(explained);
    expect(explainer.engines.explain).toHaveBeenCalledWith('eng-kw', {
      accountId: 'acc-1',
      q: 'home',
      page: 1,
    });

    const terminal = searchTestDeps(withExplain(), { isTTY: true });
    await search.run(terminal.deps, search.parse(input(['Docs search', ['home']], { explain: true })));
    expect(terminal.recorded.stdout).toContain('pinned');
    expect(terminal.recorded.stdout).toContain('home: title 1.500, body 0.250, title prior 0.250');
    // A term feedback added to a question, not typed, says so.
    expect(terminal.recorded.stdout).toContain('start (feedback) ×0.500: body 0.000');
    expect(terminal.recorded.stdout).toContain('6.000');
    expect(terminal.recorded.stdout).not.toContain('Did you mean');

    const misspelt = { ...explained, didYouMean: 'home' };
    const withCorrection = fakeApi({
      ...api(),
      engines: { ...api().engines, explain: async () => ok(misspelt) },
    } as Parameters<typeof fakeApi>[0]);
    const corrected = searchTestDeps(withCorrection, { isTTY: true });
    await search.run(corrected.deps, search.parse(input(['Docs search', ['hoem']], { explain: true })));
    expect(corrected.recorded.stdout).toContain('Did you mean "home"?');
  });

  it('given --explain on a parametric engine, then a usage error before any call', async () => {
    const { deps } = searchTestDeps(api());
    const error = await search
      .run(deps, search.parse(input(['Product finder', ['x']], { explain: true })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('--explain is for keyword engines');
  });
});

describe('search: kept look-ups', () => {
  const refusedWith = (status: number) =>
    new SearchRefusedError({
      status,
      method: 'GET',
      url: 'http://s/search/c/keyword',
      body: null,
      retryAfter: null,
    });

  it('given a search that answered, when ENGINE is searched again, then the portal API is not called', async () => {
    const first = searchTestDeps(api(), { search: fakeSearch({ keyword: async () => keywordAnswer }) });
    await search.run(first.deps, search.parse(input(['Docs search', ['home']])));
    // A portal client that refuses every call: the kept look-up is all the second search needs.
    const client = fakeSearch({ keyword: async () => keywordAnswer });
    const second = searchTestDeps(fakeApi({}), { search: client, configDir: first.configDir });
    await search.run(second.deps, search.parse(input(['Docs search', ['home']])));
    expect(client.keyword).toHaveBeenCalledWith('client-of-eng-kw', { q: 'home', tab: 'all', page: 1 });
    expect(JSON.parse(second.recorded.stdout).total).toBe(1);
  });

  it.each([
    ['404', notFound()],
    ['401', refusedWith(401)],
  ])(
    'given a kept client that answers %s, then ENGINE is looked up again and searched once more',
    async (_, error) => {
      const first = searchTestDeps(api(), { search: fakeSearch({ keyword: async () => keywordAnswer }) });
      await search.run(first.deps, search.parse(input(['Docs search', ['home']])));
      // The engine now has another client: the kept one answers with the error.
      const moved = fakeApi({
        engines: { list: async () => ok([kw]) },
        clients: { byEngineIds: async () => ok([{ ...clientOf('eng-kw'), id: 'new-client' }]) },
      });
      const client = fakeSearch({
        keyword: async (clientId: string) =>
          clientId === 'new-client' ? keywordAnswer : Promise.reject(error),
      });
      const again = searchTestDeps(moved, { search: client, configDir: first.configDir });
      await search.run(again.deps, search.parse(input(['Docs search', ['home']])));
      expect(client.keyword).toHaveBeenCalledTimes(2);
      expect(client.keyword).toHaveBeenLastCalledWith('new-client', { q: 'home', tab: 'all', page: 1 });
      expect(JSON.parse(again.recorded.stdout).total).toBe(1);
      // ...and the new client is kept.
      expect(await again.deps.lookups.get('Docs search', undefined)).toMatchObject({
        clientId: 'new-client',
      });
    },
  );

  it('given a kept client refused for another reason (429), then the error is the answer and the look-up stays', async () => {
    const first = searchTestDeps(api(), { search: fakeSearch({ keyword: async () => keywordAnswer }) });
    await search.run(first.deps, search.parse(input(['Docs search', ['home']])));
    const limited = searchTestDeps(fakeApi({}), {
      search: fakeSearch({ keyword: async () => Promise.reject(refusedWith(429)) }),
      configDir: first.configDir,
    });
    await expect(
      search.run(limited.deps, search.parse(input(['Docs search', ['x']]))),
    ).rejects.toBeInstanceOf(SearchRefusedError);
    expect(await limited.deps.lookups.get('Docs search', undefined)).toMatchObject({
      clientId: 'client-of-eng-kw',
    });
  });

  it('given --account, then the look-up is kept for that --account only', async () => {
    const first = searchTestDeps(api(), { search: fakeSearch({ keyword: async () => keywordAnswer }) });
    await search.run(first.deps, search.parse(input(['Docs search', ['x']], { account: 'Acme Corp' })));
    expect(await first.deps.lookups.get('Docs search', 'Acme Corp')).toMatchObject({ engineId: 'eng-kw' });
    expect(await first.deps.lookups.get('Docs search', undefined)).toBeUndefined();
  });

  it('given a look-up kept an hour ago, then ENGINE is looked up again', async () => {
    const first = searchTestDeps(api(), { search: fakeSearch({ keyword: async () => keywordAnswer }) });
    await search.run(first.deps, search.parse(input(['Docs search', ['x']])));
    await first.deps.clock.sleep(LOOKUP_TTL_MS - 1);
    expect(await first.deps.lookups.get('Docs search', undefined)).toBeDefined();
    await first.deps.clock.sleep(1);
    expect(await first.deps.lookups.get('Docs search', undefined)).toBeUndefined();
  });

  it('given --explain, then the engine is looked up (the explain call needs it) and nothing is kept', async () => {
    const explainer = fakeApi({
      ...api(),
      engines: { ...api().engines, explain: async () => ok({ total: 0, page: 1, pageSize: 10, hits: [] }) },
    } as Parameters<typeof fakeApi>[0]);
    const { deps } = searchTestDeps(explainer);
    await search.run(deps, search.parse(input(['Docs search', ['x']], { explain: true })));
    expect(explainer.engines.list).toHaveBeenCalled();
    expect(await deps.lookups.get('Docs search', undefined)).toBeUndefined();
  });
});
