import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@siteseer/test-support';

/** The built portal (`pnpm --filter @siteseer/web build`): the suite builds nothing itself. */
const WEB_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export interface RunningPortal {
  /** The origin users (and the browser) reach: portal and API on one origin, as `pnpm start` serves them. */
  base: string;
  api: TestServer;
  config: TestServer['config'];
  close(): Promise<void>;
}

/**
 * The real API (PGlite in memory, seeded logins) serving the built portal, as `pnpm start` does.
 * `onInvitation` receives the set-password link of each invited login; `env` and `crawlTiming` are
 * the server's (a crawling test turns the crawl loop on and allows 127.0.0.1).
 */
export async function startPortal(
  options: Pick<
    NonNullable<Parameters<typeof startTestServer>[0]>,
    'onInvitation' | 'env' | 'crawlTiming'
  > = {},
): Promise<RunningPortal> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`The portal is not built: run 'pnpm --filter @siteseer/web build' first (${WEB_DIST})`);
  }
  const server = await startTestServer(options);
  const callback = await fetch(`${server.base}/auth/callback?code=probe`, {
    headers: { accept: 'text/html' },
  });
  if (!(await callback.text()).includes('<div id="root">')) {
    await server.close();
    throw new Error('The API does not serve the portal at /auth/callback (apps/api/src/routes/portal.ts).');
  }
  return { base: server.base, api: server, config: server.config, close: () => server.close() };
}

/** The owner login the server seeded on its first start (every suite's first user). */
export function seededOwner(portal: RunningPortal): { email: string; password: string } {
  const owner = portal.api.credentials?.owner;
  if (!owner) throw new Error('The test server did not seed its logins');
  return owner;
}
