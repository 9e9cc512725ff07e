import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import type { StoredCredentials } from './credentials.ts';
import { FileCredentialStore } from './file-store.ts';
import { FallbackCredentialStore, KeyringCredentialStore, type KeyringEntry } from './keyring-store.ts';

const creds = (server = 'https://a.test'): StoredCredentials => ({
  server,
  apiBase: `${server}/api`,
  issuer: `${server}/oidc`,
  clientId: 'siteseer-cli',
  accessToken: 'at',
  refreshToken: 'rt',
  expiresAt: 1,
});

async function dir() {
  return mkdtemp(join(tmpdir(), 'siteseer-store-'));
}

describe('the credentials file', () => {
  it('given a login, when saved, then the file is 0600 and reads back validated', async () => {
    const store = new FileCredentialStore(await dir());
    await store.save(creds());
    await store.save(creds('https://b.test'));
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    expect(await store.load('https://a.test')).toEqual(creds());
    expect(await store.remove('https://a.test')).toBe(true);
    expect(await store.load('https://a.test')).toBeUndefined();
    expect(await store.load('https://b.test')).toBeDefined();
  });

  it('given a tampered file, when read, then a clear error names it', async () => {
    const store = new FileCredentialStore(await dir());
    await store.save(creds());
    await writeFile(store.path, JSON.stringify({ version: 1, servers: { x: { accessToken: 3 } } }), {
      mode: 0o644,
    });
    await expect(store.load('x')).rejects.toThrow(AbortError);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    // A new login replaces it.
    await store.save(creds());
    expect(await store.load('https://a.test')).toEqual(creds());
  });
});

function memoryKeyring(fail = false) {
  const entries = new Map<string, string>();
  const factory =
    async () =>
    (_service: string, account: string): KeyringEntry => ({
      async getPassword() {
        if (fail) throw new Error('AccessDenied');
        return entries.get(account) ?? null;
      },
      async setPassword(password) {
        if (fail) throw new Error('AccessDenied');
        entries.set(account, password);
      },
      async deletePassword() {
        if (fail) throw new Error('AccessDenied');
        return entries.delete(account);
      },
    });
  return { entries, store: new KeyringCredentialStore(factory) };
}

describe('the keyring with a file fallback', () => {
  it('given a working keyring, when saving, then the keyring holds it and no file is written', async () => {
    const keyring = memoryKeyring();
    const file = new FileCredentialStore(await dir());
    const store = new FallbackCredentialStore(keyring.store, file);
    await store.save(creds());
    expect(JSON.parse(keyring.entries.get('https://a.test') ?? '{}').accessToken).toBe('at');
    await expect(readFile(file.path, 'utf8')).rejects.toThrow();
    expect(await store.load('https://a.test')).toEqual(creds());
    expect(store.describe()).toBe('the OS keyring');
  });

  it('given a keyring that refuses access, when saving and loading, then the 0600 file is used', async () => {
    const file = new FileCredentialStore(await dir());
    const store = new FallbackCredentialStore(memoryKeyring(true).store, file);
    await store.save(creds());
    expect(await file.load('https://a.test')).toEqual(creds());
    expect(await store.load('https://a.test')).toEqual(creds());
    expect(store.describe()).toBe(file.path);
    expect(await store.remove('https://a.test')).toBe(true);
  });
});
