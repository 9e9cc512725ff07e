import { join } from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';
import type { CliEnv } from '../env.ts';
import type { CredentialStore } from './credentials.ts';
import { FileCredentialStore, readJsonFile, writePrivateFile } from './file-store.ts';
import { FallbackCredentialStore, KeyringCredentialStore, loadOsKeyring } from './keyring-store.ts';

/** The CLI's config directory: SITESEER_CONFIG_DIR, else the OS's (e.g. ~/.config/siteseer). */
export function configDirOf(env: CliEnv): string {
  return env.configDir ?? envPaths('siteseer', { suffix: '' }).config;
}

/** The credential store for this environment: keyring with file fallback, or the file alone. */
export function credentialStoreFor(env: CliEnv): CredentialStore {
  const file = new FileCredentialStore(configDirOf(env));
  if (env.noKeyring) return file;
  return new FallbackCredentialStore(new KeyringCredentialStore(loadOsKeyring), file);
}

const SettingsFile = z.object({ server: z.string().optional() });
export type Settings = z.infer<typeof SettingsFile>;

/** Non-secret settings (`settings.json`): the server `siteseer login` last signed in to. */
export class SettingsStore {
  readonly path: string;

  constructor(configDir: string) {
    this.path = join(configDir, 'settings.json');
  }

  async read(): Promise<Settings> {
    // Settings are a convenience: a damaged file is ignored (login rewrites it).
    return (await readJsonFile(this.path, SettingsFile)) ?? {};
  }

  async write(settings: Settings): Promise<void> {
    await writePrivateFile(this.path, `${JSON.stringify(settings, null, 2)}\n`);
  }
}
