import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirSecretsKey, parseSecretsKey, SECRETS_KEY_FILE, secretsKeyFor } from './secrets-key.ts';

describe('the secrets key', () => {
  it('given 32 bytes in hex or base64, then they are the key; anything else says what is expected', () => {
    const bytes = randomBytes(32);
    expect(parseSecretsKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSecretsKey(`${bytes.toString('base64')}\n`)).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(() => parseSecretsKey('short')).toThrow(/must be 32 bytes in base64 or 64 hex digits/);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/not 16 bytes/);
  });

  it('given an embedded store, then a key is generated once into the data directory, mode 0600, and reused', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'siteseer-key-')), 'data');
    const first = dataDirSecretsKey(dir);
    const file = join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(dataDirSecretsKey(dir)).toEqual(first);
    expect(secretsKeyFor({ secretsKey: undefined, databaseUrl: undefined, dataDir: dir })).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('given a key file others may read, then it is made private again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'siteseer-key-'));
    writeFileSync(join(dir, SECRETS_KEY_FILE), randomBytes(32).toString('hex'), { mode: 0o644 });
    dataDirSecretsKey(dir);
    expect(statSync(join(dir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('given DATABASE_URL, then only the configured key is used: none without it', () => {
    const configured = randomBytes(32);
    const dataDir = mkdtempSync(join(tmpdir(), 'siteseer-key-'));
    expect(secretsKeyFor({ secretsKey: undefined, databaseUrl: 'postgres://db/x', dataDir })).toBeNull();
    expect(secretsKeyFor({ secretsKey: configured, databaseUrl: 'postgres://db/x', dataDir })).toBe(
      configured,
    );
  });
});
