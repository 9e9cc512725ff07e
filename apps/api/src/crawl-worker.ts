#!/usr/bin/env node
import { queueCrawlAlerts } from './alerts/index.ts';
import { Changes } from './changes/changes.ts';
import { ConfigError, loadConfig } from './config.ts';
import { renderingLine } from './crawler/render/index.ts';
import { SecretBox, secretsKeyFor } from './secrets/index.ts';
import { crawlWorkerFor } from './server.ts';
import { openStore } from './store/open-store.ts';
import { avoidWasmWrapperTierUp } from './wasm-wrappers.ts';

// A crawl worker: the crawl loop of the API without its HTTP server, for crawling at scale
// (`pnpm crawl-worker`). It shares the API's PostgreSQL database (DATABASE_URL) and configuration;
// API processes started with SITESEER_CRAWL_WORKER=off then leave all crawling to workers.
avoidWasmWrapperTierUp();
const config = (() => {
  try {
    const loaded = loadConfig(process.env);
    if (!loaded.databaseUrl) {
      throw new ConfigError(
        'A crawl worker needs DATABASE_URL: the embedded database belongs to the one API process that opened it, which crawls itself.',
      );
    }
    return loaded;
  } catch (error) {
    process.stderr.write(`Siteseer's crawl worker could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
})();

const store = await openStore({
  databaseUrl: config.databaseUrl,
  dataDir: null,
  ...(config.dbSchema ? { schema: config.dbSchema } : {}),
});
const changes = new Changes(store, (error, what) => console.error(`Crawl worker: ${what} failed:`, error));
// The alerts a crawl raises are queued in the store; the API processes deliver them.
const worker = crawlWorkerFor(config, store, changes, new SecretBox(secretsKeyFor(config)), async (ended) => {
  await store.transaction((tx) => queueCrawlAlerts(tx, ended, new Date()));
});
await worker.start();
process.stdout.write(`Siteseer crawl worker ${worker.owner} is crawling (PostgreSQL, DATABASE_URL)\n`);
process.stdout.write(`  rendering: ${renderingLine(config.rendering.chromium)}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    worker
      .close()
      .then(() => changes.close())
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}
