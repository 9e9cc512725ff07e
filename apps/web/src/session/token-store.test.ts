import { describe, expect, it } from 'vitest';
import { localTokenStore, TOKENS_KEY } from './token-store.ts';

function storageWith(raw: string | undefined): Storage {
  const values = new Map<string, string>(raw === undefined ? [] : [[TOKENS_KEY, raw]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  } as Storage;
}

const tokens = { accessToken: 'at', refreshToken: 'rt', expiresAt: 2, obtainedAt: 1 };

describe('the token store', () => {
  it('Given stored tokens, when read, then they come back without fields the store does not know', () => {
    const store = localTokenStore(storageWith(JSON.stringify({ ...tokens, stale: true })));
    expect(store.read()).toEqual(tokens);
  });

  it('Given tokens without an access token, with a wrong type, or text that is not JSON, then there are none', () => {
    expect(
      localTokenStore(storageWith(JSON.stringify({ ...tokens, accessToken: '' }))).read(),
    ).toBeUndefined();
    expect(
      localTokenStore(storageWith(JSON.stringify({ ...tokens, expiresAt: '2' }))).read(),
    ).toBeUndefined();
    expect(localTokenStore(storageWith(JSON.stringify({ ...tokens, idToken: 3 }))).read()).toBeUndefined();
    expect(localTokenStore(storageWith('{not json')).read()).toBeUndefined();
    expect(localTokenStore(storageWith(undefined)).read()).toBeUndefined();
  });

  it('Given written tokens, when read and then cleared, then they round-trip and go', () => {
    const store = localTokenStore(storageWith(undefined));
    store.write(tokens);
    expect(store.read()).toEqual(tokens);
    store.clear();
    expect(store.read()).toBeUndefined();
  });
});
