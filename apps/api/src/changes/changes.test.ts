import { describe, expect, it } from 'vitest';
import type { ListenHandlers, Store } from '../store/types.ts';
import { Changes, keywordGenerationChange, keywordGenerationOf } from './changes.ts';

/** A PostgreSQL store as Changes sees it: what it notifies, and its listeners to drive by hand. */
function fakePostgres(notify: (channel: string, payload: string) => Promise<void> = async () => {}) {
  const listening = new Map<string, ListenHandlers & { live: boolean; stopped: boolean }>();
  const sent: [string, string][] = [];
  const store = {
    kind: 'postgres',
    notify: async (channel: string, payload: string) => {
      await notify(channel, payload);
      sent.push([channel, payload]);
    },
    listen: (channel: string, handlers: ListenHandlers) => {
      const listener = {
        ...handlers,
        live: true,
        stopped: false,
        async stop() {
          listener.stopped = true;
        },
      };
      listening.set(channel, listener);
      return listener;
    },
  } as unknown as Store;
  return { store, sent, listening };
}

describe('Changes', () => {
  it("given an announcement, then this process's handlers of its topic hear it at once and the others by the store", async () => {
    const { store, sent } = fakePostgres();
    const changes = new Changes(store, (error) => {
      throw error;
    });
    const crawls: (string | undefined)[] = [];
    const clients: (string | undefined)[] = [];
    changes.on('crawls', (payload) => crawls.push(payload));
    changes.on('clients', (payload) => clients.push(payload));
    await changes.announce('crawls', 'account/engine');
    expect(crawls).toEqual(['account/engine']);
    expect(clients).toEqual([]);
    expect(sent).toEqual([['siteseer_crawls', 'account/engine']]);
  });

  it('given a notification from another process, or a gap, then the handlers hear it (undefined for a gap)', async () => {
    const { store, listening } = fakePostgres();
    const changes = new Changes(store, (error) => {
      throw error;
    });
    const heard: (string | undefined)[] = [];
    const unsubscribe = changes.on('keywordGenerations', (payload) => heard.push(payload));
    const listener = listening.get('siteseer_keyword_generations');
    listener?.onMessage('kw-published:a/b');
    listener?.onGap();
    expect(heard).toEqual(['kw-published:a/b', undefined]);
    unsubscribe();
    listener?.onMessage('kw-published:a/c');
    expect(heard).toHaveLength(2);
    await changes.close();
    expect(listener?.stopped).toBe(true);
  });

  it('given a handler that throws or a notification that fails, then each is logged with what it was, and the rest goes on', async () => {
    const { store } = fakePostgres(async () => {
      throw new Error('connection lost');
    });
    const logged: string[] = [];
    const changes = new Changes(store, (error, what) => logged.push(`${what}: ${(error as Error).message}`));
    const heard: string[] = [];
    changes.on('clients', () => {
      throw new Error('handler broke');
    });
    changes.on('clients', (payload) => heard.push(payload ?? 'gap'));
    await changes.announce('clients', '');
    expect(heard).toEqual(['']);
    expect(logged).toEqual([
      'handling a change of clients (all): handler broke',
      'telling other processes of a change of clients (all): connection lost',
    ]);
  });

  it('given PostgreSQL, then every change is heard only while listening; on PGlite always', () => {
    const { store, listening } = fakePostgres();
    const changes = new Changes(store, () => {});
    changes.on('clients', () => {});
    expect(changes.hearsAll('clients')).toBe(true);
    const listener = listening.get('siteseer_live_engines');
    if (listener) listener.live = false;
    expect(changes.hearsAll('clients')).toBe(false);
    const pglite = new Changes({ kind: 'pglite', notify: async () => {} } as unknown as Store, () => {});
    expect(pglite.hearsAll('clients')).toBe(true);
  });

  it('given a keyword generation payload, then its kind and engine read back; anything else is none', () => {
    const engine = { accountId: 'acc', engineId: 'eng' };
    expect(keywordGenerationOf(keywordGenerationChange('new', engine))).toEqual({ kind: 'new', ...engine });
    expect(keywordGenerationOf(keywordGenerationChange('published', engine))).toEqual({
      kind: 'published',
      ...engine,
    });
    for (const other of [undefined, '', 'kw-generation:acc', 'kw-generation:acc/eng/x', 'acc/eng'])
      expect(keywordGenerationOf(other)).toBeNull();
  });
});
