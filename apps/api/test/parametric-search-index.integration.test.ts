import { decodeLabel, type ParametricConfiguration, type SearchQuery } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEngine, liveEngine } from '../src/parametric/search.ts';
import { buildColumn, buildIndex, buildText } from '../src/parametric/search-index-build.ts';
import type { ActiveFilter } from '../src/parametric/search-stats.ts';
import { words } from '../src/parametric/text-index.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';
import {
  KIND_VALUES,
  pick,
  prng,
  SEARCH_HEADERS,
  SIZE_TEXTS,
  searchCsv,
  TEXTS,
  WEIGHT_TEXTS,
} from './parametric-search-fixture.ts';
import { loadOracle, sqlPage, sqlStats } from './sql-oracle.ts';

let server: TestServer;
let token: string;
let accountId: string;
let engineId: string;
let clientId: string;
let importId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  const owner = server.credentials?.owner;
  if (!owner) throw new Error('A fresh server has demo credentials');
  token = (await signIn(server, owner.email, owner.password)).access_token;
  accountId = (await api(server, token, 'GET', 'accounts')).body[0].id;
  const created = await api(server, token, 'POST', 'searchengines', {
    searchEngineType: 'pm',
    accountId,
    searchEngineName: 'Index against SQL',
  });
  ({ documentId: engineId, clientId } = created.body);
});
afterAll(async () => {
  await server?.close();
});

async function upload(
  csv: string,
  path = 'parametric/file/import',
): Promise<{ importId: string; version: number }> {
  const form = new FormData();
  form.set('accountId', accountId);
  form.set('engineId', engineId);
  form.set('file', new Blob([csv]), 'table.csv');
  const response = await fetch(`${server.base}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { importId: string; version: number };
}

/** Filters on every column but Name and Note: Kind, Weight and Flag as lists, Size and Count as ranges. */
function configured(
  inferred: ParametricConfiguration,
  allowEmptyFilterValues: boolean,
): ParametricConfiguration {
  ids = Object.fromEntries(Object.values(inferred.columns).map((c) => [decodeLabel(c.label), c.id]));
  const filterOn = ['Kind', 'Size', 'Weight', 'Count', 'Flag'];
  const columns = Object.fromEntries(
    Object.entries(inferred.columns).map(([id, c]) => [
      id,
      { ...c, supports: { sorting: true, filtering: filterOn.includes(decodeLabel(c.label)) } },
    ]),
  );
  const filters = Object.fromEntries(
    filterOn.map((label, position) => {
      const id = ids[label] as string;
      const range = label === 'Size' || label === 'Count';
      return [
        id,
        {
          id,
          label,
          position,
          type: range ? ('default' as const) : ('list' as const),
          supports: { rangeFilter: range },
        },
      ];
    }),
  );
  return { ...inferred, columns, filters, settings: { ...inferred.settings, allowEmptyFilterValues } };
}

async function publish(version: number, allowEmptyFilterValues: boolean): Promise<LiveEngine> {
  const preview = await api(server, token, 'GET', `parametric/file/${importId}/preview?lines=1`);
  const configuration = configured(preview.body.configuration, allowEmptyFilterValues);
  const published = await api(server, token, 'POST', 'parametric/create', {
    spreadsheetId: importId,
    engineId,
    accountId,
    version,
    configuration,
  });
  expect(published.status).toBe(200);
  await loadOracle(server.store, accountId, engineId);
  return liveEngine(server.state.liveClients, clientId);
}

function activeFilters(): ActiveFilter[] {
  return ['Kind', 'Size', 'Weight', 'Count', 'Flag'].map((label) => ({
    id: ids[label] as string,
    supports: { rangeFilter: label === 'Size' || label === 'Count' },
  }));
}

/** A visitor's query: any text, any selection on any filter (a range on a list too), any sort, any page. */
function randomQuery(i: number): SearchQuery {
  const random = prng(1000 + i);
  const filters: SearchQuery['filters'] = {};
  const bound = () => (random() < 0.3 ? undefined : Math.round((random() * 30 - 10) * 4) / 4);
  const choices: Record<string, () => SearchQuery['filters'][string]> = {
    Kind: () => ({ values: [pick(random, KIND_VALUES), pick(random, KIND_VALUES)] }),
    Size: () => (random() < 0.3 ? { values: [pick(random, SIZE_TEXTS)] } : { min: bound(), max: bound() }),
    Weight: () =>
      random() < 0.7
        ? { values: [pick(random, WEIGHT_TEXTS), pick(random, WEIGHT_TEXTS)] }
        : { min: bound() },
    Count: () => ({ min: bound(), max: bound() }),
    Flag: () => ({ values: random() < 0.5 ? ['true'] : ['false', ''] }),
  };
  for (const [label, choose] of Object.entries(choices)) {
    if (random() < 0.35) filters[ids[label] as string] = choose();
  }
  const sortBy = pick(random, [undefined, ...SEARCH_HEADERS]);
  return {
    q: pick(random, TEXTS),
    filters,
    ...(sortBy
      ? { sort: { column: ids[sortBy] as string, direction: random() < 0.5 ? 'asc' : 'desc' } }
      : {}),
    page: 1 + Math.floor(random() * 3),
    pageSize: 1 + Math.floor(random() * 25),
  } as SearchQuery;
}

/** The index the publish made of its rows, once it has its words (a text search asks for them). */
async function publishedIndex(live: LiveEngine) {
  const scope = { accountId, engineId, generation: live.generation };
  // A deadline, not a count of tries: a loaded CI machine builds the words slower.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const index = server.state.parametric.indexes.peek(scope);
    if (index?.hasText) return index;
    await search({ q: 'rugg' });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The publish made no index within 60 s');
}

async function compareAll(
  live: LiveEngine,
  queries: number,
  source: 'database' | 'publish',
): Promise<number> {
  const scope = { accountId, engineId, generation: live.generation };
  const filters = activeFilters();
  const index = source === 'publish' ? await publishedIndex(live) : await buildIndex(server.store, scope);
  if (!index) throw new Error('The index was not built');
  // Columns only sorted by are added later, from the rows the index holds.
  for (const label of ['Name', 'Note']) {
    const id = ids[label] as string;
    index.addColumn(id, await buildColumn(server.store, index, id));
  }
  const allowEmptyFilterValues = live.configuration.settings.allowEmptyFilterValues;
  let answered = 0;
  if (!index.hasText) index.setText(await buildText(index));
  // Besides the random ones: a text matching a few rows, sorted on a column of many values, paged
  // (the index sorts only the rows up to the page's end then).
  const fixed = ['Name', 'Note'].flatMap((label) =>
    (['asc', 'desc'] as const).flatMap((direction) =>
      [1, 3].map(
        (page): SearchQuery => ({
          q: 'rugg',
          filters: {},
          sort: { column: ids[label] as string, direction },
          page,
          pageSize: 4,
        }),
      ),
    ),
  );
  for (let i = 0; i < queries + fixed.length; i++) {
    const query = fixed[i - queries] ?? randomQuery(i);
    const prefixes = words(query.q);
    const expected = {
      stats: await sqlStats(server.store, { filters, allowEmptyFilterValues, query }),
      rows: await sqlPage(server.store, filters, query),
    };
    if (expected.stats.total > 0) answered++;
    const { rows, ...stats } = index.search(
      {
        prefixes,
        filters: query.filters,
        sort: query.sort,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      },
      filters,
      allowEmptyFilterValues,
    );
    expect({ query, stats, rows }).toEqual({ query, ...expected });
  }
  return answered;
}

describe('the in-memory search index', () => {
  it('given tricky values, when 250 random queries run on an index made from the stored cells and in SQL, then totals, facets and pages are equal', async () => {
    ({ importId } = await upload(searchCsv(400)));
    const live = await publish(1, false);
    expect(await compareAll(live, 250, 'database')).toBeGreaterThan(50);
  });

  it('given empty filter values allowed, when the same queries run on the index the publish made, then they are equal too', async () => {
    const live = await publish(1, true);
    expect(await compareAll(live, 250, 'publish')).toBeGreaterThan(50);
  }, 120_000);
});

async function search(body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Searches until the live publish's index is built (the first search of a publish starts it), for at
 * most `withinMs`: a deadline, not a number of tries, so a slow search does not stretch the wait.
 */
async function untilIndexed(live: LiveEngine, withinMs = 20_000): Promise<void> {
  const scope = { accountId, engineId, generation: live.generation };
  const deadline = performance.now() + withinMs;
  for (let i = 0; !server.state.parametric.indexes.peek(scope); i++) {
    if (performance.now() > deadline)
      throw new Error(`The index of generation ${live.generation} was not built within ${withinMs} ms`);
    await search({ q: `warm${i}` });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What SQL alone answers for `body` on the live publish (the result without `took`). */
async function sqlAnswer(body: Partial<SearchQuery>) {
  const live = await liveEngine(server.state.liveClients, clientId);
  const query = { q: '', filters: {}, page: 1, pageSize: 20, ...body } as SearchQuery;
  const filters = activeFilters();
  const allowEmptyFilterValues = live.configuration.settings.allowEmptyFilterValues;
  const stats = await sqlStats(server.store, { filters, allowEmptyFilterValues, query });
  const columns = Object.values(live.configuration.columns)
    .filter((c) => c.enabled)
    .sort((a, b) => a.position - b.position);
  const rows = (await sqlPage(server.store, filters, query)).map((data) =>
    Object.fromEntries(columns.map((c) => [c.id, data[c.id] ?? null])),
  );
  return { total: stats.total, facets: stats.facets, rows, page: query.page, pageSize: query.pageSize };
}

async function expectSameAsSql(body: Partial<SearchQuery>): Promise<void> {
  const { took: _took, searchId: _searchId, ...answer } = (await search(body)).body;
  expect(answer).toEqual(await sqlAnswer(body));
}

describe('searching across publishes (caches and indexes keyed by publish)', () => {
  const browse = () => ({ filters: { [ids.Kind as string]: { values: ['zebra'] } }, pageSize: 5 });
  const text = () => ({ q: 'rugg', sort: { column: ids.Size as string, direction: 'desc' as const } });

  it('given the index built, when searching over HTTP, then the answers are the SQL answers', async () => {
    await untilIndexed(await publish(1, false));
    for (const body of [{}, browse(), text(), { ...text(), page: 2, pageSize: 3 }])
      await expectSameAsSql(body);
  });

  it('given cached answers, when a new version is published, then the next searches answer from it', async () => {
    await expectSameAsSql(browse());
    const v2 = await upload(searchCsv(150, 2), `parametric/file/${importId}`);
    const live = await publish(v2.version, false);
    // At once (searches wait for the new publish's index), then from its index.
    await expectSameAsSql(browse());
    await expectSameAsSql(text());
    await untilIndexed(live);
    await expectSameAsSql(browse());
    await expectSameAsSql(text());
    expect((await search({})).body.total).toBe(150);
  });

  it('given the same version published again with another configuration, then facets follow the configuration', async () => {
    const before = (await search(browse())).body.facets[ids.Flag as string].values;
    expect(before.some((v: { value: unknown }) => v.value === null)).toBe(false);
    await publish(2, true);
    const after = (await search(browse())).body.facets[ids.Flag as string].values;
    expect(after.some((v: { value: unknown }) => v.value === null)).toBe(true);
    await expectSameAsSql(browse());
  });

  it('given an older version published again, then its own rows and facets come back, not the cached ones', async () => {
    await publish(1, false);
    expect((await search({})).body.total).toBe(400);
    await expectSameAsSql(browse());
    await expectSameAsSql(text());
  });

  it('given an empty range or an empty value list, then the search answers as with no selection (it was a 500)', async () => {
    const empty = { filters: { [ids.Size as string]: {}, [ids.Kind as string]: { values: [] } } };
    const answer = await search(empty);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe((await search({})).body.total);
  });
});
