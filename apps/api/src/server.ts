import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from './app.ts';
import type { AppState } from './app-state.ts';
import type { Changes } from './changes/changes.ts';
import type { Config } from './config.ts';
import { type CrawlEndSink, CrawlWorker, type LoopTiming } from './crawler/loop/index.ts';
import { startSpareWorkers, stopSpareWorkers } from './parametric/parse/index.ts';
import type { SecretBox } from './secrets/index.ts';
import { type DemoCredentials, seedDemo, seedFeatures } from './services/seed.ts';
import { openStore } from './store/open-store.ts';
import type { Store } from './store/types.ts';

/** How long a closing server lets requests in flight finish before it drops their connections. */
export const CLOSE_GRACE_MS = 5_000;

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  /** The app's state (its changes, live clients, keyword runtime, recorder). */
  state: AppState;
  url: string;
  /** The demo logins, on the first start only. */
  credentials: DemoCredentials | undefined;
  close(): Promise<void>;
}

/**
 * Opens the store (migrating it), seeds features and, on first start, the demo logins, then
 * listens. Used by `main.ts` and by integration tests (port 0, PGlite in memory).
 */
export async function startServer(
  config: Config,
  hooks: Pick<AppDeps, 'onInvitation' | 'clock'> & {
    /** Shorter crawl leases for tests of crashes and takeovers. */
    crawlTiming?: Partial<LoopTiming>;
  } = {},
): Promise<RunningServer> {
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(config.dbSchema ? { schema: config.dbSchema } : {}),
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  try {
    await seedFeatures(store);
    const credentials = await seedDemo(store, config);
    const { crawlTiming, ...appHooks } = hooks;
    const app = await buildApp({ config, store, ...appHooks });
    await app.listen({ port: config.port, host: config.host });
    const crawler = config.crawlInProcess
      ? crawlWorkerFor(
          config,
          store,
          app.state.changes,
          app.state.secrets,
          app.state.alerts.crawlEnded,
          crawlTiming,
        )
      : undefined;
    await crawler?.start();
    // Uploads do not wait for a parse worker to start (see worker-runner.ts).
    startSpareWorkers();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      app,
      store,
      state: app.state,
      url: `http://${config.host}:${port}`,
      credentials,
      async close() {
        await crawler?.close();
        await closeWithGrace(app);
        await stopSpareWorkers();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** The crawl loop of a process (the API's, or a crawl worker's) for its configuration. */
export function crawlWorkerFor(
  config: Config,
  store: Store,
  changes: Changes,
  /** The app's box of site sign-ins: the crawl opens them with the same key the API sealed them with. */
  secrets: SecretBox,
  /** Hears how each run ended (the engine's alerts). */
  crawlEnded: CrawlEndSink,
  timing?: Partial<LoopTiming>,
): CrawlWorker {
  return new CrawlWorker({
    store,
    changes,
    secrets,
    crawlEnded,
    allowPrivate: config.crawlAllowPrivate,
    publicUrl: config.publicUrl,
    limits: config.crawlLimits,
    rendering: config.rendering,
    // PGlite is one process's alone, behind the data-directory lock (or in memory).
    exclusiveStore: !config.databaseUrl,
    ...(timing ? { timing } : {}),
  });
}

/**
 * Closes the app: new connections are refused and idle ones closed at once, requests in flight get
 * `CLOSE_GRACE_MS` to finish, then every connection left is dropped. Without the limit one client
 * that stalls (a request body never finished, a large answer never read) kept the server, and the
 * process stopping on SIGTERM, waiting for ever.
 */
async function closeWithGrace(app: FastifyInstance): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
