/**
 * The cli section of `pnpm bench` (`pnpm bench:cli`): `siteseer search ENGINE QUERY --json` run
 * from a script, again and again (issue 39, target: median ≤ 300 ms). The server as `pnpm start`
 * runs it, a keyword engine crawled from a generated site of 200 pages on 127.0.0.1 and a
 * parametric engine published from a CSV, both made over the API. Then, each run a child process
 * with no TTY (stdin ignored, stdout and stderr piped), as a person with SITESEER_TOKEN and a config
 * dir of its own:
 * - `search` of each engine, `--cli-runs` times (default 20) after one warm-up run (which fills
 *   Node's compile cache and keeps the engine's look-up): the median and p95;
 * - `search` with the look-up not kept yet (a fresh config dir each run, 5 runs): the median;
 * - the baselines, in the same run: `node -e 0` (Node's own start) and a Node script that fetches
 *   the same keyword search and prints it (what any Node client of the public search pays);
 * - the CLI's peak memory (its maxRSS, reported at exit by a preloaded one-line module, in runs of
 *   their own so that the timed runs load nothing more).
 * Figures from a busy machine are noisy: run.ts prints the load average beside them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCrawlSite } from './crawl-site.ts';
import { createKeywordEngine, startCrawl, trySearch } from './keyword-engine.ts';
import { type Latency, latency } from './load.ts';
import { type Db, place } from './place.ts';
import { type Line, log } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { ingest, ownerApiKey, signIn } from './session.ts';

export const CLI_RUNS = 20;
const SITE_PAGES = 200;
const LOOKUP_RUNS = 5;
const MEMORY_RUNS = 3;
const TARGET_MS = 300;
/** The CLI as a script runs it: its package's bin (a path, not an import: scripts import no app). */
const BIN = fileURLToPath(new URL('../../apps/cli/src/bin.js', import.meta.url));
/** Prints the process's peak resident set (KiB) on file descriptor 3 when it exits. */
const MAX_RSS = `data:text/javascript,import{writeSync}from'node:fs';process.on('exit',()=>writeSync(3,String(process.resourceUsage().maxRSS)))`;

export interface CliResults {
  runs: number;
  /** `search --json` of the keyword engine, its look-up kept. */
  keyword: Latency;
  /** `search --json` of the parametric engine (its configuration and query sent together). */
  parametric: Latency;
  /** `search --json` of the keyword engine with no look-up kept (engines list, client, search). */
  lookingUp: Latency;
  /** `node -e 0`. */
  nodeStart: Latency;
  /** A Node script that fetches the same keyword search and prints it. */
  nodeFetch: Latency;
  /** The CLI's peak resident set over its memory runs, MB. */
  peakMb: number;
}

interface Run {
  ms: number;
  stdout: string;
  /** What the child wrote on descriptor 3 (the memory runs' maxRSS). */
  fd3: string;
}

/** Runs `node args` to its end with stdin closed and no TTY; throws unless it exits 0. */
function runNode(args: string[], env: Record<string, string>, nodeOptions: string[] = []): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let fd3 = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
    fd3 += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ ms, stdout, fd3 });
      else reject(new Error(`node ${args.join(' ')} exited ${code}:\n${stderr.slice(-2000)}`));
    });
  });
}

/** The environment of the CLI's runs: the server, the token, a config dir, no keyring, no colour. */
function cliEnv(base: string, token: string, configDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: configDir,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    SITESEER_SERVER: base,
    SITESEER_TOKEN: token,
    SITESEER_CONFIG_DIR: configDir,
    SITESEER_NO_KEYRING: '1',
  };
}

/** `runs` timed runs of `args`, in turn. */
async function timed(runs: number, args: string[], env: () => Record<string, string>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push((await runNode(args, env())).ms);
  return ms;
}

async function benchOne(db: Db, databaseUrl: string | undefined, runs: number): Promise<CliResults> {
  const where = await place(db, databaseUrl);
  const site = await startCrawlSite(SITE_PAGES);
  const configDirs: string[] = [];
  const freshConfigDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'siteseer-bench-cli-'));
    configDirs.push(dir);
    return dir;
  };
  try {
    const server = await ServerProcess.start({
      dataDir: where.dataDir,
      ...(where.database ? { database: where.database } : {}),
      env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' },
    });
    try {
      log(`${db}: cli: a keyword engine of ${SITE_PAGES} pages and a parametric engine`);
      const keyword = await createKeywordEngine(server, 'Bench CLI docs', site.url);
      await startCrawl(keyword, site.url);
      while ((await trySearch(server.base, keyword.clientId, 'search')).total === 0) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const token = await signIn(server.base, server.owner);
      const rows = Array.from({ length: 200 }, (_, i) => `SKU-${i},search part ${i},${i}.50`).join('\n');
      await ingest(
        server.base,
        await ownerApiKey(server.base, token),
        { name: 'parts.csv', bytes: new TextEncoder().encode(`SKU,Name,Price\n${rows}\n`) },
        { newEngine: 'Bench CLI parts' },
      );

      const configDir = freshConfigDir();
      const env = () => cliEnv(server.base, token, configDir);
      const keywordArgs = [BIN, 'search', 'Bench CLI docs', 'search', 'engine', '--json'];
      const parametricArgs = [BIN, 'search', 'Bench CLI parts', 'search', '--json'];
      const answered = JSON.parse((await runNode(keywordArgs, env())).stdout) as { total: number };
      if (answered.total === 0) throw new Error('The keyword search found nothing');
      await runNode(parametricArgs, env());

      log(`${db}: cli: ${runs} runs of each search, then the baselines`);
      const keywordMs = await timed(runs, keywordArgs, env);
      const parametricMs = await timed(runs, parametricArgs, env);
      const lookingUpMs = await timed(LOOKUP_RUNS, keywordArgs, () =>
        cliEnv(server.base, token, freshConfigDir()),
      );
      const nodeStartMs = await timed(runs, ['-e', '0'], env);
      const url = `${server.base}/search/${keyword.clientId}/keyword?q=search+engine`;
      const fetchScript = 'const r = await fetch(process.argv[1]); process.stdout.write(await r.text());';
      const nodeFetchMs = await timed(runs, ['--input-type=module', '-e', fetchScript, url], env);

      let peakKb = 0;
      for (let i = 0; i < MEMORY_RUNS; i++) {
        const run = await runNode(keywordArgs, env(), [`--import=${MAX_RSS}`]);
        peakKb = Math.max(peakKb, Number(run.fd3));
      }
      return {
        runs,
        keyword: latency(keywordMs),
        parametric: latency(parametricMs),
        lookingUp: latency(lookingUpMs),
        nodeStart: latency(nodeStartMs),
        nodeFetch: latency(nodeFetchMs),
        peakMb: peakKb / 1024,
      };
    } finally {
      await server.stop();
    }
  } finally {
    for (const dir of configDirs) rmSync(dir, { recursive: true, force: true });
    await site.close();
    await where.remove();
  }
}

function lines(db: Db, r: CliResults): Line[] {
  const target = { max: TARGET_MS, label: `≤ ${TARGET_MS} ms` };
  const fetchBaseline = { name: 'node fetch', value: r.nodeFetch.p50 };
  return [
    {
      db,
      metric: `cli search --json, keyword, median of ${r.runs}`,
      value: r.keyword.p50,
      unit: 'ms',
      target,
      baseline: fetchBaseline,
    },
    { db, metric: 'cli search --json, keyword, p95', value: r.keyword.p95, unit: 'ms' },
    {
      db,
      metric: `cli search --json, parametric, median of ${r.runs}`,
      value: r.parametric.p50,
      unit: 'ms',
      target,
      baseline: fetchBaseline,
    },
    {
      db,
      metric: `cli search --json, engine looked up, median of ${r.lookingUp.n}`,
      value: r.lookingUp.p50,
      unit: 'ms',
      baseline: { name: 'kept', value: r.keyword.p50 },
    },
    {
      db,
      metric: 'node fetch of the keyword search (child process), median',
      value: r.nodeFetch.p50,
      unit: 'ms',
      baseline: { name: 'node -e 0', value: r.nodeStart.p50 },
    },
    { db, metric: 'node -e 0 (child process), median', value: r.nodeStart.p50, unit: 'ms' },
    { db, metric: 'cli search peak RSS', value: r.peakMb, unit: 'MB' },
  ];
}

/** Runs the section on each database. */
export async function benchCli(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  runs = CLI_RUNS,
): Promise<{ results: Partial<Record<Db, CliResults>>; lines: Line[] }> {
  const results: Partial<Record<Db, CliResults>> = {};
  const all: Line[] = [];
  for (const db of dbs) {
    const r = await benchOne(db, databaseUrl, runs);
    results[db] = r;
    all.push(...lines(db, r));
  }
  return { results, lines: all };
}
