import { AbortError } from '../errors.ts';
import { type CredentialStore, StoredCredentials } from './credentials.ts';
import type { FileCredentialStore } from './file-store.ts';

const SERVICE = 'siteseer-cli';

/** The part of @napi-rs/keyring's AsyncEntry the store uses (a fake in tests). */
export interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}

export type KeyringFactory = (service: string, account: string) => KeyringEntry;

/** The OS keyring through @napi-rs/keyring, loaded only when used. */
export async function loadOsKeyring(): Promise<KeyringFactory> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  return (service, account) => new AsyncEntry(service, account);
}

/** The OS keyring could not be used (no secret service, locked, denied). */
class KeyringUnavailableError extends Error {}

/** Credentials in the OS keyring, one entry per server, the JSON validated when read. */
export class KeyringCredentialStore implements CredentialStore {
  private readonly factory: () => Promise<KeyringFactory>;

  constructor(factory: () => Promise<KeyringFactory>) {
    this.factory = factory;
  }

  describe(): string {
    return 'the OS keyring';
  }

  private async entry(server: string): Promise<KeyringEntry> {
    try {
      return (await this.factory())(SERVICE, server);
    } catch (error) {
      throw new KeyringUnavailableError('The OS keyring could not be loaded', { cause: error });
    }
  }

  private async attempt<T>(server: string, action: (entry: KeyringEntry) => Promise<T>): Promise<T> {
    const entry = await this.entry(server);
    try {
      return await action(entry);
    } catch (error) {
      throw new KeyringUnavailableError('The OS keyring could not be used', { cause: error });
    }
  }

  async load(server: string): Promise<StoredCredentials | undefined> {
    const text = await this.attempt(server, (entry) => entry.getPassword());
    if (text === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
    const parsed = StoredCredentials.safeParse(json);
    if (!parsed.success) {
      throw new AbortError(`The saved credentials for ${server} in the OS keyring are not valid.`, {
        hint: 'Run `siteseer logout`, then `siteseer login`.',
      });
    }
    return parsed.data;
  }

  async save(credentials: StoredCredentials): Promise<void> {
    await this.attempt(credentials.server, (entry) => entry.setPassword(JSON.stringify(credentials)));
  }

  async remove(server: string): Promise<boolean> {
    return this.attempt(server, (entry) => entry.deletePassword());
  }
}

/**
 * The keyring when it works, else the 0600 file: each operation falls back on its own, so a
 * machine without a secret service (CI, containers, SSH sessions) still keeps a login.
 */
export class FallbackCredentialStore implements CredentialStore {
  private readonly keyring: KeyringCredentialStore;
  private readonly file: FileCredentialStore;
  private lastUsed: CredentialStore;

  constructor(keyring: KeyringCredentialStore, file: FileCredentialStore) {
    this.keyring = keyring;
    this.file = file;
    this.lastUsed = keyring;
  }

  describe(): string {
    return this.lastUsed.describe();
  }

  async load(server: string): Promise<StoredCredentials | undefined> {
    try {
      const found = await this.keyring.load(server);
      if (found) {
        this.lastUsed = this.keyring;
        return found;
      }
    } catch (error) {
      if (!(error instanceof KeyringUnavailableError)) throw error;
    }
    this.lastUsed = this.file;
    return this.file.load(server);
  }

  async save(credentials: StoredCredentials): Promise<void> {
    try {
      await this.keyring.save(credentials);
      this.lastUsed = this.keyring;
      // Drop an older file copy so the two never disagree.
      await this.file.remove(credentials.server);
      return;
    } catch (error) {
      if (!(error instanceof KeyringUnavailableError)) throw error;
    }
    this.lastUsed = this.file;
    await this.file.save(credentials);
  }

  async remove(server: string): Promise<boolean> {
    let removed = false;
    try {
      removed = await this.keyring.remove(server);
    } catch (error) {
      if (!(error instanceof KeyringUnavailableError)) throw error;
    }
    return (await this.file.remove(server)) || removed;
  }
}
