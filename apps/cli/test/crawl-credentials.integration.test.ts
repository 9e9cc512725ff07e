import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { BIN, type CliResult, cliEnv, json } from './run-cli.ts';

// `crawl credentials` run as a user runs it, the secret piped in or in the environment, against the
// real API; `crawl inspect` then fetches a site behind a login on 127.0.0.1 signed in.

const PASSWORD = 'pw-cli-int-4b7e19';
const TOKEN = 'tok-cli-int-c03f55';
const suite = cliSuite({
  env: {
    SITESEER_CRAWL_WORKER: 'on',
    SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
    SITESEER_SECRETS_KEY: randomBytes(32).toString('base64'),
  },
});
let site: Server;
let origin: string;

beforeAll(async () => {
  const basic = `Basic ${Buffer.from(`crawler:${PASSWORD}`).toString('base64')}`;
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\n');
    if (req.headers.authorization !== basic && req.headers['x-staff-token'] !== TOKEN) {
      return res.writeHead(401, { 'content-type': 'text/plain' }).end('sign in first');
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Staff wiki</title><p>Rotas.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const created = await suite.as(suite.tenants.ownerA, [
    'engines',
    'create',
    'keyword',
    '--name',
    'Staff wiki',
    '--url',
    `${origin}/`,
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

/** The CLI as the owner of account A, `stdin` piped in (then closed) and `env` added. */
async function cli(args: string[], stdin: string, env: Record<string, string> = {}): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], {
    env: cliEnv(suite.configDir, { ...suite.envOf(suite.tenants.ownerA), ...env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, ms: performance.now() - started };
}

async function inspected() {
  const result = await suite.as(suite.tenants.ownerA, [
    'crawl',
    'inspect',
    'Staff wiki',
    `${origin}/`,
    '--json',
  ]);
  expect(result.code, result.stderr).toBe(0);
  return json(result);
}

describe('crawl credentials', () => {
  it('given no sign-in, then the inspection of the site answers 401', async () => {
    expect(await inspected()).toMatchObject({ status: 401, indexable: false });
  });

  it('given --basic USER --secret-stdin with the password piped in, then the crawler signs in, and nothing printed holds it', async () => {
    const result = await cli(
      ['crawl', 'credentials', 'Staff wiki', '--site', `${origin}/`, '--basic', 'crawler', '--secret-stdin'],
      `${PASSWORD}\n`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`The crawler signs in to ${origin}/ with HTTP Basic as crawler`);
    expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    expect(await inspected()).toMatchObject({ status: 200, title: 'Staff wiki', indexable: true });
  });

  it('given --header NAME with SITESEER_CRAWL_SECRET, then the header replaces the sign-in; --json says only that it is set', async () => {
    const result = await cli(
      ['crawl', 'credentials', 'Staff wiki', '--site', `${origin}/`, '--header', 'X-Staff-Token', '--json'],
      '',
      { SITESEER_CRAWL_SECRET: TOKEN },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toEqual({
      site: `${origin}/`,
      kind: 'header',
      set: true,
      label: 'X-Staff-Token',
      updatedAt: expect.any(String),
    });
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
    expect(await inspected()).toMatchObject({ status: 200 });
  });

  it('given --clear, then the site is fetched signed out again', async () => {
    const result = await cli(['crawl', 'credentials', 'Staff wiki', '--site', `${origin}/`, '--clear'], '');
    expect(result.code, result.stderr).toBe(0);
    expect(await inspected()).toMatchObject({ status: 401 });
  });

  it('given --basic USER with no secret anywhere, then it exits 2 saying where a secret may come from', async () => {
    const result = await cli(
      ['crawl', 'credentials', 'Staff wiki', '--site', `${origin}/`, '--basic', 'crawler'],
      '',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--secret-stdin');
    expect(result.stderr).toContain('SITESEER_CRAWL_SECRET');
  });
});
