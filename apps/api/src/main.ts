#!/usr/bin/env node
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { renderingLine } from './crawler/render/index.ts';
import { startServer } from './server.ts';
import { DataDirLockedError } from './store/data-dir-lock.ts';
import { avoidWasmWrapperTierUp } from './wasm-wrappers.ts';

// The API process: `pnpm start` runs this. Everything is configured by environment variables
// (see config.ts and the README).
avoidWasmWrapperTierUp();
const { config, server } = await start().catch((error: unknown) => {
  // What the operator can fix gets its message alone; anything else its stack too.
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(
    `Siteseer could not start: ${known ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
const { credentials } = server;

async function start() {
  const config = loadConfig(process.env);
  return { config, server: await startServer(config) };
}

process.stdout.write(`\nSiteseer is running at ${config.publicUrl}\n`);
process.stdout.write(`  health:       ${config.publicUrl}/healthz\n`);
process.stdout.write(`  API document: ${config.publicUrl}/api/openapi.json\n`);
process.stdout.write(`  issuer:       ${config.identity.issuer}\n`);
process.stdout.write(
  `  database:     ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}\n`,
);
process.stdout.write(`  rendering:    ${renderingLine(config.rendering.chromium)}\n`);
if (credentials) {
  const lines = [
    'Demo logins (created on this first start):',
    `  super admin (platform staff):  ${credentials.superAdmin.email}  password: ${credentials.superAdmin.password}`,
    `  owner of "${credentials.owner.accountName}":  ${credentials.owner.email}  password: ${credentials.owner.password}`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  // Only hashes are stored, so the embedded mode also keeps a copy for the operator (owner-only file).
  if (!config.databaseUrl && config.dataDir) {
    const file = join(config.dataDir, 'demo-credentials.txt');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    process.stdout.write(`  (also saved in ${file})\n`);
  }
} else {
  process.stdout.write(
    `  demo logins were printed on the first start${config.databaseUrl ? '' : ` and saved in ${join(config.dataDir ?? '', 'demo-credentials.txt')}`}\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
