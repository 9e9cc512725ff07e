#!/usr/bin/env node
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

// The API process: `pnpm start` runs this. Everything is configured by environment variables
// (see config.ts and the README).
const config = loadConfig(process.env);
const server = await startServer(config);
const { credentials } = server;

process.stdout.write(`\nSiteseer is running at ${config.publicUrl}\n`);
process.stdout.write(`  health:       ${config.publicUrl}/healthz\n`);
process.stdout.write(`  API document: ${config.publicUrl}/api/openapi.json\n`);
process.stdout.write(`  issuer:       ${config.identity.issuer}\n`);
process.stdout.write(
  `  database:     ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}\n`,
);
if (credentials) {
  process.stdout.write(
    [
      '',
      'Demo logins (shown once, on this first start; keep them):',
      `  super admin (platform staff):  ${credentials.superAdmin.email}  password: ${credentials.superAdmin.password}`,
      `  owner of "${credentials.owner.accountName}":  ${credentials.owner.email}  password: ${credentials.owner.password}`,
      '',
    ].join('\n'),
  );
} else {
  process.stdout.write(
    '  demo logins were printed on the first start (use /auth/forgot-password to reset).\n',
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
