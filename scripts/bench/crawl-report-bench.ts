/**
 * The crawl report at 100k URLs: a keyword engine with its crawler, 100,000 frontier rows loaded
 * with COPY, then report calls over HTTP (first, middle and last pages; filters that match one URL,
 * a tenth, all or none; a status filter) timed against GET /config.json in the same run.
 * Target: p50 ≤ 20 ms. Used by `pnpm bench` (crawl section) and `pnpm bench:crawl-report`.
 */
import { startTestServer, type TestServer } from '@siteseer/test-support';
import { discoverPortalClient, portalSignIn } from '@siteseer/test-support/sign-in';
import { chunkLines, csvCopyLine } from '@siteseer/test-support/store';
import { request } from './http-client.ts';
import { log } from './report.ts';

export const URLS = 100_000;
export const TARGET_P50_MS = 20;
/** A stop of a crawl whose frontier holds 100k URLs answers within 2 s (ADR 0036). */
const STOP_TARGET_MS = 2_000;
/** The crawl report's code for a URL the stop left unfetched (core's CRAWL_STATUS.INTERRUPTED). */
const INTERRUPTED = 8;
/** Calls timed per case (after one warm-up call). */
const CALLS = 40;
const SECTIONS = [
  'products',
  'docs',
  'blog',
  'support',
  'news',
  'category',
  'item',
  'guide',
  'press',
  'events',
];
/** A crawl's mix of statuses: mostly fetched, some redirects, 404s, waiting and failed URLs. */
const STATUS_MIX = [3, 3, 3, 3, 3, 4, 5, 9, 0, 10];

function frontierUrl(i: number): string {
  return `https://www.example-shop.com/${SECTIONS[i % 10]}/${SECTIONS[(i * 7) % 10]}-${i % 997}/page-${i}.html`;
}

function* frontierLines(accountId: string, engineId: string): Generator<string> {
  const checked = new Date().toISOString();
  for (let i = 0; i < URLS; i++) {
    const url = frontierUrl(i);
    const status = STATUS_MIX[i % 10] as number;
    const done = status !== 0 && status !== 9;
    yield csvCopyLine([
      accountId,
      engineId,
      url,
      url,
      'https://www.example-shop.com/',
      status,
      1 + (i % 5),
      done ? checked : null,
      done ? checked : null,
    ]);
  }
}

/** One case of the report call: its latency over the calls, and the URLs it matched. */
export interface Timing {
  name: string;
  p50: number;
  p99: number;
  total: number | null;
  /** The p50 target when it is not the report's TARGET_P50_MS. */
  targetMs?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(
  calls: number,
  name: string,
  call: (i: number) => Promise<{ status: number; text: string; ms: number }>,
  before: (i: number) => Promise<unknown> = async () => {},
): Promise<Timing> {
  const ms: number[] = [];
  let total: number | null = null;
  await call(-1); // warm-up
  for (let i = 0; i < calls; i++) {
    await before(i);
    const answer = await call(i);
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text.slice(0, 300)}`);
    total = (JSON.parse(answer.text) as { hits?: { total: { value: number } } }).hits?.total.value ?? null;
    ms.push(answer.ms);
  }
  ms.sort((a, b) => a - b);
  return { name, p50: percentile(ms, 50), p99: percentile(ms, 99), total };
}

async function benchServer(server: TestServer, calls: number): Promise<Timing[]> {
  const credentials = server.credentials;
  if (!credentials) throw new Error('A fresh server prints its demo logins');
  const client = await discoverPortalClient(
    server.config.identity.issuer,
    server.config.identity.portalClientId,
  );
  const { access_token: token } = await portalSignIn(
    client,
    server.base,
    credentials.owner.email,
    credentials.owner.password,
  );
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await request(`${server.base}/api/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text);
  };
  const accountId = (await call('GET', 'accounts'))[0].id as string;
  const engine = await call('POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId,
    searchEngineName: 'Report bench',
    urls: ['https://www.example-shop.com/'],
  });
  const engineId = engine.documentId as string;
  await call('POST', 'datasource/crawler', { accountId, engineId, recreate: true });
  // The start URL the call queued is replaced by the loaded frontier.
  await server.store.query('DELETE FROM crawl_urls WHERE account_id = $1 AND engine_id = $2', [
    accountId,
    engineId,
  ]);
  const loadStarted = performance.now();
  await server.store.copyFrom(
    `COPY crawl_urls (account_id, engine_id, url, url_key, site, status, depth, last_check, next_check)
     FROM STDIN WITH (FORMAT csv)`,
    chunkLines(frontierLines(accountId, engineId)),
  );
  log(
    `${server.store.kind}: ${URLS} frontier rows loaded in ${Math.round(performance.now() - loadStarted)} ms`,
  );

  const report = (body: Record<string, unknown>) => () =>
    request(`${server.base}/api/datasource/crawler/report`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accountId, engineId, resultSize: 10, ...body }),
    });
  const timings = [
    await time(calls, 'baseline GET /config.json', () => request(`${server.base}/config.json`)),
    await time(calls, 'page 1', report({ fromIndex: 0 })),
    await time(calls, 'page 5,000 (middle)', report({ fromIndex: 49_990 })),
    await time(calls, 'page 10,000 (last)', report({ fromIndex: 99_990 })),
    await time(calls, "filter 'page-4242' (11 URLs)", report({ searchTerm: 'page-4242' })),
    await time(calls, "filter 'products' (a tenth), page 1", report({ searchTerm: 'products' })),
    await time(calls, "filter 'products', last page", report({ searchTerm: 'products', fromIndex: 9_990 })),
    await time(
      calls,
      "filter 'example' (all), middle page",
      report({ searchTerm: 'example', fromIndex: 50_000 }),
    ),
    await time(calls, "filter 'zzzz' (none)", report({ searchTerm: 'zzzz' })),
    await time(calls, 'status 404, middle page', report({ status: 4, fromIndex: 5_000 })),
    // A new filter every call: none is answered from the previous call's matches.
    await time(calls, 'a new filter every call', (i) =>
      report({ searchTerm: `${SECTIONS[(i + 10) % 10]}-${(i * 37 + 997) % 997}/` })(),
    ),
    // One URL's status changes before each call (a crawl running): the copy catches up first.
    await time(calls, 'page 5,000 with a write before each call', report({ fromIndex: 49_990 }), (i) =>
      server.store.query(
        `UPDATE crawl_urls SET status = 6, last_check = now()
         WHERE account_id = $1 AND engine_id = $2 AND url_key = $3`,
        [accountId, engineId, frontierUrl(i * 3_001)],
      ),
    ),
  ];
  // Last, as it ends the crawl: the stop (one call, it cannot be repeated), then the report of
  // the URLs it left Interrupted, whose first call (the warm-up) reads the stopped crawl anew.
  const stopStarted = performance.now();
  const stopped = await call('POST', 'datasource/crawler/stop', { accountId, engineId });
  const stopMs = performance.now() - stopStarted;
  timings.push({
    name: 'stop the crawl',
    p50: stopMs,
    p99: stopMs,
    total: stopped.interrupted as number,
    targetMs: STOP_TARGET_MS,
  });
  timings.push(await time(calls, 'status Interrupted after the stop', report({ status: INTERRUPTED })));
  return timings;
}

/**
 * The report call at 100k URLs on one database: the API in this process (the rows are loaded
 * straight into its store), the first case being the HTTP floor (GET /config.json).
 */
export async function measureCrawlReport(
  db: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  calls = CALLS,
): Promise<Timing[]> {
  // The harness picks PostgreSQL when DATABASE_URL is set, PGlite in memory otherwise.
  if (db === 'pglite') delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
  log(`${db}: starting the server (report at ${URLS.toLocaleString('en')} URLs)`);
  const server = await startTestServer();
  try {
    return await benchServer(server, calls);
  } finally {
    await server.close();
    if (databaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = databaseUrl;
  }
}
