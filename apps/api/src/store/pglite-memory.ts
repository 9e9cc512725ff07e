import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** The buffer pool's bounds: PGlite's default is the ceiling; below the floor, every scan would miss. */
const MIN_SHARED_BUFFERS_MB = 16;
const MAX_SHARED_BUFFERS_MB = 128;

/**
 * PGlite's buffer pool (`shared_buffers`) sized from the database it holds: a quarter of its
 * files, rounded up to 8 MB, from 16 MB to PGlite's default of 128 MB. PGlite touches its whole
 * pool when it starts, so the default cost a new or small installation about 150 MB of resident
 * memory for pages it does not have; a pool a quarter of the data keeps the hot tables (rollups,
 * the frontier, accounts) in it, and Node's reads of the rest hit the operating system's cache.
 * Read once at start: the pool cannot grow while PostgreSQL runs, so a database that grew is
 * given more at the next start.
 */
export function sharedBuffersMb(databaseBytes: number): number {
  const quarter = Math.ceil(databaseBytes / 4 / (8 * MB)) * 8;
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, quarter));
}

/** Bytes of the files under a directory (0 when it does not exist yet). */
export function directoryBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
