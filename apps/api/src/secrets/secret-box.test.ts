import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, SecretBox, SecretsKeyMissingError, SecretUnreadableError } from './secret-box.ts';

const key = randomBytes(32);
const box = new SecretBox(key);

describe('the secret box', () => {
  it('given a secret sealed, then it opens for the same context, and the sealed value shows none of it', () => {
    const sealed = box.seal('hunter2-password', 'account/engine/site');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.split('.')).toEqual([
      'v1',
      keyId(key),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(box.open(sealed, 'account/engine/site')).toBe('hunter2-password');
  });

  it('given the same secret sealed twice, then the values differ (a random IV each)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('given another key, then opening fails with a clear error naming the key ids, not garbage', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('secret', 'c');
    expect(() => box.open(sealed, 'c')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed, 'c')).toThrow(/sealed with another key \(id [0-9a-f]{8}; this server's is/);
  });

  it('given another context or an altered value, then opening fails as altered', () => {
    const sealed = box.seal('secret', 'engine-a/site');
    expect(() => box.open(sealed, 'engine-b/site')).toThrow(/altered or belongs to another record/);
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[4] as string, 'base64url');
    ciphertext[0] = (ciphertext[0] as number) ^ 1;
    parts[4] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'), 'engine-a/site')).toThrow(/altered/);
    expect(() => box.open('not-sealed', 'engine-a/site')).toThrow(/not in a format/);
  });

  it('given no key, then sealing and opening say how to set one', () => {
    const keyless = new SecretBox(null);
    expect(keyless.hasKey).toBe(false);
    expect(() => keyless.seal('x', 'c')).toThrow(SecretsKeyMissingError);
    expect(() => keyless.seal('x', 'c')).toThrow(/SITESEER_SECRETS_KEY/);
  });

  it('given a key of the wrong length, then the box refuses it', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes, not 16/);
  });
});
