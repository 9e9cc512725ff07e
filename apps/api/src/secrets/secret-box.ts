import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The bytes of an AES-256 key. */
export const SECRETS_KEY_BYTES = 32;
/** The sealed format's version: the first part of every sealed value. */
const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What the operator sets so that secrets can be saved (a PostgreSQL deployment has no data directory to keep a key in). */
const KEY_SETTING =
  'set SITESEER_SECRETS_KEY to 32 random bytes in base64 or hex (e.g. `openssl rand -base64 32`), the same on every API and crawl worker process';

/** No key is configured: secrets can be neither sealed nor opened. The server still runs. */
export class SecretsKeyMissingError extends Error {
  constructor() {
    super(
      `This server has no secrets key, so it cannot store or read site sign-ins and webhook secrets: ${KEY_SETTING}.`,
    );
    this.name = 'SecretsKeyMissingError';
  }
}

/** A sealed value that this server's key cannot open: another key sealed it, or it was altered. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(
      `A stored secret could not be read: ${reason}. Set it again, or start the server with the key that sealed it.`,
    );
    this.name = 'SecretUnreadableError';
  }
}

/**
 * The id of a key in sealed values: 8 hex of the SHA-256 of a fixed label and the key, so a value
 * says which key sealed it (for a later rotation) without revealing anything of the key.
 */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('siteseer-secrets-key-id\0').update(key).digest('hex').slice(0, 8);
}

/**
 * Seals and opens small secrets with AES-256-GCM: a random 12-byte IV per value, the 16-byte tag
 * kept, and `context` (what the value belongs to) as associated data, so a value copied to another
 * row does not open. A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts).
 * Without a key (`null`), sealing and opening throw SecretsKeyMissingError.
 */
export class SecretBox {
  readonly #key: Buffer | null;
  readonly #keyId: string | null;

  constructor(key: Buffer | null) {
    if (key !== null && key.length !== SECRETS_KEY_BYTES) {
      throw new Error(`A secrets key has ${SECRETS_KEY_BYTES} bytes, not ${key.length}.`);
    }
    this.#key = key;
    this.#keyId = key === null ? null : keyId(key);
  }

  /** Whether a key is configured (secrets can be saved). */
  get hasKey(): boolean {
    return this.#key !== null;
  }

  /** `plaintext` sealed for `context` (e.g. the account, engine and site it belongs to). */
  seal(plaintext: string, context: string): string {
    const key = this.#requireKey();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [FORMAT, this.#keyId, ...parts].join('.');
  }

  /** The plaintext of a value `seal` made for the same `context`; SecretUnreadableError otherwise. */
  open(sealed: string, context: string): string {
    const key = this.#requireKey();
    const [format, id, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (
      format !== FORMAT ||
      iv === undefined ||
      tag === undefined ||
      ciphertext === undefined ||
      rest.length > 0
    ) {
      throw new SecretUnreadableError('it is not in a format this server knows');
    }
    if (id !== this.#keyId) {
      throw new SecretUnreadableError(
        `it was sealed with another key (id ${id}; this server's is ${this.#keyId})`,
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new SecretUnreadableError('its authentication tag is cut short');
    decipher.setAuthTag(tagBytes);
    try {
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch (error) {
      // GCM's only failure past the checks above: the tag does not match (altered, or another row's).
      if (error instanceof Error && /authenticate/.test(error.message)) {
        throw new SecretUnreadableError('it was altered or belongs to another record');
      }
      throw error;
    }
  }

  #requireKey(): Buffer {
    if (this.#key === null) throw new SecretsKeyMissingError();
    return this.#key;
  }
}
