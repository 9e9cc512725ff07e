import {
  insertSearchBatch,
  insertSearchClicks,
  maintainSearchTables,
  SearchBatch,
  type SearchClickRow,
} from '@siteseer/test-support/search-events';
import { openStore, type StoreConfig } from '@siteseer/test-support/store';
import { ADJECTIVES, NOUNS, prng } from './dataset.ts';

// The analytics section's records: a keyword client's searches and clicks over 90 days, written
// with the API's own batch statements (the recorder's: raw searches and rollups in one statement,
// 2,000 searches each), so the rollups are exactly what recording would have made.

export const SEARCHES = 1_000_000;
export const CLICKS = 200_000;
export const DAYS = 90;
/** Distinct queries: a long tail, as site search has (Zipf, s = 1.05). */
const VOCABULARY = 50_000;
const BATCH = 2000;
/** The recorder's cadence (apps/api/src/search-events/recorder.ts MAINTAIN_EVERY_ROWS). */
const MAINTAIN_EVERY_ROWS = 100_000;
const TABS = ['all', 'all', 'all', 'all', 'all', 'all', 'docs', 'docs', 'blog', 'support'];

export interface Target {
  accountId: string;
  engineId: string;
  clientId: string;
}

export interface LoadResult {
  searches: number;
  clicks: number;
  ms: number;
  /** Rows a second through the batch statements (searches and clicks). */
  rowsPerSecond: number;
  /** Rows in the rollups afterwards: what the reports read. */
  rollupRows: { days: number; queries: number; urls: number; visitors: number };
}

/** The query of rank `k` (0 = most searched): two words, then a number past the word pairs. */
function queryText(k: number): string {
  const adjective = ADJECTIVES[k % ADJECTIVES.length] as string;
  const noun = NOUNS[Math.floor(k / ADJECTIVES.length) % NOUNS.length] as string;
  const pairs = ADJECTIVES.length * NOUNS.length;
  return k < pairs ? `${adjective} ${noun}` : `${adjective} ${noun} ${Math.floor(k / pairs)}`;
}

/** A Zipf sampler over ranks 0..n-1 (inverse CDF by binary search). */
function zipf(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1) ** s;
    cumulative[k] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const hex16 = (random: () => number) =>
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0') +
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0');

/**
 * Writes SEARCHES searches and CLICKS clicks for `target` into the database of `store`, the last
 * DAYS UTC days (today included) in time order, a batch of searches then the clicks on them.
 */
export async function loadRecords(store: StoreConfig, target: Target, now = new Date()): Promise<LoadResult> {
  const db = await openStore(store);
  const random = prng(1_400_014);
  const rank = zipf(VOCABULARY, 1.05, random);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const perDay = Math.ceil(SEARCHES / DAYS);
  // About 91% of searches find something (the tail below, and 8% of the rest, find nothing); a
  // click for enough of them to make CLICKS, a tenth of those clicked twice.
  const clickShare = CLICKS / (SEARCHES * 0.913 * 1.1);
  let searches = 0;
  let clicks = 0;
  let maintainedAt = -1;
  const started = performance.now();
  try {
    for (let d = DAYS - 1; d >= 0 && searches < SEARCHES; d--) {
      const dayStart = today - d * 86_400_000;
      // About 3 searches a visitor a day.
      const visitors = Array.from({ length: Math.ceil(perDay / 3) }, () => hex16(random));
      const count = Math.min(perDay, SEARCHES - searches);
      const times = Array.from({ length: count }, () => dayStart + Math.floor(random() * 86_400_000)).sort(
        (a, b) => a - b,
      );
      for (let i = 0; i < count; i += BATCH) {
        const batch = new SearchBatch();
        const clicked: SearchClickRow[] = [];
        for (const at of times.slice(i, i + BATCH)) {
          const k = rank();
          // The rarest tenth of the vocabulary finds nothing, and 8% of the rest.
          const resultCount = k > VOCABULARY * 0.9 || random() < 0.08 ? 0 : 1 + Math.floor(random() * 200);
          // Drawn in this order, as before searches were stored in chunks: the same data set.
          const tab = TABS[Math.floor(random() * TABS.length)] as string;
          const page = random() < 0.9 ? 1 : 2;
          const latencyMs = 0.3 + random() * 3;
          const visitorId = visitors[Math.floor(random() * visitors.length)] as string;
          const id = batch.add({
            ...target,
            at: new Date(at),
            engineType: 'kw',
            query: queryText(k),
            tab,
            filters: null,
            page,
            resultCount,
            latencyMs,
            visitorId,
          });
          if (resultCount > 0 && clicks + clicked.length < CLICKS && random() < clickShare) {
            const n = random() < 0.1 ? 2 : 1;
            for (let c = 0; c < n; c++) {
              // Most clicks on the first results.
              const position = 1 + Math.min(Math.floor(-Math.log(1 - random()) * 2.5), 19);
              clicked.push({
                clientId: target.clientId,
                searchId: id,
                at: new Date(at + 5_000 + c * 20_000),
                url: `https://docs.example.test/${tab}/${k % 5000}/${position}`,
                position,
                visitorId,
              });
            }
          }
        }
        searches += await insertSearchBatch(db, batch);
        // As the recorder does: tables vacuumed and analysed before the first clicks and every 100k
        // searches.
        if (searches - maintainedAt >= MAINTAIN_EVERY_ROWS || maintainedAt < 0) {
          maintainedAt = searches;
          await maintainSearchTables(db);
        }
        for (let c = 0; c < clicked.length; c += BATCH)
          clicks += await insertSearchClicks(db, clicked.slice(c, c + BATCH));
      }
    }
    const ms = performance.now() - started;
    // Ninety days of recording reach the reports with their statistics current: PGlite's from the
    // recorder's maintenance (above), a PostgreSQL server's from autovacuum, which a bulk load this
    // fast can outrun (one run's first top-queries calls took 1.4 s, planned without statistics,
    // until autovacuum's ANALYZE came). So the load ends with that ANALYZE, as the days would.
    if (db.kind === 'postgres') await db.query('ANALYZE');
    const count = async (table: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1 AND client_id = $2`,
          [target.accountId, target.clientId],
        )
      ).rows[0]?.n ?? 0;
    return {
      searches,
      clicks,
      ms,
      rowsPerSecond: ((searches + clicks) / ms) * 1000,
      rollupRows: {
        days: await count('analytics_days'),
        queries: await count('analytics_day_queries'),
        urls: await count('analytics_day_urls'),
        visitors: await count('analytics_day_visitors'),
      },
    };
  } finally {
    await db.close();
  }
}
