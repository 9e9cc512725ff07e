import type { Listener, Store } from '../store/types.ts';

/**
 * What is announced, each topic on a channel of its own (PostgreSQL's NOTIFY between processes):
 * - `crawls`: a crawl was started, stopped or given new settings ("accountId/engineId");
 * - `clients`: what public searches read of clients changed (a publish, a client or engine edited
 *   or deleted); the payload is empty: every client is read again;
 * - `keywordGenerations`: a keyword engine has a new generation to search (see
 *   keywordGenerationChange).
 */
const CHANGE_CHANNELS = {
  crawls: 'siteseer_crawls',
  clients: 'siteseer_live_engines',
  keywordGenerations: 'siteseer_keyword_generations',
} as const;

export type ChangeTopic = keyof typeof CHANGE_CHANNELS;

/** A change's payload, or undefined: changes of the topic may have gone unheard (a lost connection). */
export type ChangeHandler = (payload: string | undefined) => void;

/** Where a failure is reported, with what was being done. */
export type ChangeLog = (error: unknown, context: string) => void;

interface Topic {
  handlers: Set<ChangeHandler>;
  listener: Listener | undefined;
}

/**
 * The changes of one process: an announcement reaches this process's handlers at once and the
 * other processes' through the store (Store.notify / Store.listen). A topic is listened to from
 * its first handler on. Nothing fails silently: a handler that throws, or a notification that
 * could not be sent, is logged with what it was; the announcement still reaches the others.
 */
export class Changes {
  readonly #store: Store;
  readonly #log: ChangeLog;
  readonly #topics = new Map<ChangeTopic, Topic>();
  #closed = false;

  constructor(store: Store, log: ChangeLog) {
    this.#store = store;
    this.#log = log;
  }

  /** Calls `handler` with every change of `topic` announced from now on, in any process; returns the unsubscription. */
  on(topic: ChangeTopic, handler: ChangeHandler): () => void {
    const { handlers } = this.#topic(topic);
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /**
   * Whether every change of `topic` is heard here: always on PGlite (one process); on PostgreSQL
   * while its listening connection is up. A cache that cannot hear every change must not be trusted.
   */
  hearsAll(topic: ChangeTopic): boolean {
    const { listener } = this.#topic(topic);
    return this.#store.kind === 'pglite' || (listener?.live ?? false);
  }

  /**
   * Announces a change once it has committed: this process's handlers now, the other processes'
   * when the notification reaches them. Should the notification fail, the change stands (the others
   * see it when their caches expire or their loops look again), and it is logged.
   */
  async announce(topic: ChangeTopic, payload: string): Promise<void> {
    this.#deliver(topic, payload);
    try {
      await this.#store.notify(CHANGE_CHANNELS[topic], payload);
    } catch (error) {
      this.#log(error, `telling other processes of a change of ${topic} (${described(payload)})`);
    }
  }

  /** Stops listening; handlers are not called any more. */
  async close(): Promise<void> {
    this.#closed = true;
    const listeners = [...this.#topics.values()].map((topic) => topic.listener);
    this.#topics.clear();
    await Promise.all(listeners.map((listener) => listener?.stop()));
  }

  #topic(topic: ChangeTopic): Topic {
    let known = this.#topics.get(topic);
    if (!known) {
      known = { handlers: new Set(), listener: undefined };
      this.#topics.set(topic, known);
      if (!this.#closed)
        known.listener = this.#store.listen?.(CHANGE_CHANNELS[topic], {
          onMessage: (payload) => this.#deliver(topic, payload),
          onGap: () => this.#deliver(topic, undefined),
        });
    }
    return known;
  }

  #deliver(topic: ChangeTopic, payload: string | undefined): void {
    for (const handler of this.#topics.get(topic)?.handlers ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.#log(error, `handling a change of ${topic} (${described(payload)})`);
      }
    }
  }
}

/** A payload as logs name it. */
function described(payload: string | undefined): string {
  if (payload === undefined) return 'some unheard';
  return payload === '' ? 'all' : payload;
}

/** A keyword engine's new generation: `new` (a new index must be made: settings, synonyms, mapping) or `published` (a crawl published). */
export type KeywordGenerationKind = 'new' | 'published';

const GENERATION_PREFIXES: Record<KeywordGenerationKind, string> = {
  new: 'kw-generation:',
  published: 'kw-published:',
};

/** The payload announcing a keyword engine's new generation. */
export function keywordGenerationChange(
  kind: KeywordGenerationKind,
  engine: { accountId: string; engineId: string },
): string {
  return `${GENERATION_PREFIXES[kind]}${engine.accountId}/${engine.engineId}`;
}

/** The engine and kind a keyword generation payload announces, or null for anything else. */
export function keywordGenerationOf(
  payload: string | undefined,
): { kind: KeywordGenerationKind; accountId: string; engineId: string } | null {
  if (payload === undefined) return null;
  for (const [kind, prefix] of Object.entries(GENERATION_PREFIXES) as [KeywordGenerationKind, string][]) {
    if (!payload.startsWith(prefix)) continue;
    const [accountId, engineId, ...rest] = payload.slice(prefix.length).split('/');
    if (!accountId || !engineId || rest.length > 0) return null;
    return { kind, accountId, engineId };
  }
  return null;
}
