import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../../api/src/config.ts';
import { type RunningServer, startServer } from '../../api/src/server.ts';
import { freePort, startTestServer, type TestServer } from '../../api/test/harness.ts';

/** The built portal (`pnpm --filter @siteseer/web build`): the suite builds nothing itself. */
export const WEB_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Paths the API answers; everything else is the portal (static files, then index.html). */
const API_PREFIXES = [
  '/api/',
  '/oidc',
  '/interaction/',
  '/config.json',
  '/auth/forgot-password',
  '/auth/set-password',
  '/widget/',
  '/healthz',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface RunningPortal {
  /** The origin users (and the browser) reach: portal and API on one origin, as in production. */
  base: string;
  api: RunningServer;
  config: Config;
  close(): Promise<void>;
}

async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = normalize(join(WEB_DIST, path));
  const inDist = file.startsWith(WEB_DIST);
  const isFile =
    inDist &&
    (await stat(file).then(
      (s) => s.isFile(),
      () => false,
    ));
  const target = isFile ? file : join(WEB_DIST, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
  res.end(await readFile(target));
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number): void {
  // The Host header is kept: the identity provider builds its URLs from it (the public origin).
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/** Whether the API already serves the portal (static files with the SPA fallback, /auth/callback included). */
async function apiServesPortal(server: TestServer): Promise<boolean> {
  for (const path of ['/engine/e2e-probe/install/', '/auth/callback?code=probe']) {
    const response = await fetch(`${server.base}${path}`, { headers: { accept: 'text/html' } }).catch(
      () => undefined,
    );
    const text = response?.ok ? await response.text() : '';
    if (!text.includes('<div id="root">')) return false;
  }
  return true;
}

/**
 * The real API (PGlite in memory, seeded logins) serving the built portal on one origin. While the
 * API does not serve `apps/web/dist` itself, a small static server with a proxy to the API takes the
 * public origin (the API's issuer and redirect URI name it).
 */
export async function startPortal(): Promise<RunningPortal> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`The portal is not built: run 'pnpm --filter @siteseer/web build' first (${WEB_DIST})`);
  }
  const direct = await startTestServer();
  if (await apiServesPortal(direct))
    return { base: direct.base, api: direct, config: direct.config, close: () => direct.close() };
  await direct.close();

  const publicPort = await freePort();
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${publicPort}`;
  const config = loadConfig(
    { SITESEER_LOG_LEVEL: 'silent' },
    { port: apiPort, host: '127.0.0.1', publicUrl: base, dataDir: null },
  );
  const api = await startServer(config);
  const front: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) proxy(req, res, apiPort);
    else
      serveStatic(req, res).catch(() => {
        res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => front.listen(publicPort, '127.0.0.1', resolve));
  return {
    base,
    api,
    config,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await api.close();
    },
  };
}
