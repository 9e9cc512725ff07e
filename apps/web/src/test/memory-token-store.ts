import type { StoredTokens, TokenStore } from '../session/token-store.ts';

/** A token store in memory, its tokens in `value`, for tests of the session and its screens. */
export function memoryTokenStore(initial?: StoredTokens): TokenStore & { value: StoredTokens | undefined } {
  const store = {
    value: initial,
    read: () => store.value,
    write: (tokens: StoredTokens) => {
      store.value = tokens;
    },
    clear: () => {
      store.value = undefined;
    },
    subscribe: () => () => {},
  };
  return store;
}
