import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureClient } from '../analytics/search-fixture.test-kit.ts';
import { defaultMigrationsDir, migrate } from '../store/migrate.ts';
import { openStore } from '../store/open-store.ts';
import { SearchRecorder } from './recorder.ts';

// 0014 moves the searches recorded a row each into chunks (ADR 0029): every search is kept with
// its id, so the view shows the same rows and clicks still find their searches.

const OLD = [
  {
    id: '6f1c2a44-93d5-4a1e-8c11-0b6a5d2e9f01',
    at: '2031-05-06T10:00:00.125Z',
    query: 'red shoes',
    tab: 'docs',
    filters: null,
    page: 1,
    result_count: 12,
    latency_ms: 1.5,
    visitor_id: 'aaaaaaaaaaaaaaaa',
    clicked: true,
  },
  {
    id: '0b3e9d20-11aa-4c2b-9e3f-6d7c8b9a0ffe',
    at: '2031-05-06T23:59:59Z',
    query: 'blue hat',
    tab: null,
    filters: { colour: { values: ['blue'] }, price: { min: 1, max: 5 } },
    page: 2,
    result_count: 0,
    latency_ms: 0.25,
    visitor_id: 'bbbbbbbbbbbbbbbb',
    clicked: false,
  },
  {
    id: 'c9a0b1c2-d3e4-4f50-8a6b-7c8d9e0f0000',
    at: '2031-05-07T00:00:01Z',
    query: 'gloves',
    tab: 'all',
    filters: null,
    page: 1,
    result_count: 3,
    latency_ms: 2,
    visitor_id: 'aaaaaaaaaaaaaaaa',
    clicked: false,
  },
];

describe('Migration 0014 on a database with searches recorded a row each', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('given searches and clicks, then each search is kept with its id, and later clicks find it', async () => {
    const before = await mkdtemp(join(tmpdir(), 'siteseer-0013-'));
    dirs.push(before);
    for (const file of await readdir(defaultMigrationsDir))
      if (file.endsWith('.sql') && file < '0014')
        await cp(join(defaultMigrationsDir, file), join(before, file));
    const db = await openStore({ dataDir: null, migrationsDir: before });
    try {
      const kw = await fixtureClient(db, 'kw');
      for (const s of OLD) {
        await db.query(
          `INSERT INTO search_events (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters,
             page, result_count, latency_ms, visitor_id, clicked)
           VALUES ($1, $2, $3, $4, $5, 'kw', $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
          [
            kw.accountId,
            kw.clientId,
            s.id,
            s.at,
            kw.engineId,
            s.query,
            s.tab,
            s.filters === null ? null : JSON.stringify(s.filters),
            s.page,
            s.result_count,
            s.latency_ms,
            s.visitor_id,
            s.clicked,
          ],
        );
      }

      // 0014, then the migrations after it.
      expect((await migrate(db)).applied[0]).toBe('0014-search-batches.sql');

      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT id, at, engine_id, engine_type, query, tab, filters, page, result_count, latency_ms, visitor_id
         FROM search_events WHERE account_id = $1 AND client_id = $2 ORDER BY at`,
        [kw.accountId, kw.clientId],
      );
      expect(rows).toEqual(
        OLD.map(({ clicked: _, at, ...s }) => ({
          ...s,
          at: new Date(at),
          engine_id: kw.engineId,
          engine_type: 'kw',
        })),
      );
      const clicked = async () =>
        (
          await db.query<{ search_id: string; day: string }>(
            'SELECT search_id, day FROM clicked_searches WHERE account_id = $1 ORDER BY search_id',
            [kw.accountId],
          )
        ).rows;
      expect(await clicked()).toEqual([{ search_id: OLD[0]?.id, day: '2031-05-06' }]);

      // The recorder of today's code: clicks naming the old ids (upper case too) are stored, and the
      // one search clicked for the first time counts as clicked.
      const recorder = new SearchRecorder(db, { flushEveryMs: 60_000 });
      for (const id of [OLD[0]?.id, OLD[2]?.id.toUpperCase()])
        recorder.click({
          clientId: kw.clientId,
          searchId: id as string,
          url: 'https://shop.test/p',
          position: 1,
          visitorId: 'c'.repeat(16),
          at: new Date('2031-05-07T12:00:00Z'),
        });
      await recorder.close();
      expect(recorder.stats()).toMatchObject({ clicks: 2, unmatched: 0 });
      expect(await clicked()).toEqual(
        [
          { search_id: OLD[0]?.id, day: '2031-05-06' },
          { search_id: OLD[2]?.id, day: '2031-05-07' },
        ].sort((a, b) => String(a.search_id).localeCompare(String(b.search_id))),
      );
    } finally {
      await db.close();
    }
  });
});
