import { existsSync } from 'node:fs';
import type { Clock } from '@siteseer/api/clock';
import { type Config, loadConfig } from '@siteseer/api/config';
import type { LoopTiming } from '@siteseer/api/crawler/loop';
import type { InvitationSink } from '@siteseer/api/routes';
import { PORTAL_DIST } from '@siteseer/api/routes/portal';
import { WIDGET_DIST } from '@siteseer/api/routes/widget';
import { type RunningServer, startServer } from '@siteseer/api/server';
import { createTestSchema } from '@siteseer/api/store/test-schema';
import { avoidWasmWrapperTierUp } from '@siteseer/api/wasm-wrappers';
import type * as oidc from 'openid-client';
import { freePort } from './free-port.ts';
import { discoverPortalClient, portalSignIn } from './portal-sign-in.ts';

export { freePort };

export interface TestServer extends RunningServer {
  config: Config;
  base: string;
}

/** On PostgreSQL, each test server gets a schema of its own, dropped when it closes. */
async function databaseEnv(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return { env: {}, drop: async () => {} };
  const { schema, drop } = await createTestSchema(databaseUrl);
  return { env: { DATABASE_URL: databaseUrl, SITESEER_DB_SCHEMA: schema }, drop };
}

/**
 * The real server on 127.0.0.1 with PGlite in memory, or on the PostgreSQL server of
 * `DATABASE_URL` when it is set (CI runs the suite both ways).
 */
export async function startTestServer(
  overrides: {
    dataDir?: string | null;
    env?: Record<string, string>;
    /** A fixed port: a restarted server keeps its issuer and audience (both contain the URL). */
    port?: number;
    /** The public URL for a port (default: `http://127.0.0.1:<port>`, where the server listens). */
    publicUrl?: (port: number) => string;
    /** Receives the set-password link of each invited login (instead of the server log). */
    onInvitation?: InvitationSink;
    /** The sign-in form's clock (see `AppDeps.clock`). */
    clock?: Clock;
    /** Shorter crawl leases (see `startServer`). */
    crawlTiming?: Partial<LoopTiming>;
  } = {},
): Promise<TestServer> {
  // As the API's entry points and its own test projects do (apps/api/src/wasm-wrappers.ts): the CLI's
  // and the portal's suites run the server in their test processes, and one died of that V8 check
  // (SIGTRAP) in CI.
  avoidWasmWrapperTierUp();
  const port = overrides.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const database = await databaseEnv();
  const config = loadConfig(
    // No crawl loop unless a test asks for one: most tests keep their crawls' URLs where they put them.
    { SITESEER_LOG_LEVEL: 'silent', SITESEER_CRAWL_WORKER: 'off', ...database.env, ...overrides.env },
    {
      port,
      host: '127.0.0.1',
      publicUrl: overrides.publicUrl?.(port) ?? base,
      dataDir: overrides.dataDir === undefined ? null : overrides.dataDir,
    },
  );
  const server = await startServer(config, {
    onInvitation: overrides.onInvitation,
    clock: overrides.clock,
    ...(overrides.crawlTiming ? { crawlTiming: overrides.crawlTiming } : {}),
  });
  return {
    ...server,
    config,
    base,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

export interface Tokens {
  access_token: string;
  refresh_token?: string | undefined;
  id_token?: string | undefined;
}

export function portalClient(server: TestServer): Promise<oidc.Configuration> {
  return discoverPortalClient(server.config.identity.issuer, server.config.identity.portalClientId);
}

/** Signs in through the portal's flow, as a browser (see `portalSignIn`). */
export async function signIn(server: TestServer, email: string, password: string): Promise<Tokens> {
  return portalSignIn(await portalClient(server), server.base, email, password);
}

/** A fetch of the API with a bearer token; JSON in and out. */
export async function api(
  server: TestServer,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.base}/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A parametric engine created and published in one call of the ingest API, with a new API key. */
export async function ingestEngine(server: TestServer, token: string, name: string, csv: string) {
  const me = await api(server, token, 'GET', 'profile/me');
  const key = (await api(server, token, 'GET', `account/${me.body.accounts[0].id}/newApiKey`)).body.key;
  const form = new FormData();
  form.set('searchEngineName', name);
  form.set('file', new Blob([csv]), 'products.csv');
  const created = await fetch(`${server.base}/api/datasource/parametric`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  const body = (await created.json()) as { engineId: string; clientId: string; importId: string };
  if (created.status !== 200) throw new Error(`Ingest answered ${created.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Fails at once, saying what to run, when the portal or the widget is not built. */
export function requireBuiltPortalAndWidget(): void {
  for (const [what, file] of [
    ['portal', `${PORTAL_DIST}index.html`],
    ['widget', `${WIDGET_DIST}siteseer-widget.js`],
  ] as const) {
    if (!existsSync(file)) throw new Error(`The ${what} is not built (${file}): run 'pnpm build' first.`);
  }
}
