import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createEngine, keywordDraft } from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { json } from './run-cli.ts';

// `siteseer search` on a keyword engine, end to end: the CLI creates the engine for a site served
// here on 127.0.0.1, the API's crawl loop crawls and publishes it (`crawl watch` waits for that),
// then the CLI searches it through its client's public search (GET /search/{id}/keyword).

const suite = cliSuite({ env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
const as = suite.as;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

// 'glacier' is the subject of /glacier (title, heading, body), is said once on /trips, and is on
// neither / nor /cooking: the ranking must put /glacier first and leave the others out.
const PAGES: Record<string, string> = {
  '/': page(
    'Trail notes',
    '<p>Notes from the trail.</p><a href="/glacier">Ice walks</a> <a href="/trips">Trips</a> <a href="/cooking">Cooking</a>',
  ),
  '/glacier': page(
    'Glacier hiking guide',
    '<p>A glacier crossing needs a rope, crampons and a guide. Glacier walks start early, before the ' +
      'sun softens the snow bridges.</p><p>Read the glacier forecast &amp; check the crevasse maps.</p>',
  ),
  '/trips': page(
    'Summer trips',
    '<p>We walked by the lake, slept in the forest and one day hiked near a glacier. The rest of the ' +
      'summer was spent on ridges, in huts and on long valley roads with friends and their dogs.</p>',
  ),
  '/cooking': page('Camp cooking', '<p>Stoves, pots and a good knife: camp meals for long days.</p>'),
};

let site: Server;
let origin: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    const html = PAGES[req.url ?? ''];
    if (html === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('siteseer search (keyword)', () => {
  beforeAll(async () => {
    const config = join(suite.work, 'crawler.json');
    await writeFile(config, JSON.stringify({ pageLoadDelay: '0ms', crawlFrequency: '24h' }));
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      'Trail notes',
      '--url',
      `${origin}/`,
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const watched = await as(suite.tenants.ownerA, ['crawl', 'watch', 'Trail notes', '--interval', '0.2']);
    expect(watched.code, watched.stderr).toBe(0);
  });

  it('given a word, then the pages holding it in rank order, as JSON when piped, with marked snippets', async () => {
    const result = await as(suite.tenants.ownerA, ['search', 'Trail notes', 'glacier']);
    expect(result.code, result.stderr).toBe(0);
    const answer = json(result);
    expect(answer.total).toBe(2);
    expect(answer.page).toBe(1);
    expect(
      answer.hits.map((hit: { url: string; position: number; pinned: boolean }) => [
        hit.url,
        hit.position,
        hit.pinned,
      ]),
    ).toEqual([
      [`${origin}/glacier`, 1, false],
      [`${origin}/trips`, 2, false],
    ]);
    expect(answer.hits[0].title).toBe('Glacier hiking guide');
    expect(answer.hits[0].snippet).toMatch(/<mark>glacier<\/mark>/i);
    expect(answer.tabs[0]).toMatchObject({ name: 'all', count: 2 });
    expect(Object.keys(answer)).toEqual(['total', 'hits', 'tabs', 'page']);
  });

  it('given --page-size 1 --page 2, then the second result only, at position 2', async () => {
    const answer = json(
      await as(suite.tenants.ownerA, [
        'search',
        'Trail notes',
        'glacier',
        '--page',
        '2',
        '--page-size',
        '1',
        '--json',
      ]),
    );
    expect([answer.total, answer.page, answer.hits.map((hit: { url: string }) => hit.url)]).toEqual([
      2,
      2,
      [`${origin}/trips`],
    ]);
    expect(answer.hits[0].position).toBe(2);
  });

  it('given a word no page holds, then no hits and exit 0', async () => {
    const result = await as(suite.tenants.ownerA, ['search', 'Trail notes', 'zzzyzx', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({ total: 0, hits: [] });
  });

  it('given a misspelt word, then the results of its correction, and with --no-auto-correct the word typed', async () => {
    const corrected = json(await as(suite.tenants.ownerA, ['search', 'Trail notes', 'glaicer', '--json']));
    expect(corrected).toMatchObject({ total: 2, didYouMean: 'glacier', correctedFrom: 'glaicer' });
    expect(corrected.hits[0].url).toBe(`${origin}/glacier`);
    const typed = json(
      await as(suite.tenants.ownerA, ['search', 'Trail notes', 'glaicer', '--no-auto-correct', '--json']),
    );
    expect(typed.didYouMean).toBe('glacier');
    expect(typed).not.toHaveProperty('correctedFrom');
  });

  it('given a tab the engine does not have, then exit 2 naming its tabs', async () => {
    const result = await as(suite.tenants.ownerA, ['search', 'Trail notes', 'glacier', '--tab', 'news']);
    expect([result.code, result.stderr]).toEqual([
      2,
      "error: 'Trail notes' has no tab 'news': its tabs are all.\n",
    ]);
    const all = await as(suite.tenants.ownerA, [
      'search',
      'Trail notes',
      'glacier',
      '--tab',
      'ALL',
      '--json',
    ]);
    expect(json(all).total).toBe(2);
  });

  it('given a keyword engine with no crawl published, then exit 1 suggesting crawl watch', async () => {
    await createEngine(
      suite.tenants.server,
      suite.tenants.ownerA,
      keywordDraft(suite.tenants.accountA, 'Empty site'),
    );
    const result = await as(suite.tenants.ownerA, ['search', 'Empty site', 'glacier']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toBe(
      'error: \'Empty site\' has nothing published to search yet. Search answers once a crawl is published: follow it with `siteseer crawl watch "Empty site"`.\n',
    );
  });
});
