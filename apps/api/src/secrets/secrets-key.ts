import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRETS_KEY_BYTES } from './secret-box.ts';

/** The key file the embedded store's server generates in its data directory. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * SITESEER_SECRETS_KEY's value as key bytes: 32 bytes written as 64 hex digits or in base64
 * (standard or URL-safe); anything else is an error saying what is expected.
 */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : Buffer.alloc(0);
  if (bytes.length !== SECRETS_KEY_BYTES) {
    throw new Error(
      `must be ${SECRETS_KEY_BYTES} bytes in base64 or 64 hex digits (e.g. \`openssl rand -base64 32\`), not ${bytes.length} bytes`,
    );
  }
  return bytes;
}

/**
 * The key of an embedded store's server: read from `<dataDir>/secrets.key`, or generated there
 * once (mode 0600, created exclusively) and reused at every start. A key file anyone else may read
 * is made private again.
 */
export function dataDirSecretsKey(dataDir: string): Buffer {
  const file = join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  try {
    return parseSecretsKey(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The secrets key file ${file} ${(error as Error).message}.`);
  }
}

/**
 * The key secrets are sealed with: the configured one (SITESEER_SECRETS_KEY), else on the embedded
 * store the data directory's, else, with PGlite in memory (tests), a key of this process alone.
 * With DATABASE_URL and no key there is none (null): the server runs, and refuses only to save or
 * read site sign-ins, saying how to set one.
 */
export function secretsKeyFor(config: {
  secretsKey: Buffer | undefined;
  databaseUrl: string | undefined;
  dataDir: string | null;
}): Buffer | null {
  if (config.secretsKey) return config.secretsKey;
  if (config.databaseUrl) return null;
  if (config.dataDir !== null) return dataDirSecretsKey(config.dataDir);
  return randomBytes(SECRETS_KEY_BYTES);
}
