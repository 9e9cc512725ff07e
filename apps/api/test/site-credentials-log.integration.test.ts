import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FixtureSite, startFixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { freePort } from './harness.ts';
import { crawlSite, killed, ownerSession, type SiteseerProcess, startedApi } from './processes.ts';

// A site's sign-in never reaches the server log (Fastify's request log at its most detailed level,
// errors included) nor the embedded store's files in plaintext; the key file is private (issue 38).

const PASSWORD = 'pw-log-3e9b27c1';
const TOKEN = Buffer.from(`staff:${PASSWORD}`).toString('base64');

let site: FixtureSite;
let api: SiteseerProcess | undefined;
let dataDir: string;

describe('a site sign-in and the server log', () => {
  beforeAll(async () => {
    site = await startFixtureSite({
      '/robots.txt': answer(200, 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' }),
      '/': (req, res) =>
        req.headers.authorization === `Basic ${TOKEN}`
          ? answer(200, '<title>Staff</title><p>Signed in.</p>', { 'content-type': 'text/html' })(req, res)
          : answer(401, 'sign in first')(req, res),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-creds-log-'));
  });
  afterAll(async () => {
    if (api) await killed(api, 'SIGTERM');
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given sign-ins saved, refused and used by a crawl and an inspection at log level trace, then no log line and no store file carries the secret', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = await startedApi(port, {
      SITESEER_PUBLIC_URL: base,
      SITESEER_DATA_DIR: dataDir,
      SITESEER_LOG_LEVEL: 'trace',
      SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1',
    });
    const session = await ownerSession(base, api.stdout);
    const engineId = await crawlSite(base, session, 'Staff', `${site.origin}/`);
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${base}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const body = { accountId: session.accountId, engineId, site: `${site.origin}/` };
    const saved = await call('PUT', 'datasource/crawler/credentials', {
      ...body,
      signIn: { kind: 'basic', user: 'staff', password: PASSWORD },
    });
    expect(saved.status).toBe(200);
    // Refused bodies are where a secret would reach an error log: a bad user name, an unknown site.
    const refused = await Promise.all([
      call('PUT', 'datasource/crawler/credentials', {
        ...body,
        signIn: { kind: 'basic', user: 'st:aff', password: PASSWORD },
      }),
      call('PUT', 'datasource/crawler/credentials', {
        ...body,
        site: 'https://elsewhere.example/',
        signIn: { kind: 'header', name: 'X-Token', value: PASSWORD },
      }),
    ]);
    expect(refused.map((answered) => answered.status)).toEqual([400, 400]);
    const inspected = await call('POST', 'datasource/crawler/inspect', { ...body, url: `${site.origin}/` });
    expect(await inspected.json()).toMatchObject({ status: 200, title: 'Staff' });

    const log = `${api.stdout}\n${api.stderr}`;
    // The log is the detailed one: the requests above are in it.
    expect(log).toContain('datasource/crawler/credentials');
    expect(log).toContain('"statusCode":400');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(TOKEN);

    await killed(api, 'SIGTERM');
    api = undefined;
    const key = await stat(join(dataDir, 'secrets.key'));
    expect(key.mode & 0o777).toBe(0o600);
    for (const file of await filesUnder(dataDir)) {
      const bytes = await readFile(file);
      expect(bytes.includes(PASSWORD), file).toBe(false);
      expect(bytes.includes(TOKEN), file).toBe(false);
    }
  }, 90_000);
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
