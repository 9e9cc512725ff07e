import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { BIN, cliEnv, json, runCli } from './run-cli.ts';

// `siteseer analytics` end to end: a keyword engine crawls a site served here, visitors search it
// and click a result through the public search calls (as the widget does), the API records them in
// batches, and the CLI reads the reports back. Every figure below follows from the searches made.

const suite = cliSuite({ env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
const as = suite.as;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const PAGES: Record<string, string> = {
  '/': page('Bakery', '<p>Fresh bread.</p><a href="/sourdough">Sourdough</a> <a href="/rye">Rye</a>'),
  '/sourdough': page('Sourdough loaf', '<p>A sourdough loaf baked with a long rise and a dark crust.</p>'),
  '/rye': page('Rye bread', '<p>Dense rye bread with caraway, and a sourdough starter too.</p>'),
};

let site: Server;
let origin: string;
let clientId: string;
let engineId: string;
const today = new Date().toISOString().slice(0, 10);

/** A visitor's keyword search through the public call; answers the search id. */
async function visitorSearch(
  q: string,
): Promise<{ searchId: string; hits: { url: string; position: number }[] }> {
  const response = await fetch(
    `${suite.tenants.server.base}/search/${clientId}/keyword?${new URLSearchParams({ q, tab: 'all', page: '1' })}`,
    { headers: { 'user-agent': 'AnalyticsCliTest/1' } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { searchId: string; hits: { url: string; position: number }[] };
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const html = PAGES[req.url ?? ''];
    if (html === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;

  const config = join(suite.work, 'crawler.json');
  await writeFile(config, JSON.stringify({ pageLoadDelay: '0ms', crawlFrequency: '24h' }));
  const created = await as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    'Bakery search',
    '--url',
    `${origin}/`,
    '--config',
    config,
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
  ({ engineId, clientId } = json(created));
  const watched = await as(suite.tenants.ownerA, ['crawl', 'watch', 'Bakery search', '--interval', '0.2']);
  expect(watched.code, watched.stderr).toBe(0);

  // 3 × sourdough (2 results; the first clicked at position 2), 1 × rye, 2 × croissant (none).
  const first = await visitorSearch('sourdough');
  await visitorSearch('Sourdough');
  await visitorSearch('sourdough ');
  await visitorSearch('rye');
  await visitorSearch('croissant');
  await visitorSearch('croissant');
  const clicked = first.hits.find((hit) => hit.position === 2);
  expect(clicked).toBeDefined();
  const click = await fetch(`${suite.tenants.server.base}/search/${clientId}/click`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ searchId: first.searchId, url: clicked?.url, position: 2 }),
  });
  expect(click.status).toBe(204);

  // Recording is batched (at most a second): wait until the report has every search and the click.
  const until = Date.now() + 10_000;
  for (;;) {
    const r = json(await as(suite.tenants.ownerA, ['analytics', 'Bakery search', '--json']));
    if (r.summary.searches === 6 && r.summary.clicks === 1) break;
    if (Date.now() > until) throw new Error(`Recorded: ${JSON.stringify(r.summary)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
/** The CLI run as the owner on a terminal (a pseudo-terminal from util-linux `script`): its text. */
async function onTerminal(args: string[]): Promise<string> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const env = cliEnv(suite.configDir, {
    ...suite.envOf(suite.tenants.ownerA),
    NO_COLOR: '1',
    COLUMNS: '120',
  });
  const child = spawn('script', ['-qec', quoted, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code, text).toBe(0);
  return text.replaceAll('\r\n', '\n');
}

afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('siteseer analytics', () => {
  it('given the searches and the click, then the summary counts them on today', async () => {
    const result = await as(suite.tenants.ownerA, ['analytics', 'Bakery search']);
    expect(result.code, result.stderr).toBe(0);
    const answer = json(result);
    expect(answer).toMatchObject({ report: 'summary', engineId, clientId, to: today });
    expect(answer.summary).toMatchObject({
      searches: 6,
      zeroResultSearches: 2,
      zeroResultRate: 2 / 6,
      visitors: 1,
      clicks: 1,
      clickedSearches: 1,
      clickThroughRate: 1 / 6,
      averageClickPosition: 2,
    });
    expect(answer.days).toHaveLength(30);
    expect(answer.days.at(-1)).toEqual({
      day: today,
      searches: 6,
      zeroResultSearches: 2,
      visitors: 1,
      clicks: 1,
      clickedSearches: 1,
    });
  });

  it('given a terminal, then one line says which days had no searches, not 29 rows of zeros', async () => {
    const lines = (await onTerminal(['analytics', 'Bakery search', '--period', '30d'])).trimEnd().split('\n');
    const first = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    expect(lines.filter((line) => /^\d{4}-\d\d-\d\d\s/.test(line))).toEqual([
      expect.stringMatching(new RegExp(`^${today}\\s+6\\s+2\\s+1\\s+1$`)),
    ]);
    expect(lines.at(-1)).toBe(`No searches on 29 days: ${first} to ${yesterday}.`);
  });

  it('given a search made with `siteseer search`, then the reports leave it out; --include-cli counts it', async () => {
    const searched = await as(suite.tenants.ownerA, ['search', 'Bakery search', 'croissant']);
    expect(searched.code, searched.stderr).toBe(0);
    const summary = async (args: string[]) =>
      json(await as(suite.tenants.ownerA, ['analytics', 'Bakery search', ...args])).summary;
    const until = Date.now() + 15_000;
    while ((await summary(['--include-cli'])).searches !== 7) {
      if (Date.now() > until) throw new Error('The CLI search was not recorded');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await summary(['--include-cli'])).toMatchObject({
      searches: 7,
      zeroResultSearches: 3,
      visitors: 1,
      clicks: 1,
      clickThroughRate: 1 / 7,
    });
    expect(await summary([])).toMatchObject({ searches: 6, zeroResultSearches: 2, visitors: 1 });
    const zero = json(
      await as(suite.tenants.ownerA, ['analytics', 'Bakery search', '--report', 'zero-results']),
    );
    expect(zero.queries.map((q: { query: string; searches: number }) => [q.query, q.searches])).toEqual([
      ['croissant', 2],
    ]);
  });

  it('given the list reports, then top queries, zero-result queries and clicked results', async () => {
    const top = json(
      await as(suite.tenants.ownerA, [
        'analytics',
        'Bakery search',
        '--report',
        'top-queries',
        '--period',
        '7d',
      ]),
    );
    expect(top.queries.map((q: { query: string; searches: number }) => [q.query, q.searches])).toEqual([
      ['sourdough', 3],
      ['croissant', 2],
      ['rye', 1],
    ]);
    expect(top.queries[0]).toMatchObject({ clicks: 1, clickThroughRate: 1 / 3, averageClickPosition: 2 });
    const zero = json(
      await as(suite.tenants.ownerA, [
        'analytics',
        'Bakery search',
        '--report',
        'zero-results',
        '--from',
        today,
        '--to',
        today,
      ]),
    );
    expect([zero.from, zero.to, zero.queries.map((q: { query: string }) => q.query)]).toEqual([
      today,
      today,
      ['croissant'],
    ]);
    const clicks = json(
      await as(suite.tenants.ownerA, ['analytics', engineId, '--report', 'clicks', '--json']),
    );
    expect(clicks.results).toEqual([
      { url: expect.stringMatching(new RegExp(`^${origin}/`)), clicks: 1, averageClickPosition: 2 },
    ]);
  });

  it('given a period before the searches, then zeros; given bad options, then exit 2 before any call', async () => {
    const before = json(
      await as(suite.tenants.ownerA, [
        'analytics',
        'Bakery search',
        '--from',
        '2020-01-01',
        '--to',
        '2020-01-31',
      ]),
    );
    expect(before.summary).toMatchObject({ searches: 0, zeroResultRate: null, clickThroughRate: null });
    const bad = await as(suite.tenants.ownerA, ['analytics', 'Bakery search', '--from', '2020-13-01']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "error: --from must be a date written YYYY-MM-DD (got '2020-13-01').\n",
    ]);
  });

  it('given an API key, then ENGINE is an id of its account: a name is refused naming the id', async () => {
    const { key } = json(
      await as(suite.tenants.ownerA, [
        'apikey',
        'new',
        '--account',
        suite.tenants.accountA,
        '--yes',
        '--json',
      ]),
    );
    const withKey = (args: string[]) =>
      runCli(args, {
        configDir: suite.configDir,
        env: { SITESEER_SERVER: suite.tenants.server.base, SITESEER_API_KEY: key },
      });
    const byId = await withKey(['analytics', engineId, '--json']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(json(byId)).toMatchObject({ engineId });
    const byName = await withKey(['analytics', 'Bakery search']);
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain("An API key needs the engine's id, not its name");
    expect(byName.stderr).toContain(engineId);
    const unknown = await withKey(['analytics', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No engine with the id '00000000-0000-4000-8000-000000000000'");
  });

  it("given another account's owner, then the engine is not theirs to read", async () => {
    const byName = await as(suite.tenants.ownerB, ['analytics', 'Bakery search']);
    expect([byName.code, byName.stdout]).toEqual([1, '']);
    expect(byName.stderr).toContain("No engine 'Bakery search'.");
    const byId = await as(suite.tenants.ownerB, ['analytics', engineId, '--account', suite.tenants.accountA]);
    expect(byId.code).toBe(1);
  });
});
