import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../errors.ts';
import { readJsonFile, readUploadFile } from './local-files.ts';

describe('local files', () => {
  it('given a directory where a file is expected, then a usage error names it (not the system code)', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'siteseer-cli-')), 'products.csv');
    await mkdir(dir);
    const upload = readUploadFile(dir);
    await expect(upload).rejects.toThrow(UsageError);
    await expect(upload).rejects.toThrow(`${dir} is a directory, not a file.`);
    const json = readJsonFile(dir);
    await expect(json).rejects.toThrow(UsageError);
    await expect(json).rejects.toThrow(`${dir} is a directory, not a file.`);
  });

  it('given a missing file, then a usage error says so', async () => {
    const missing = join(tmpdir(), 'siteseer-cli-no-such-file.csv');
    await expect(readUploadFile(missing)).rejects.toThrow(`No such file: ${missing}`);
    await expect(readJsonFile(missing)).rejects.toThrow(`No such file: ${missing}`);
  });
});
