import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { json } from './run-cli.ts';

// `siteseer engines curations` on a keyword engine crawled from 127.0.0.1: what it pins leads the
// public answer (`siteseer search`), what it hides is gone from it, and the CSV goes out and back in.

const suite = cliSuite({ env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
const as = suite.as;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/': page(
    'Welcome',
    '<a href="/pricing">Plans</a> <a href="/old-pricing">Archive</a> <a href="/faq">FAQ</a>',
  ),
  '/pricing': page('Pricing', '<p>Our pricing: plans for teams of every size.</p>'),
  '/old-pricing': page('Pricing 2019', '<p>The pricing we had in 2019, kept for the record.</p>'),
  '/faq': page('Questions', '<p>Answers about invoices and refunds.</p>'),
};

let site: Server;
let origin: string;
const ENGINE = 'Pricing site';

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

const urlsOf = (answer: { hits: { url: string }[] }) => answer.hits.map((hit) => hit.url.replace(origin, ''));

describe('siteseer engines curations', () => {
  beforeAll(async () => {
    const config = join(suite.work, 'crawler.json');
    await writeFile(config, JSON.stringify({ pageLoadDelay: '0ms', crawlFrequency: '24h' }));
    const created = await as(suite.tenants.ownerA, [
      'engines',
      'create',
      'keyword',
      '--name',
      ENGINE,
      '--url',
      `${origin}/`,
      '--config',
      config,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const watched = await as(suite.tenants.ownerA, ['crawl', 'watch', ENGINE, '--interval', '0.2']);
    expect(watched.code, watched.stderr).toBe(0);
  });

  it('Given a hidden URL and a pinned one, then the search leaves the hidden out and leads with the pin', async () => {
    const before = json(await as(suite.tenants.ownerA, ['search', ENGINE, 'pricing', '--json']));
    expect(urlsOf(before).sort()).toEqual(['/old-pricing', '/pricing']);

    const hid = await as(suite.tenants.ownerA, [
      'engines',
      'curations',
      'hide',
      ENGINE,
      'Pricing',
      `${origin}/old-pricing`,
    ]);
    expect(hid.code, hid.stderr).toBe(0);
    expect(hid.stderr).toContain('Result ranking is off for this engine');
    const pinned = await as(suite.tenants.ownerA, [
      'engines',
      'curations',
      'pin',
      ENGINE,
      'pricing',
      `${origin}/faq`,
      '--enable',
      '--json',
    ]);
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(json(pinned)).toEqual({
      enabled: true,
      query: 'pricing',
      results: [`${origin}/faq`],
      hidden: [`${origin}/old-pricing`],
    });

    const after = json(await as(suite.tenants.ownerA, ['search', ENGINE, 'pricing', '--json']));
    expect(urlsOf(after)).toEqual(['/faq', '/pricing']);
    expect(after.hits[0].pinned).toBe(true);
    expect(after.total).toBe(2);

    const listed = json(await as(suite.tenants.ownerA, ['engines', 'curations', 'list', ENGINE, '--json']));
    expect(listed).toEqual({
      enabled: true,
      entries: [{ query: 'Pricing', results: [`${origin}/faq`], hidden: [`${origin}/old-pricing`] }],
    });
    const table = await as(suite.tenants.ownerA, ['engines', 'curations', 'list', ENGINE]);
    expect(table.stdout).toMatch(/QUERY\s+PINNED\s+HIDDEN/);
  });

  it('Given the curations exported, when removed and imported again, then the search answers as before', async () => {
    const file = join(suite.work, 'ranking.csv');
    const exported = await as(suite.tenants.ownerA, ['engines', 'curations', 'export', ENGINE, '-o', file]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(`Pricing,${origin}/faq,hidden: ${origin}/old-pricing\r\n`);

    const removed = await as(suite.tenants.ownerA, ['engines', 'curations', 'remove', ENGINE, 'PRICING']);
    expect(removed.code, removed.stderr).toBe(0);
    const plain = json(await as(suite.tenants.ownerA, ['search', ENGINE, 'pricing', '--json']));
    expect(urlsOf(plain).sort()).toEqual(['/old-pricing', '/pricing']);

    const imported = await as(suite.tenants.ownerA, [
      'engines',
      'curations',
      'import',
      ENGINE,
      '--file',
      file,
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const again = json(await as(suite.tenants.ownerA, ['search', ENGINE, 'pricing', '--json']));
    expect(urlsOf(again)).toEqual(['/faq', '/pricing']);

    // A file without the hidden column (the spec's format) pins and hides nothing else.
    await writeFile(file, `pricing,${origin}/old-pricing\n`);
    expect(
      (await as(suite.tenants.ownerA, ['engines', 'curations', 'import', ENGINE, '--file', file])).code,
    ).toBe(0);
    const older = json(await as(suite.tenants.ownerA, ['search', ENGINE, 'pricing', '--json']));
    expect(urlsOf(older)).toEqual(['/old-pricing', '/pricing']);
  });

  it("Given another account's owner, then the engine is not found and its curations stay", async () => {
    const other = await as(suite.tenants.ownerB, [
      'engines',
      'curations',
      'hide',
      ENGINE,
      'pricing',
      `${origin}/pricing`,
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`No engine '${ENGINE}'`);
    const removing = await as(suite.tenants.ownerA, [
      'engines',
      'curations',
      'remove',
      ENGINE,
      'nothing here',
    ]);
    expect([removing.code, removing.stderr]).toEqual([
      1,
      "error: 'nothing here': That result ranking entry no longer exists.\n",
    ]);
  });
});
