import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * PGlite has no lock of its own: two processes that open one data directory both write to it, and
 * after the next crash it may not start again or may have lost committed data. So a server holds
 * `siteseer.lock` in the directory for as long as its store is open: a file naming the holder,
 * made with O_EXCL. A lock whose holder is gone (killed, crashed) is taken over; one whose holder
 * still runs refuses the start.
 */
export const lockFileName = 'siteseer.lock';

const Holder = z.object({ pid: z.number().int(), host: z.string(), since: z.string(), token: z.string() });
type Holder = z.infer<typeof Holder>;

/** Tokens of the locks this process holds: a lock naming our pid but none of them is a former process's. */
const heldHere = new Set<string>();

/** The data directory is in use by another live process; the message names it. */
export class DataDirLockedError extends Error {
  readonly holder: Holder | undefined;
  constructor(message: string, holder?: Holder) {
    super(message);
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this lock's (idempotent). */
  release(): void;
}

/** Takes the exclusive lock on `dataDir` (created when missing) or throws `DataDirLockedError`. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  const self: Holder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  const content = `${JSON.stringify(self)}\n`;
  // Two rounds: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round += 1) {
    try {
      writeFileSync(path, content, { flag: 'wx', mode: 0o600 });
      heldHere.add(self.token);
      return {
        path,
        release: () => {
          heldHere.delete(self.token);
          releaseIfOurs(path, self.token);
        },
      };
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
    const text = readText(path);
    if (text === undefined) continue; // removed meanwhile: try again
    const holder = parseHolder(text);
    if (holder && holderIsAlive(holder)) {
      const elsewhere = holder.host === hostname() ? '' : ` If that host no longer runs it, delete ${path}.`;
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Siteseer server (process ${holder.pid} on ${holder.host}, since ${holder.since}). Stop that process, or set SITESEER_DATA_DIR to another directory.${elsewhere}`,
        holder,
      );
    }
    removeStale(path, text);
  }
  throw new DataDirLockedError(
    `The data directory ${dataDir} is being locked by another process starting at the same time; try again.`,
  );
}

/**
 * Not a plain unlink: another process may have taken the stale lock over since it was read. The
 * file is moved aside atomically, and put back when it turns out to be someone else's.
 */
function removeStale(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    if (readText(aside) !== staleText) linkSync(aside, path);
  } finally {
    unlinkSync(aside);
  }
}

function holderIsAlive(holder: Holder): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: it counts as held.
  if (holder.host !== hostname()) return true;
  // Our own pid: held by this process, or left by a former one that had the same pid (containers).
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    if (isCode(error, 'ESRCH')) return false;
    if (isCode(error, 'EPERM')) return true; // alive, owned by another user
    throw error;
  }
}

function releaseIfOurs(path: string, token: string): void {
  const text = readText(path);
  if (text === undefined || parseHolder(text)?.token !== token) return;
  unlinkSync(path);
}

/** A lock file that is not ours to read (torn write of a killed process, garbage) is stale. */
function parseHolder(text: string): Holder | undefined {
  try {
    const parsed = Holder.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
