import type { FilterSelection } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { CHUNK_SEARCHES, SearchBatch, type SearchRecord, searchIdParts } from './search-batch.ts';

const CLIENT_1 = '11111111-1111-4111-8111-111111111111';
const CLIENT_2 = '22222222-2222-4222-8222-222222222222';

const search = (
  at: string,
  more: Partial<Omit<SearchRecord, 'filters'>> & { filters?: Record<string, unknown> | null } = {},
): SearchRecord => ({
  accountId: 'a1',
  clientId: CLIENT_1,
  engineId: 'e1',
  engineType: 'pm',
  at: new Date(at),
  query: 'q',
  tab: null,
  page: 1,
  resultCount: 3,
  latencyMs: 1,
  visitorId: 'v',
  ...more,
  filters: (more.filters ?? null) as Record<string, FilterSelection> | null,
});

/** The statement's parameters as named columns ($n is params[n - 1]). */
function columns(batch: SearchBatch) {
  const p = batch.params() as unknown[][];
  const rows = (...indexes: number[]) =>
    (p[(indexes[0] as number) - 1] as unknown[]).map((_, i) =>
      indexes.map((n) => (p[n - 1] as unknown[])[i]),
    );
  const dayOf = (i: unknown) =>
    `${p[1]?.[(i as number) - 1] === CLIENT_1 ? 'c1' : 'c2'} ${p[2]?.[(i as number) - 1]}`;
  return {
    days: rows(2, 3, 6, 7, 8).map(([client, ...rest]) => [client === CLIENT_1 ? 'c1' : 'c2', ...rest]),
    chunks: rows(9, 10, 11).map(([id, day, searches]) => [id, dayOf(day), searches]),
    records: (p[11] as unknown as string).split('\n').map((line) => JSON.parse(line) as unknown[][]),
    visitors: rows(13, 14).map(([day, visitor]) => [dayOf(day), visitor]),
    queries: rows(15, 16, 17, 18).map(([day, ...rest]) => [dayOf(day), ...rest]),
    tabs: rows(19, 20, 21, 22).map(([day, ...rest]) => [dayOf(day), ...rest]),
    filters: rows(23, 24, 25, 26, 27)
      .map(([day, ...rest]) => [dayOf(day), ...rest])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

describe('SearchBatch', () => {
  it('given searches of two clients over two UTC days, then each client and day is counted once', () => {
    const batch = new SearchBatch();
    batch.add(search('2031-05-06T10:00:00Z', { query: 'red', tab: 'all', visitorId: 'v1', latencyMs: 2 }));
    batch.add(search('2031-05-06T23:59:59Z', { query: 'red', tab: 'docs', resultCount: 0, visitorId: 'v1' }));
    batch.add(search('2031-05-07T00:00:01Z', { query: 'blue', tab: 'all', visitorId: 'v2' }));
    batch.add(search('2031-05-06T12:00:00Z', { clientId: CLIENT_2, query: 'red', visitorId: 'v3' }));

    expect(batch.size).toBe(4);
    const c = columns(batch);
    expect(c.days).toEqual([
      ['c1', '2031-05-06', 2, 1, 3],
      ['c1', '2031-05-07', 1, 0, 1],
      ['c2', '2031-05-06', 1, 0, 1],
    ]);
    expect(c.visitors).toEqual([
      ['c1 2031-05-06', 'v1'],
      ['c1 2031-05-07', 'v2'],
      ['c2 2031-05-06', 'v3'],
    ]);
    expect(c.queries).toEqual([
      ['c1 2031-05-06', 'red', 2, 1],
      ['c1 2031-05-07', 'blue', 1, 0],
      ['c2 2031-05-06', 'red', 1, 0],
    ]);
    // Parametric searches have no tab: not counted.
    expect(c.tabs).toEqual([
      ['c1 2031-05-06', 'all', 1, 0],
      ['c1 2031-05-06', 'docs', 1, 1],
      ['c1 2031-05-07', 'all', 1, 0],
    ]);
  });

  it('given list and range filters, then each search counts once per filter and once per value', () => {
    const batch = new SearchBatch();
    // A value selected twice counts once.
    batch.add(search('2031-05-06T23:59:59Z', { filters: { colour: { values: ['red', 'red', 'blue'] } } }));
    batch.add(
      search('2031-05-06T10:00:00Z', {
        filters: { colour: { values: ['red'] }, price: { min: 1, max: 5 } },
        resultCount: 0,
      }),
    );
    batch.add(search('2031-05-07T00:00:01Z', { filters: { colour: { values: ['red'] } } }));
    batch.add(search('2031-05-06T10:00:00Z', { clientId: CLIENT_2, filters: { colour: { values: ['7'] } } }));
    batch.add(search('2031-05-06T10:00:00Z', { filters: null }));

    expect(columns(batch).filters).toEqual([
      ['c1 2031-05-06', 'colour', 'blue', 1, 0],
      ['c1 2031-05-06', 'colour', 'red', 2, 1],
      ['c1 2031-05-06', 'colour', null, 2, 1],
      ['c1 2031-05-06', 'price', null, 1, 1],
      ['c1 2031-05-07', 'colour', 'red', 1, 0],
      ['c1 2031-05-07', 'colour', null, 1, 0],
      ['c2 2031-05-06', 'colour', '7', 1, 0],
      ['c2 2031-05-06', 'colour', null, 1, 0],
    ]);
  });

  it('given more searches of a day than a chunk holds, then a new chunk takes them, and each id names its place', () => {
    const batch = new SearchBatch();
    const ids = Array.from({ length: CHUNK_SEARCHES + 2 }, (_, i) =>
      batch.add(search('2031-05-06T10:00:00Z', { query: `q${i}`, page: i })),
    );
    const other = batch.add(search('2031-05-07T10:00:00Z'));

    const c = columns(batch);
    expect(c.chunks.map(([, day, searches]) => [day, searches])).toEqual([
      ['c1 2031-05-06', CHUNK_SEARCHES],
      ['c1 2031-05-06', 2],
      ['c1 2031-05-07', 1],
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const { chunkId, offset } = searchIdParts(id);
      const chunk = c.chunks.findIndex(([chunkIdOf]) => chunkIdOf === chunkId);
      // The record at that place is this search's.
      expect(c.records[chunk]?.[offset]?.[1]).toBe(`q${i}`);
    }
    expect(searchIdParts(other).chunkId).toBe(c.chunks[2]?.[0]);
  });

  it('given a search, then its record holds what analytics keep, in the columns search_events shows', () => {
    const batch = new SearchBatch();
    batch.add(
      search('2031-05-06T10:00:00.250Z', {
        query: 'red shoes',
        tab: 'docs',
        filters: { colour: { values: ['red'] } },
        page: 2,
        resultCount: 7,
        latencyMs: 1.5,
        visitorId: 'abc',
      }),
    );
    expect(columns(batch).records).toEqual([
      [
        [
          Date.parse('2031-05-06T10:00:00.250Z'),
          'red shoes',
          'docs',
          { colour: { values: ['red'] } },
          2,
          7,
          1.5,
          'abc',
        ],
      ],
    ]);
  });
  it('given records longer than a chunk’s first buffer, in any script, then every record is whole', () => {
    const batch = new SearchBatch();
    // 256 records of ~2 KB of UTF-8 each: the chunk's buffer (32 KB) grows several times.
    const queries = Array.from({ length: CHUNK_SEARCHES }, (_, i) => `${i} ${'é東😀'.repeat(110)} "\\\n`);
    for (const query of queries) batch.add(search('2031-05-06T10:00:00Z', { query }));
    const [records] = columns(batch).records;
    expect(records?.map((record) => record[1])).toEqual(queries);
  });
});

describe('searchIdParts', () => {
  it('given any uuid, then its chunk id ends in 0000 and its offset is its last four hex digits', () => {
    expect(searchIdParts('0A1B2C3D-0000-4000-8000-00000000FF0C')).toEqual({
      chunkId: '0a1b2c3d-0000-4000-8000-000000000000',
      offset: 0xff0c,
    });
  });
});
