import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directoryBytes, sharedBuffersMb } from './pglite-memory.ts';

const MB = 1024 * 1024;

describe('sharedBuffersMb', () => {
  it('gives a new or small database the floor', () => {
    expect(sharedBuffersMb(0)).toBe(16);
    expect(sharedBuffersMb(40 * MB)).toBe(16);
  });

  it('gives a quarter of the data, rounded up to 8 MB, between the bounds', () => {
    expect(sharedBuffersMb(100 * MB)).toBe(32);
    expect(sharedBuffersMb(300 * MB)).toBe(80);
  });

  it('never passes PGlite default of 128 MB', () => {
    expect(sharedBuffersMb(4096 * MB)).toBe(128);
  });
});

describe('directoryBytes', () => {
  it('adds the files of nested directories, and is 0 for a missing one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'siteseer-bytes-'));
    try {
      mkdirSync(join(dir, 'base', '5'), { recursive: true });
      writeFileSync(join(dir, 'PG_VERSION'), '17\n');
      writeFileSync(join(dir, 'base', '5', '1259'), Buffer.alloc(8192));
      expect(directoryBytes(dir)).toBe(8195);
      expect(directoryBytes(join(dir, 'missing'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
