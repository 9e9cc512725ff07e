import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';
import { discoverPortalClient, portalSignIn } from './portal-sign-in.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  base: string;
  stdout: string;
}

/** `node src/main.ts` (what `pnpm start` runs) on a data directory, with no DATABASE_URL: PGlite. */
function launch(dataDir: string, port: number): ChildProcess {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined };
  Object.assign(env, { PORT: String(port), SITESEER_DATA_DIR: dataDir, SITESEER_LOG_LEVEL: 'silent' });
  return spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function started(dataDir: string, port: number): Promise<ServerProcess> {
  const child = launch(dataDir, port);
  let stdout = '';
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // The banner's last line: the logins saved (first start) or where they were (a restart).
      if (/\(also saved in |demo logins were printed/.test(stdout)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`The server exited with ${code} before listening: ${stderr}`)),
    );
  });
  return { child, base: `http://localhost:${port}`, stdout };
}

/** Runs a server expected to refuse to start: its exit code and what it wrote to stderr. */
async function refused(
  dataDir: string,
  port: number,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = launch(dataDir, port);
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr, stdout };
}

function killed(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

describe.skipIf(process.env.DATABASE_URL)('two servers on one PGlite data directory', () => {
  let dataDir: string;
  let port: number;
  let first: ServerProcess;
  let key: string;
  let token: string;
  let engineId: string;
  let importId: string;
  let clientId: string;
  let current: ServerProcess | undefined;

  async function upload(path: string, fields: Record<string, string>, rows: number) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([toCsv(products(rows))]), 'feed.csv');
    const response = await fetch(`${first.base}/api/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      engineId: string;
      importId: string;
      clientId: string;
      version: number;
    };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'siteseer-lock-'));
    port = await freePort();
    first = await started(dataDir, port);
    current = first;
    const owner = /owner of "[^"]+":\s+(\S+)\s+password: (\S+)/.exec(first.stdout);
    if (!owner?.[1] || !owner[2]) throw new Error(`No owner login printed: ${first.stdout}`);
    const client = await discoverPortalClient(`${first.base}/oidc`, 'siteseer-portal');
    token = (await portalSignIn(client, first.base, owner[1], owner[2])).access_token;
    const accounts = await fetch(`${first.base}/api/accounts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const accountId = ((await accounts.json()) as { id: string }[])[0]?.id;
    const issued = await fetch(`${first.base}/api/account/${accountId}/newApiKey`, {
      headers: { authorization: `Bearer ${token}` },
    });
    key = ((await issued.json()) as { key: string }).key;
    const created = await upload('datasource/parametric', { searchEngineName: 'Locked feed' }, 10);
    ({ engineId, importId, clientId } = created);
  }, 120_000);

  afterAll(async () => {
    if (current && current.child.exitCode === null) await killed(current, 'SIGTERM');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('given a running server, when a second starts on its data directory, then the second exits non-zero naming the first, and the first goes on', async () => {
    const second = await refused(dataDir, await freePort());
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `Siteseer could not start: The data directory ${dataDir} is in use by another Siteseer server (process ${first.child.pid} on`,
    );
    expect(second.stdout).not.toContain('Siteseer is running');
    const v2 = await upload(`datasource/parametric/${engineId}`, {}, 20);
    expect(v2.version).toBe(2);
  }, 60_000);

  it('given versions answered 200, when the server is killed (-9) and started again, then it starts (the stale lock is taken over) and every version is there', async () => {
    const v3 = await upload(`datasource/parametric/${engineId}`, {}, 30);
    expect(v3.version).toBe(3);
    await killed(first, 'SIGKILL');

    current = await started(dataDir, port);
    const history = await fetch(`${current.base}/api/parametric/file/${importId}/history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(history.status).toBe(200);
    const versions = ((await history.json()) as { version: number }[]).map((v) => v.version);
    expect(versions.sort()).toEqual([1, 2, 3]);
    const search = await fetch(`${current.base}/search/${clientId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await search.json()) as { total: number }).total).toBe(30);
  }, 120_000);
});
