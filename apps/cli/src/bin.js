#!/usr/bin/env node
// @ts-check
// The `siteseer` executable. `--version` answers before anything else loads; everything else is
// imported on demand.
//
// Plain JavaScript, not TypeScript: Node strips the types of the entry point before this file can
// turn the compile cache on, so a `.ts` entry loaded the type stripper (about 50 ms of CPU) on
// every run. From here on every module, the TypeScript ones included, comes from the cache.
import { enableCompileCache } from 'node:module';

// Each run compiles the same few hundred modules: Node keeps their compiled code (type stripping
// included) in its cache directory (NODE_COMPILE_CACHE, else the system's temporary directory),
// which halves the CPU time of a command's start. A cache that cannot be written is only skipped.
enableCompileCache();

const args = process.argv.slice(2);

// A reader that stops early (`siteseer engines list | head`) is not an error.
process.stdout.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { VERSION } = await import('./version.ts');
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main, processRuntime } = await import('./main.ts');
  process.exitCode = await main(args, processRuntime());
}
