/**
 * `pnpm bench:crawl-report`: the crawl report at 100k URLs alone (crawl-report-bench.ts), on PGlite
 * (and on PostgreSQL when DATABASE_URL is set), in more detail than `pnpm bench` shows: p50, p99 and
 * the ratio to GET /config.json per case. Prints a table, then JSON. A benchmark, not a test: it
 * exits 0 when the target is missed. Options: --only=pglite|postgres, --calls=N.
 */
import { parseArgs } from 'node:util';
import { measureCrawlReport, TARGET_P50_MS, type Timing, URLS } from './crawl-report-bench.ts';
import { closeConnections } from './http-client.ts';

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, calls: { type: 'string', default: '40' } },
});
const CALLS = Number(args.calls);

const databaseUrl = process.env.DATABASE_URL;
const dbs = (['pglite', 'postgres'] as const).filter(
  (db) => (db === 'pglite' || databaseUrl) && (!args.only || args.only === db),
);
const results: Record<string, Timing[]> = {};
for (const db of dbs) results[db] = await measureCrawlReport(db, databaseUrl, CALLS);
closeConnections();

for (const [db, timings] of Object.entries(results)) {
  const baseline = timings[0]?.p50 ?? Number.NaN;
  console.log(`\nCrawl report at ${URLS.toLocaleString('en')} URLs on ${db} (${CALLS} calls each)`);
  console.log(
    `${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'× base'.padStart(7)} total`,
  );
  for (const t of timings) {
    const target = t.targetMs ?? TARGET_P50_MS;
    const mark = t.total === null ? '' : t.p50 <= target ? ' ok' : ` MISSED (target p50 ≤ ${target} ms)`;
    console.log(
      `${t.name.padEnd(40)} ${t.p50.toFixed(1).padStart(8)} ${t.p99.toFixed(1).padStart(8)} ${(t.p50 / baseline).toFixed(1).padStart(7)} ${t.total ?? ''}${mark}`,
    );
  }
}
console.log(JSON.stringify({ urls: URLS, calls: CALLS, targetP50Ms: TARGET_P50_MS, results }, null, 2));
