import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { json } from './run-cli.ts';

// `crawl inspect` run as a user runs it, against the real API and a real site on 127.0.0.1.

const suite = cliSuite({ env: { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
let site: Server;
let origin: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
    // A single-page app: its title and text are written by its script.
    if (req.url === '/app')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Loading</title><main id="app"></main><script src="/app.js"></script>');
    if (req.url === '/app.js')
      return res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(
          "document.title = 'Soldering app'; document.getElementById('app').textContent = 'Flux and a hot iron.';",
        );
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Workshop</title><p>Soldering, tools and safety.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const created = await suite.as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    'Workshop',
    '--url',
    `${origin}/`,
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
  const config = join(suite.work, 'rendered-crawler.json');
  await writeFile(config, JSON.stringify({ renderJavaScript: true }));
  const rendered = await suite.as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    'Rendered workshop',
    '--url',
    `${origin}/`,
    '--config',
    config,
    '--json',
  ]);
  expect(rendered.code, rendered.stderr).toBe(0);
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

describe('crawl inspect', () => {
  it('given a URL robots.txt disallows, then --json prints the contract object with the rule line', async () => {
    const result = await suite.as(suite.tenants.ownerA, [
      'crawl',
      'inspect',
      'Workshop',
      `${origin}/private/plans`,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({
      url: `${origin}/private/plans`,
      indexable: false,
      inPublishedCrawl: false,
      reasons: ['robots.txt disallows it: line 2, "Disallow: /private/".'],
      robots: { allowed: false, rule: 'Disallow: /private/' },
      status: null,
      contentType: null,
      canonical: null,
      redirects: [],
      title: null,
      excerpt: null,
    });
  });

  it('given an allowed page, then the terminal view puts the verdict first, then a line per step', async () => {
    const result = await suite.as(suite.tenants.ownerA, ['crawl', 'inspect', 'Workshop', `${origin}/tools`]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/: (indexable|not indexable)$/);
    expect(lines).toContain('robots.txt:   allowed (no rule matches)');
    expect(lines).toContain('Fetch:        HTTP 200, text/html');
    expect(lines).toContain('Title:        Workshop');
  });

  it('given an engine that renders JavaScript, then the page is inspected rendered and --json says so', async () => {
    const result = await suite.as(suite.tenants.ownerA, [
      'crawl',
      'inspect',
      'Rendered workshop',
      `${origin}/app`,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({
      indexable: true,
      rendering: 'rendered',
      title: 'Soldering app',
      excerpt: 'Flux and a hot iron.',
    });
    const plain = await suite.as(suite.tenants.ownerA, [
      'crawl',
      'inspect',
      'Workshop',
      `${origin}/app`,
      '--json',
    ]);
    expect(json(plain)).toMatchObject({ rendering: 'off', title: 'Loading', excerpt: '' });
  });

  it('given an engine that renders JavaScript, then the terminal view has the Rendering step', async () => {
    const result = await suite.as(suite.tenants.ownerA, [
      'crawl',
      'inspect',
      'Rendered workshop',
      `${origin}/app`,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toContain('Rendering:    rendered in Chromium: read after its scripts ran');
    expect(lines).toContain('Title:        Soldering app');
  });

  it("given another account's user, then the engine's name finds nothing there (exit 1)", async () => {
    const result = await suite.as(suite.tenants.ownerB, ['crawl', 'inspect', 'Workshop', `${origin}/`]);
    expect(result.code).toBe(1);
  });
});
