import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { discoverPortalClient, portalSignIn } from './portal-sign-in.ts';

// The API (`node src/main.ts`, what `pnpm start` runs) and crawl workers (`src/crawl-worker.ts`) as
// child processes, for tests of what only separate processes show: locks, kill -9, takeovers.

const SCRIPTS = {
  api: fileURLToPath(new URL('../src/main.ts', import.meta.url)),
  'crawl-worker': fileURLToPath(new URL('../src/crawl-worker.ts', import.meta.url)),
};

export interface SiteseerProcess {
  child: ChildProcess;
  stdout: string;
  stderr: string;
}

/** Starts a process with the environment (DATABASE_URL unset unless given: PGlite). */
export function launch(script: keyof typeof SCRIPTS, env: Record<string, string>): SiteseerProcess {
  const merged: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined };
  Object.assign(merged, { SITESEER_LOG_LEVEL: 'silent', ...env });
  const child = spawn(process.execPath, [SCRIPTS[script]], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: SiteseerProcess = { child, stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    started.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    started.stderr += chunk.toString();
  });
  return started;
}

/** Resolves when the process printed `ready`; rejects if it exits first. */
export function printed(running: SiteseerProcess, ready: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ready.test(running.stdout)) return;
      running.child.stdout?.off('data', check);
      resolve();
    };
    running.child.stdout?.on('data', check);
    check();
    running.child.once('exit', (code) =>
      reject(new Error(`The process exited with ${code} before it was ready: ${running.stderr}`)),
    );
  });
}

/** The API on a port, started and listening (its banner's last line printed). */
export async function startedApi(port: number, env: Record<string, string>): Promise<SiteseerProcess> {
  const api = launch('api', { PORT: String(port), ...env });
  // The banner's end: the owner's login (first start; PGlite adds where it saved them) or, on a
  // restart, where they were.
  await printed(api, /owner of "[^"]+":.*password: \S+\n(?:.*also saved in.*\n)?|demo logins were printed/);
  return api;
}

export function killed(running: SiteseerProcess, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill(signal);
  });
}

/** Signs in as the demo owner the first start printed; the token and the owner's account id. */
export async function ownerSession(
  base: string,
  stdout: string,
): Promise<{ token: string; accountId: string }> {
  const owner = /owner of "[^"]+":\s+(\S+)\s+password: (\S+)/.exec(stdout);
  if (!owner?.[1] || !owner[2]) throw new Error(`No owner login printed: ${stdout}`);
  const client = await discoverPortalClient(`${base}/oidc`, 'siteseer-portal');
  const token = (await portalSignIn(client, base, owner[1], owner[2])).access_token;
  const accounts = await fetch(`${base}/api/accounts`, { headers: { authorization: `Bearer ${token}` } });
  const accountId = ((await accounts.json()) as { id: string }[])[0]?.id;
  if (!accountId) throw new Error('The owner has no account');
  return { token, accountId };
}

/** A call of the API as a signed-in user: the JSON answer, or a throw naming the call. */
async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as any;
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Creates a keyword engine and starts crawling `site` with no page-load delay; its engine id. */
export async function crawlSite(
  base: string,
  session: { token: string; accountId: string },
  name: string,
  site: string,
): Promise<string> {
  const { token, accountId } = session;
  const engine = await call(base, token, 'POST', 'searchengines', {
    searchEngineType: 'kw',
    accountId,
    searchEngineName: name,
    urls: [site],
  });
  const engineId = engine.documentId as string;
  await call(base, token, 'POST', 'datasource/crawler', {
    accountId,
    engineId,
    urls: [site],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
  });
  return engineId;
}

/** Waits for the crawl to end (not crawling); every URL of the report with its status, and the state. */
export async function finishedCrawl(
  base: string,
  session: { token: string; accountId: string },
  engineId: string,
  timeoutMs = 60_000,
): Promise<{ state: string; statuses: Record<string, number> }> {
  const report = (fromIndex: number) =>
    call(base, session.token, 'POST', 'datasource/crawler/report', {
      accountId: session.accountId,
      engineId,
      fromIndex,
      resultSize: 100,
    });
  const deadline = Date.now() + timeoutMs;
  let first = await report(0);
  while (first.state === 'crawling') {
    if (Date.now() > deadline) throw new Error(`The crawl did not finish: ${JSON.stringify(first.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    first = await report(0);
  }
  const statuses: Record<string, number> = {};
  for (let from = 0; from < first.hits.total.value; from += 100) {
    const page = from === 0 ? first : await report(from);
    for (const hit of page.hits.hits) statuses[hit.url] = hit.status;
  }
  return { state: first.state, statuses };
}

/**
 * What a crash costs a crawl, from the site's log of page requests (robots.txt and sitemaps left
 * out) split at the kill: the paths asked for twice before it, twice after it (both must be none:
 * the restarted crawl fetches each URL once), and asked for on both sides (fetched, but the record
 * not yet written when the process died), and every path asked for.
 */
export function requestsAroundKill(requests: readonly string[], killedAt: number) {
  const pages = (list: readonly string[]) =>
    list.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
  const before = pages(requests.slice(0, killedAt));
  const after = pages(requests.slice(killedAt));
  const twice = (list: string[]) => list.filter((path, at) => list.indexOf(path) !== at);
  return {
    twiceBefore: twice(before),
    twiceAfter: twice(after),
    again: after.filter((path) => before.includes(path)),
    paths: new Set([...before, ...after]),
  };
}
