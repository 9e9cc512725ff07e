import { TIMING } from '@siteseer/core';

/** A screen module: what a lazy route loads. */
export interface ScreenModule {
  Component: React.ComponentType;
}

/**
 * Loads a route's screen (code splitting per route). A chunk that fails or takes longer than 120 s
 * fails with the spec's 'Loading chunk ... failed', which the route's error boundary shows.
 */
export function lazyScreen<M extends ScreenModule>(name: string, load: () => Promise<M>): () => Promise<M> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), TIMING.chunkLoadTimeoutMs);
    });
    try {
      return await Promise.race([load(), timeout]);
    } catch (error) {
      throw new Error(`Loading chunk ${name} failed.`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
}
