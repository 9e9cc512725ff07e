import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteExpiredAnalytics } from '../repositories/analytics-retention.ts';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import { SearchRecorder } from '../search-events/index.ts';
import { defaultMigrationsDir, migrate } from '../store/migrate.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/types.ts';
import { retentionCutoff } from './retention.ts';
import {
  DAY_1,
  DAY_2,
  type FixtureClient,
  fixtureClient,
  KEYWORD_CLICKS,
  KEYWORD_SEARCHES,
  PARAMETRIC_SEARCHES,
  recordFixture,
} from './search-fixture.test-kit.ts';

const ROLLUPS = {
  analytics_days:
    'day, searches, zero_result_searches, visitors, clicks, clicked_searches, click_position_sum',
  analytics_day_queries:
    'day, query, searches, zero_result_searches, clicks, clicked_searches, click_position_sum',
  analytics_day_tabs: 'day, tab, searches, zero_result_searches, clicks, clicked_searches',
  analytics_day_filters: 'day, filter_id, searches, zero_result_searches',
  analytics_day_filter_values: 'day, filter_id, value, searches',
  analytics_day_urls: 'day, url, clicks, click_position_sum',
  analytics_span_queries:
    'span, start, query, searches, zero_result_searches, clicks, clicked_searches, click_position_sum',
  analytics_span_urls: 'span, start, url, clicks, click_position_sum',
} as const;

// Both fixture days are in one ISO week (from Monday 5 May) and one month.
const WEEK = '2031-05-05';
const MONTH = '2031-05-01';
const bothSpans = (rows: unknown[][]) => [
  ...rows.map((row) => ['month', MONTH, ...row]),
  ...rows.map((row) => ['week', WEEK, ...row]),
];
type Rollup = keyof typeof ROLLUPS;

/** A rollup's rows of one client, as [column values...], in key order. */
async function rollup(db: Store, table: Rollup, c: FixtureClient): Promise<unknown[][]> {
  const columns = ROLLUPS[table];
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${columns} FROM ${table} WHERE account_id = $1 AND client_id = $2 ORDER BY ${columns}`,
    [c.accountId, c.clientId],
  );
  return rows.map((row) => Object.values(row));
}

async function allRollups(db: Store, c: FixtureClient) {
  const out: Record<string, unknown[][]> = {};
  for (const table of Object.keys(ROLLUPS) as Rollup[]) out[table] = await rollup(db, table, c);
  return out;
}

// Counted by hand from search-fixture.test-kit.ts. Keyword, day 1: s1..s4 (two 'red shoes', two 'blue hat'
// with no results), visitors v1 v2 v3, clicks c1 c2 (s1) and c4 (s2, made on day 2), positions
// 1 + 3 + 1. Day 2: s5 'red shoes' (clicked once at 2), s6 'gloves'; visitors v1 v4.
const KEYWORD_ROLLUPS = {
  analytics_days: [
    [DAY_1, 4, 2, 3, 3, 2, 5],
    [DAY_2, 2, 0, 2, 1, 1, 2],
  ],
  analytics_day_queries: [
    [DAY_1, 'blue hat', 2, 2, 0, 0, 0],
    [DAY_1, 'red shoes', 2, 0, 3, 2, 5],
    [DAY_2, 'gloves', 1, 0, 0, 0, 0],
    [DAY_2, 'red shoes', 1, 0, 1, 1, 2],
  ],
  analytics_day_tabs: [
    [DAY_1, 'all', 3, 1, 3, 2],
    [DAY_1, 'docs', 1, 1, 0, 0],
    [DAY_2, 'all', 1, 0, 0, 0],
    [DAY_2, 'docs', 1, 0, 1, 1],
  ],
  analytics_day_filters: [],
  analytics_day_filter_values: [],
  analytics_day_urls: [
    [DAY_1, 'https://shop.test/p/red', 2, 2],
    [DAY_1, 'https://shop.test/p/red-2', 1, 3],
    [DAY_2, 'https://shop.test/p/red', 1, 2],
  ],
  analytics_span_queries: bothSpans([
    ['blue hat', 2, 2, 0, 0, 0],
    ['gloves', 1, 0, 0, 0, 0],
    ['red shoes', 3, 0, 4, 3, 7],
  ]),
  analytics_span_urls: bothSpans([
    ['https://shop.test/p/red', 3, 4],
    ['https://shop.test/p/red-2', 1, 3],
  ]),
};
// Parametric, day 1: 'sensor' (cat A+B, a price range, 5 results) and '' (cat A, no results).
const PARAMETRIC_ROLLUPS = {
  analytics_days: [[DAY_1, 2, 1, 1, 0, 0, 0]],
  analytics_day_queries: [
    [DAY_1, '', 1, 1, 0, 0, 0],
    [DAY_1, 'sensor', 1, 0, 0, 0, 0],
  ],
  analytics_day_tabs: [],
  analytics_day_filters: [
    [DAY_1, 'cat', 2, 1],
    [DAY_1, 'price', 1, 0],
  ],
  analytics_day_filter_values: [
    [DAY_1, 'cat', 'A', 2],
    [DAY_1, 'cat', 'B', 1],
  ],
  analytics_day_urls: [],
  analytics_span_queries: bothSpans([
    ['', 1, 1, 0, 0, 0],
    ['sensor', 1, 0, 0, 0, 0],
  ]),
  analytics_span_urls: [],
};

describe.each(frontierStores)('Analytics rollups on %s', (_name, open) => {
  const store = useStore(open);

  it('given the fixture written one row a batch, then the rollups hold the hand-counted figures', async () => {
    const kw = await fixtureClient(store(), 'kw');
    const pm = await fixtureClient(store(), 'pm');
    const recorder = new SearchRecorder(store(), { batchRows: 1, flushEveryMs: 60_000 });
    await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS);
    await recordFixture(recorder, pm, 'pm', PARAMETRIC_SEARCHES);
    await recorder.close();

    expect(await allRollups(store(), kw)).toEqual(KEYWORD_ROLLUPS);
    expect(await allRollups(store(), pm)).toEqual(PARAMETRIC_ROLLUPS);
  });

  it('given the fixture written in one batch, then the same figures; another client sees none of them', async () => {
    const kw = await fixtureClient(store(), 'kw');
    const other = await fixtureClient(store(), 'kw', 'Other tenant');
    const recorder = new SearchRecorder(store(), { flushEveryMs: 60_000 });
    await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS);
    await recorder.close();

    expect(recorder.stats()).toMatchObject({ searches: 6, clicks: 4, batches: 2 });
    expect(await allRollups(store(), kw)).toEqual(KEYWORD_ROLLUPS);
    for (const rows of Object.values(await allRollups(store(), other))) expect(rows).toEqual([]);
  });

  it('given a search clicked by two batches, then it counts as clicked once', async () => {
    const kw = await fixtureClient(store(), 'kw');
    const recorder = new SearchRecorder(store(), { flushEveryMs: 60_000 });
    const [id] = await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES.slice(0, 1));
    for (const position of [2, 4]) {
      recorder.click({
        clientId: kw.clientId,
        searchId: id as string,
        url: 'https://shop.test/x',
        position,
        visitorId: 'c'.repeat(16),
        at: new Date(`${DAY_1}T12:00:00Z`),
      });
      await recorder.flush();
    }
    await recorder.close();

    expect(await rollup(store(), 'analytics_days', kw)).toEqual([[DAY_1, 1, 0, 1, 2, 1, 6]]);
  });

  it('given a retention cutoff, then raw rows and rollups before it go and the rest stay', async () => {
    const kw = await fixtureClient(store(), 'kw');
    const recorder = new SearchRecorder(store(), { flushEveryMs: 60_000 });
    await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS);
    await recorder.close();

    const { deleted } = await deleteExpiredAnalytics(store(), DAY_2);

    expect(deleted).toMatchObject({
      search_batches: expect.any(Number),
      clicked_searches: expect.any(Number),
      analytics_days: expect.any(Number),
    });
    const raw = await store().query<{ searches: number; clicks: number }>(
      `SELECT (SELECT count(*) FROM search_events WHERE account_id = $1 AND client_id = $2)::int AS searches,
              (SELECT count(*) FROM search_clicks WHERE account_id = $1 AND client_id = $2)::int AS clicks`,
      [kw.accountId, kw.clientId],
    );
    // s5, s6 and the clicks made on day 2 (c3 on s5; c4, whose search s2 is gone, stays until its own day goes).
    expect(raw.rows[0]).toEqual({ searches: 2, clicks: 2 });
    const after = await allRollups(store(), kw);
    for (const [table, rows] of Object.entries(KEYWORD_ROLLUPS))
      expect(after[table]).toEqual(rows.filter((row) => row[0] === DAY_2));
  });
});

describe('retentionCutoff', () => {
  it('keeps the same day of the month N months back, or that month’s last day', () => {
    expect(retentionCutoff(new Date('2031-05-06T10:00:00Z'), 13)).toBe('2030-04-06');
    expect(retentionCutoff(new Date('2031-03-31T23:00:00Z'), 1)).toBe('2031-02-28');
    expect(retentionCutoff(new Date('2032-03-31T00:00:00Z'), 1)).toBe('2032-02-29');
    expect(retentionCutoff(new Date('2031-01-15T00:00:00Z'), 24)).toBe('2029-01-15');
  });
});

describe('Migration 0011 on a database with records', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('given searches and clicks recorded before it, then it rolls them up as the recorder would have', async () => {
    // The recorder's figures, on a store with every migration.
    const current = await openStore({ dataDir: null });
    const before = await mkdtemp(join(tmpdir(), 'siteseer-0010-'));
    dirs.push(before);
    for (const file of await readdir(defaultMigrationsDir)) {
      if (file.endsWith('.sql') && file < '0011')
        await cp(join(defaultMigrationsDir, file), join(before, file));
    }
    const old = await openStore({ dataDir: null, migrationsDir: before });
    try {
      const kw = await fixtureClient(current, 'kw');
      const pm = await fixtureClient(current, 'pm');
      const recorder = new SearchRecorder(current, { flushEveryMs: 60_000 });
      await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES, KEYWORD_CLICKS);
      await recordFixture(recorder, pm, 'pm', PARAMETRIC_SEARCHES);
      await recorder.close();

      // The same clients and raw rows in a database at 0010, then migrated.
      for (const [c, type] of [
        [kw, 'kw'],
        [pm, 'pm'],
      ] as const) {
        await old.query(
          `WITH a AS (INSERT INTO accounts (id, name, products) VALUES ($1, 'Old', '{pm,kw}')),
                e AS (INSERT INTO engines (account_id, id, name, type, created_by, updated_by)
                      VALUES ($1, $2, 'Old engine', $4, 'test', 'test'))
           INSERT INTO clients (account_id, engine_id, id, type, index_name) VALUES ($1, $2, $3, $4, 'old')`,
          [c.accountId, c.engineId, c.clientId, type],
        );
        const events = await current.query<Record<string, unknown>>(
          `SELECT account_id, client_id, id, at, engine_id, engine_type, query, tab, filters::text AS filters,
             page, result_count, latency_ms, visitor_id FROM search_events WHERE account_id = $1`,
          [c.accountId],
        );
        for (const e of events.rows) {
          await old.query(
            `INSERT INTO search_events (account_id, client_id, id, at, engine_id, engine_type, query, tab, filters,
               page, result_count, latency_ms, visitor_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13)`,
            Object.values(e),
          );
        }
        await old.query(
          `INSERT INTO search_clicks (account_id, client_id, search_id, at, url, position, visitor_id)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::int[], $7::text[])`,
          await clickColumns(current, c.accountId),
        );
      }
      expect(await migrate(old)).toEqual({ applied: expect.arrayContaining(['0011-analytics-rollups.sql']) });

      expect(await allRollups(old, kw)).toEqual(KEYWORD_ROLLUPS);
      expect(await allRollups(old, pm)).toEqual(PARAMETRIC_ROLLUPS);
    } finally {
      await old.close();
      await current.close();
    }
  });
});

/** The clicks of an account as column arrays (for an unnest insert). */
async function clickColumns(db: Store, accountId: string): Promise<unknown[][]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT account_id, client_id, search_id, at, url, position, visitor_id FROM search_clicks
     WHERE account_id = $1`,
    [accountId],
  );
  const names = ['account_id', 'client_id', 'search_id', 'at', 'url', 'position', 'visitor_id'];
  return names.map((name) => rows.map((row) => row[name]));
}

describe('Recorded tables on PGlite, which has no autovacuum', () => {
  it('given searches written, then their first round refreshes the statistics before clicks look their searches up', async () => {
    const store = await openStore({ dataDir: null });
    try {
      const kw = await fixtureClient(store, 'kw');
      const recorder = new SearchRecorder(store, { flushEveryMs: 60_000 });
      const searches = Array.from({ length: 2000 }, (_, i) => ({
        ...KEYWORD_SEARCHES[0],
        at: `${DAY_1}T10:00:00Z`,
        query: `query ${i % 97}`,
        results: 3,
        visitor: `v${i}`,
      }));
      const tuples = async (table: string) =>
        (
          await store.query<{ reltuples: number }>(
            'SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = $1',
            [table],
          )
        ).rows[0]?.reltuples;
      const never = [await tuples('search_batches'), await tuples('analytics_day_queries')];
      const ids = await recordFixture(recorder, kw, 'kw', searches as typeof KEYWORD_SEARCHES);
      recorder.click({
        clientId: kw.clientId,
        searchId: ids[1500] as string,
        url: 'https://shop.test/a',
        position: 1,
        visitorId: 'c'.repeat(16),
      });
      await recorder.close();

      // -1: never analyzed (PGlite has no autovacuum); then the row counts the planner costs with:
      // 2,000 searches are 8 chunks of 256 or fewer, over 97 queries.
      expect(never).toEqual([-1, -1]);
      expect([await tuples('search_batches'), await tuples('analytics_day_queries')]).toEqual([8, 97]);
      expect(recorder.stats()).toMatchObject({ searches: 2000, clicks: 1, unmatched: 0 });
    } finally {
      await store.close();
    }
  });

  it('given searches written, then their first round vacuums every table recording adds to', async () => {
    const store = await openStore({ dataDir: null });
    try {
      const kw = await fixtureClient(store, 'kw');
      const recorder = new SearchRecorder(store, { flushEveryMs: 60_000 });
      await recordFixture(recorder, kw, 'kw', KEYWORD_SEARCHES);
      await recorder.close();

      // The rollups' counts are indexed, so every batch leaves dead row versions of today's,
      // this week's and this month's rows: only VACUUM reclaims them.
      const { rows } = await store.query<{ relname: string; vacuumed: boolean }>(
        `SELECT relname, last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables
         WHERE relname IN ('search_batches', 'clicked_searches', 'search_clicks') OR relname LIKE 'analytics\\_%'
         ORDER BY relname`,
      );
      expect(rows.length).toBe(13);
      expect(rows.filter((row) => !row.vacuumed)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
