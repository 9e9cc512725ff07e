import pg from 'pg';
import type { Listener, ListenHandlers } from './types.ts';

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries): notifications
 * of every process as their transactions commit. When the connection is lost it says so
 * (`onGap`), reconnects every second, and says so again once listening (what was sent meanwhile
 * is lost).
 */
export class PgListener implements Listener {
  readonly #config: pg.ClientConfig;
  readonly #channel: string;
  readonly #handlers: ListenHandlers;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #stopped = false;
  #live = false;

  constructor(config: pg.ClientConfig, channel: string, handlers: ListenHandlers) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel))
      throw new Error(`Channel "${channel}" must be a plain identifier`);
    this.#config = config;
    this.#channel = channel;
    this.#handlers = handlers;
    void this.#connect();
  }

  get live(): boolean {
    return this.#live;
  }

  async #connect(): Promise<void> {
    this.#retry = undefined;
    if (this.#stopped) return;
    const client = new pg.Client(this.#config);
    this.#client = client;
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.#channel) this.#handlers.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.#channel}`);
    } catch {
      this.#lost(client);
      return;
    }
    if (this.#client !== client) return;
    this.#live = true;
    this.#handlers.onGap();
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#live) {
      this.#live = false;
      this.#handlers.onGap();
    }
    client.end().catch(() => undefined);
    if (!this.#stopped) this.#retry = setTimeout(() => void this.#connect(), RECONNECT_MS).unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#live = false;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
