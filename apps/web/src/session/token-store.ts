// zod's mini build: the token store is read before the first screen, and zod's full build (core's
// schemas) is tens of kB more that the first screen otherwise does without.
import { z } from 'zod/mini';

/** The tokens of a signed-in session, as kept in localStorage (shared by every tab). */
export const StoredTokens = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.optional(z.string()),
  idToken: z.optional(z.string()),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: z.number(),
  /** Epoch milliseconds when these tokens were obtained. */
  obtainedAt: z.number(),
});
export type StoredTokens = z.infer<typeof StoredTokens>;

export const TOKENS_KEY = 'siteseer.tokens';

/** Reads and writes the session's tokens; every tab sees the same ones. */
export interface TokenStore {
  read(): StoredTokens | undefined;
  write(tokens: StoredTokens): void;
  clear(): void;
  /** Calls back when another tab changes the tokens; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The token store over localStorage (validated on read: the file is ours, but old tabs may differ). */
export function localTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    read() {
      const raw = storage.getItem(TOKENS_KEY);
      if (!raw) return undefined;
      try {
        const parsed = StoredTokens.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : undefined;
      } catch (error) {
        if (error instanceof SyntaxError) return undefined;
        throw error;
      }
    },
    write(tokens) {
      storage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    },
    clear() {
      storage.removeItem(TOKENS_KEY);
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === TOKENS_KEY || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
