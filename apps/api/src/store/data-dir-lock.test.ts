import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileName } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'siteseer-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited: no process has it (until the system reuses it). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function writeLock(holder: object | string): void {
  writeFileSync(join(dir, lockFileName), typeof holder === 'string' ? holder : JSON.stringify(holder));
}

describe('the data directory lock', () => {
  it('given a free directory, when locked, then the lock file names this process, and release removes it', () => {
    const lock = lockDataDir(dir);
    const holder = JSON.parse(readFileSync(lock.path, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lock.release();
  });

  it('given a held lock, when locked again, then it is refused naming the holder, and the holder keeps it', () => {
    const lock = lockDataDir(dir);
    try {
      const error = (() => {
        try {
          lockDataDir(dir);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(
        `is in use by another Siteseer server (process ${process.pid} on`,
      );
      expect(existsSync(lock.path)).toBe(true);
    } finally {
      lock.release();
    }
  });

  it('given a lock left by a process that has died, when locked, then it is taken over', () => {
    writeLock({ pid: deadPid(), host: hostname(), since: '2026-01-01T00:00:00.000Z', token: 'old' });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('given a lock with our pid that this process never took (a former process with the same pid), then it is taken over', () => {
    writeLock({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z', token: 'former' });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).token).not.toBe('former');
    lock.release();
  });

  it('given a torn lock file (a process killed while writing it), then it is taken over', () => {
    writeLock('{"pid":12');
    lockDataDir(dir).release();
  });

  it('given a lock written on another host, then it is refused with how to clear it', () => {
    writeLock({ pid: deadPid(), host: 'another-host', since: '2026-01-01T00:00:00.000Z', token: 'x' });
    expect(() => lockDataDir(dir)).toThrow(
      /process \d+ on another-host.*If that host no longer runs it, delete/,
    );
  });

  it('given a lock released by its holder after another process took the directory, then the new holder keeps it', () => {
    const first = lockDataDir(dir);
    // The first holder "died": its file is replaced by a new holder's, then the old handle releases.
    writeLock({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z', token: 'newer' });
    first.release();
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).token).toBe('newer');
  });
});
