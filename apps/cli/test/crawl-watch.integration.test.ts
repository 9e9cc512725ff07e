import type { ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import type { Actor } from '@siteseer/test-support';
import { completeWork, endRun, findCrawler, takeWork } from '@siteseer/test-support/crawl-store';
import { describe, expect, it, vi } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { cliEnv, json, startCli } from './run-cli.ts';

// `crawl watch` run as a process (no terminal) against the real API, while the test plays the crawl
// loop's part through the store: it fetches URLs one by one and ends the run.

const suite = cliSuite();
const { as } = suite;

/** A keyword engine of account A crawling `count` URLs (all Created); its id. */
async function crawlingEngine(name: string, count: number): Promise<string> {
  const urls = Array.from({ length: count }, (_, i) => ['--url', `https://watch.example.com/page-${i}`]);
  const created = await as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    name,
    ...urls.flat(),
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
  return json(created).engineId;
}

/** The crawl loop's part: the next waiting URL is fetched with `status`. */
async function fetchNext(engineId: string, status: 3 | 4): Promise<void> {
  const { server, accountA } = suite.tenants;
  const lease = { accountId: accountA, engineId, owner: 'test' };
  const [url] = await takeWork(server.store, { ...lease, leaseMs: 60_000, limit: 1 });
  if (!url) throw new Error('No URL is waiting.');
  expect(await completeWork(server.store, { ...lease, id: url.id }, { status })).toBe(true);
}

/** The crawl loop's part: the crawl's run ends. */
async function endCrawl(engineId: string, state: 'finished' | 'failed'): Promise<void> {
  const { server, accountA } = suite.tenants;
  const crawler = await findCrawler(server.store, accountA, engineId);
  expect(await endRun(server.store, accountA, engineId, crawler?.runId ?? 0, state)).toBe(true);
}

/** `crawl watch` running: what it printed so far, a wait for a line, and its exit code. */
function watch(who: Actor, args: string[]) {
  const child: ChildProcess = startCli(
    ['crawl', 'watch', ...args],
    cliEnv(suite.configDir, suite.envOf(who)),
    suite.work,
  );
  const printed = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    printed.stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed.stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    printed,
    exited,
    lines: () => printed.stdout.split('\n').filter((line) => line !== ''),
    /** Waits until the last line printed contains `text` (the watch polls every 0.1 s). */
    async printedLine(text: string): Promise<void> {
      const last = () => printed.stdout.trimEnd().split('\n').at(-1) ?? '';
      await vi.waitFor(() => expect(last()).toContain(text), { timeout: 30_000, interval: 50 });
    },
  };
}

const RATE = String.raw`  \d+\.\d pages/s`;

describe('crawl watch', () => {
  it('given a crawl that fetches its URLs and finishes, then one line per change and exit 0', async () => {
    const engineId = await crawlingEngine('Watched docs', 3);
    const watcher = watch(suite.tenants.userA, ['Watched docs', '--interval', '0.1']);
    await watcher.printedLine('crawling  0/3 fetched');
    await fetchNext(engineId, 3);
    await watcher.printedLine('crawling  1/3 fetched  Success 1  ');
    // Several polls see no change meanwhile: they print nothing.
    await delay(600);
    await fetchNext(engineId, 4);
    await watcher.printedLine('crawling  2/3 fetched  Success 1 · 404 1  ');
    await fetchNext(engineId, 3);
    await watcher.printedLine('crawling  3/3 fetched  Success 2 · 404 1  ');
    await endCrawl(engineId, 'finished');

    expect(await watcher.exited, watcher.printed.stderr).toBe(0);
    const expected = [
      'crawling  0/3 fetched',
      `crawling  1/3 fetched  Success 1${RATE}`,
      `crawling  2/3 fetched  Success 1 · 404 1${RATE}`,
      `crawling  3/3 fetched  Success 2 · 404 1${RATE}`,
      `finished  3/3 fetched  Success 2 · 404 1${RATE}`,
    ];
    expect(watcher.lines()).toHaveLength(expected.length);
    watcher.lines().forEach((line, i) => {
      expect(line).toMatch(new RegExp(`^${expected[i]}$`));
    });
    expect(watcher.printed.stderr).toBe('✓ The crawl of Watched docs finished: 3 of 3 URL(s) fetched.\n');
  });

  it('given a crawl stopped while watched, then exit 1 saying it was stopped', async () => {
    const engineId = await crawlingEngine('Stopped docs', 2);
    const watcher = watch(suite.tenants.ownerA, [engineId, '--interval', '0.1']);
    await fetchNext(engineId, 3);
    await watcher.printedLine('crawling  1/2 fetched');
    expect((await as(suite.tenants.ownerA, ['crawl', 'stop', engineId])).code).toBe(0);

    expect(await watcher.exited).toBe(1);
    expect(watcher.lines().at(-1)).toMatch(/^stopped {3}1\/2 fetched {2}Success 1 · Interrupted 1/);
    expect(watcher.printed.stderr).toBe(
      `error: The crawl of Stopped docs was stopped before it finished: 1 of 2 URL(s) fetched. \`siteseer crawl start ${engineId}\` resumes it.\n`,
    );
  });

  it('given --json and a crawl that fails, then one JSON object a change and exit 1 saying it failed', async () => {
    const engineId = await crawlingEngine('Failing docs', 2);
    const watcher = watch(suite.tenants.ownerA, ['Failing docs', '--json', '--interval', '0.1']);
    await watcher.printedLine('{"state":"crawling"');
    await fetchNext(engineId, 4);
    await watcher.printedLine('{"state":"crawling","known":2,"fetched":1');
    await endCrawl(engineId, 'failed');

    expect(await watcher.exited).toBe(1);
    const records = watcher.lines().map((line) => JSON.parse(line));
    expect(records.map((record) => [record.state, record.fetched, record.counts['404']])).toEqual([
      ['crawling', 0, 0],
      ['crawling', 1, 1],
      ['failed', 1, 1],
    ]);
    expect(records[0]).toMatchObject({ known: 2, pagesPerSecond: null, counts: { Created: 2 } });
    expect(watcher.printed.stderr).toContain(
      'error: The crawl of Failing docs failed: 1 of 2 URL(s) fetched.',
    );
  });

  it('given Ctrl-C, then the watch exits 130 with a note and the crawl goes on', async () => {
    const engineId = await crawlingEngine('Interrupted watch', 1);
    const watcher = watch(suite.tenants.ownerA, [engineId, '--interval', '0.1']);
    await watcher.printedLine('crawling  0/1 fetched');
    watcher.child.kill('SIGINT');

    expect(await watcher.exited).toBe(130);
    expect(watcher.printed.stderr).toBe(
      `Stopped watching; the crawl goes on. \`siteseer crawl stop ${engineId}\` stops it.\n`,
    );
    const report = json(await as(suite.tenants.ownerA, ['crawl', 'report', engineId, '--json']));
    expect(report.state).toBe('crawling');
  });

  it('given another account’s engine, a missing one or a bad --interval, then it refuses before watching', async () => {
    const engineId = await crawlingEngine('Private docs', 1);
    const other = await as(suite.tenants.ownerB, ['crawl', 'watch', engineId]);
    expect([other.code, other.stdout, other.stderr]).toEqual([
      1,
      '',
      expect.stringContaining(`No engine '${engineId}'`),
    ]);
    const missing = await as(suite.tenants.ownerA, ['crawl', 'watch', 'No such engine']);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      expect.stringContaining("No engine 'No such engine'"),
    ]);
    const bad = await as(suite.tenants.ownerA, ['crawl', 'watch', engineId, '--interval', '0']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringContaining('--interval must be a number of seconds'),
    ]);
  });
});
