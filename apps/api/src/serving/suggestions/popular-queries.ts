import { DAY_MS, type SuggestionSettings } from '@siteseer/core';
import { readPopularQueries } from '../../repositories/popular-queries.ts';
import type { Queryable } from '../../store/types.ts';
import type { IndexMemory } from '../index-memory.ts';
import { IndexRegistry } from '../index-registry.ts';
import { PopularQueryIndex } from './popular-query-index.ts';

/** Days of recorded searches suggestions are drawn from. */
const SUGGESTION_DAYS = 30;
/** Queries one client's suggestions hold at most (the most searched). */
const POPULAR_QUERIES_MAX = 100_000;

/** A client's index, with what it was made for. */
interface Made {
  index: PopularQueryIndex;
  /** The settings it was made with (see settingsKey). */
  settings: string;
  /** When it was read (clock ms). */
  at: number;
}

export interface PopularQueriesOptions {
  /** How long an index answers before it is read again (meanwhile it still answers). */
  refreshMs: number;
  /** Reports a read again that failed (the last index goes on answering). */
  log: (error: unknown, what: string) => void;
  now?: () => number;
}

/** What an index depends on besides the recorded searches. */
function settingsKey(settings: SuggestionSettings): string {
  return `${settings.minVisitors}\n${settings.blockedTerms.join('\n')}`;
}

/**
 * Each keyword client's popular queries in memory (PopularQueryIndex), read from the query rollup
 * when first asked for and again every `refreshMs` while asked for: a suggestion waits for the
 * store only for a client's first one, or after its settings changed (a blocked term must go at
 * once); otherwise the index of before answers while the new one is read. Held in the app's one
 * index registry budget beside the search indexes: the least recently used goes first.
 */
export class PopularQueries {
  readonly #db: Queryable;
  readonly #options: PopularQueriesOptions;
  readonly #now: () => number;
  readonly #registry: IndexRegistry<Made>;
  /** Reads under way, by client id, with the settings they read for. */
  readonly #reading = new Map<string, { settings: string; done: Promise<Made | undefined> }>();
  #order = 0n;

  constructor(db: Queryable, memory: IndexMemory, options: PopularQueriesOptions) {
    this.#db = db;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#registry = new IndexRegistry(memory, {
      bytesOf: (made) => made.index.bytes,
      release: async () => undefined,
      failures: 'reject',
    });
  }

  /** The client's popular queries as its settings allow; undefined when the app is closing. */
  async of(
    client: { accountId: string; clientId: string },
    settings: SuggestionSettings,
  ): Promise<PopularQueryIndex | undefined> {
    const key = settingsKey(settings);
    const latest = this.#registry.latestReady({ key: '', engine: client.clientId, order: this.#order + 1n });
    if (latest && latest.index.settings === key) {
      this.#registry.use(latest.id.key);
      if (this.#now() - latest.index.at >= this.#options.refreshMs && !this.#reading.has(client.clientId)) {
        this.#read(client, settings, key).catch((error: unknown) =>
          this.#options.log(error, 'Reading popular queries again'),
        );
      }
      return latest.index.index;
    }
    // A read under way for other settings (they just changed) is overtaken by a new one.
    const reading = this.#reading.get(client.clientId);
    const made = reading?.settings === key ? reading.done : this.#read(client, settings, key);
    return (await made)?.index;
  }

  /** Releases every index (the app closes). */
  close(): Promise<void> {
    return this.#registry.close();
  }

  #read(
    client: { accountId: string; clientId: string },
    settings: SuggestionSettings,
    key: string,
  ): Promise<Made | undefined> {
    const at = this.#now();
    const since = new Date(at - (SUGGESTION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    this.#order += 1n;
    const made = readPopularQueries(this.#db, client, since, settings.minVisitors, POPULAR_QUERIES_MAX).then(
      (ranked) => ({ index: new PopularQueryIndex(ranked, settings.blockedTerms), settings: key, at }),
    );
    const done = this.#registry
      .track({ key: `${client.clientId}:${this.#order}`, engine: client.clientId, order: this.#order }, made)
      .finally(() => {
        if (this.#reading.get(client.clientId) === reading) this.#reading.delete(client.clientId);
      });
    const reading = { settings: key, done };
    this.#reading.set(client.clientId, reading);
    return done;
  }
}
