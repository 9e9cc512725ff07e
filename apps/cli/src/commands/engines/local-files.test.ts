import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
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

  it('given JSON with a byte order mark (UTF-8, or UTF-16 as Windows PowerShell writes), then it is read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'siteseer-cli-'));
    const json = '{"pageLoadDelay":"0ms","contentTarget":"main é"}';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]);
    const utf16be = Buffer.from(utf16le);
    utf16be.swap16();
    const files = {
      'utf8-bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]),
      'utf16le.json': utf16le,
      'utf16be.json': utf16be,
      'plain.json': Buffer.from(json),
    };
    for (const [name, bytes] of Object.entries(files)) {
      await writeFile(join(dir, name), bytes);
      expect(await readJsonFile(join(dir, name)), name).toEqual(JSON.parse(json));
    }
  });
});
