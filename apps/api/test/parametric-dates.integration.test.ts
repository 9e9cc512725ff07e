import { decodeLabel, type ParametricConfiguration, SearchResult } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api, type TestServer } from './harness.ts';

let t: Tenants;
let server: TestServer;

beforeAll(async () => {
  t = await startWithTenants();
  server = t.server;
});
afterAll(async () => {
  await t?.server.close();
});

const DAY = 86_400_000;
/** Forty releases, one every nine days from 2024-01-01, each with a week number for a whole-number range. */
const RELEASES = Array.from({ length: 40 }, (_, i) => ({
  name: `Release ${i + 1}`,
  released: new Date(Date.UTC(2024, 0, 1) + i * 9 * DAY).toISOString().slice(0, 10),
  week: (i % 5) + 1,
}));
const CSV = ['Name,Released,Week', ...RELEASES.map((r) => `${r.name},${r.released},${r.week}`)].join('\n');

async function search(clientId: string, body: unknown) {
  const response = await fetch(`${server.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('a parametric engine with a date column', () => {
  let clientId: string;
  let ids: Record<string, string>;

  it('given a CSV of ISO dates, when uploaded and published as inferred, then the column is a Date with a range filter', async () => {
    const form = new FormData();
    form.set('accountId', t.accountA);
    form.set('file', new Blob([CSV]), 'releases.csv');
    const uploaded = await fetch(`${server.base}/api/parametric/file/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.ownerA.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { importId } = (await uploaded.json()) as { importId: string };
    const preview = await api(server, t.ownerA.token, 'GET', `parametric/file/${importId}/preview?lines=3`);
    const configuration = preview.body.configuration as ParametricConfiguration;
    ids = Object.fromEntries(Object.values(configuration.columns).map((c) => [decodeLabel(c.label), c.id]));
    const released = ids.Released as string;
    expect(configuration.columns[released]?.type).toBe('date');
    expect(configuration.filters[released]?.supports.rangeFilter).toBe(true);
    // Stored as written, so a reader that predates the type still shows the date.
    expect(preview.body.rows[0][released]).toBe('2024-01-01');

    const created = await api(server, t.ownerA.token, 'POST', 'searchengines', {
      searchEngineType: 'pm',
      accountId: t.accountA,
      searchEngineName: 'Release dates',
    });
    clientId = created.body.clientId;
    const published = await api(server, t.ownerA.token, 'POST', 'parametric/create', {
      spreadsheetId: importId,
      engineId: created.body.documentId,
      accountId: t.accountA,
      version: 1,
      configuration,
    });
    expect(published.status).toBe(200);
    const config = (await (await fetch(`${server.base}/search/${clientId}/config`)).json()) as any;
    expect(config.columns.find((c: any) => c.id === released).type).toBe('date');
    expect(config.filters.find((f: any) => f.id === released).kind).toBe('range');
  });

  it('given a date range in milliseconds since 1970 UTC, when searching, then only the dates in it match, sorted newest first', async () => {
    const released = ids.Released as string;
    const min = Date.UTC(2024, 2, 1);
    const max = Date.UTC(2024, 5, 30);
    const expected = RELEASES.filter((r) => Date.parse(r.released) >= min && Date.parse(r.released) <= max)
      .map((r) => r.released)
      .reverse();
    expect(expected.length).toBeGreaterThan(5);
    const result = await search(clientId, {
      filters: { [released]: { min, max } },
      sort: { column: released, direction: 'desc' },
      pageSize: 100,
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(SearchResult.parse(result.body));
    expect(result.body.rows.map((r: any) => r[released])).toEqual(expected);
  });

  it('given no selection, when searching, then the date facet spans the dates with twenty bars and the week facet has one bar per week', async () => {
    const released = ids.Released as string;
    const week = ids.Week as string;
    const result = await search(clientId, {});
    const first = Date.UTC(2024, 0, 1);
    const last = first + 39 * 9 * DAY;
    const dates = result.body.facets[released];
    expect(dates).toMatchObject({ kind: 'range', min: first, max: last });
    // One release every nine days over 351 days: two in each of twenty bars, the last holding the last.
    expect(dates.histogram).toEqual(Array.from({ length: 20 }, () => 2));
    expect(result.body.facets[week]).toEqual({ kind: 'range', min: 1, max: 5, histogram: [8, 8, 8, 8, 8] });
  });

  it('given a narrower range on another filter, when searching, then the date histogram counts only its rows', async () => {
    const released = ids.Released as string;
    const week = ids.Week as string;
    const result = await search(clientId, { filters: { [week]: { min: 1, max: 1 } } });
    const histogram = result.body.facets[released].histogram as number[];
    expect(histogram.reduce((a, b) => a + b)).toBe(8);
    expect(result.body.total).toBe(8);
  });
});
