import { randomUUID } from 'node:crypto';
import { readSync } from 'node:fs';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CharacterMapping } from '@siteseer/core';
import { yieldToLoop } from '../../event-loop.ts';
import type { PageTextRow } from './page-text.ts';
import type { WriteBatch, WriteReply, WriterData } from './page-text-writer.ts';

/** Bytes appended and not yet written past which `append` makes its caller wait. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/**
 * Characters of text per message to the writer (a page with more goes alone). Copying a message
 * holds the sending thread: a build's batch of 16M characters sent whole held the event loop that
 * answers searches 50-100 ms; sent a message per turn, a few milliseconds each.
 */
const MESSAGE_CHARS = 1_000_000;

/** Where a text begins in the file and how many bytes it has. */
interface Place {
  at: number;
  bytes: number;
}

/** Pages' places in a file (`lease`): its descriptor, an offset and a length per page, and the end of the lease. */
export interface LeasedRecords {
  fd: number;
  /** Per page in order: where its record starts, then its length in bytes. */
  places: number[];
  release(): void;
}

/**
 * The records at these places of the file open as `fd`, one after the other (record i ends at
 * `ends[i]`). Read synchronously: a result page's ten records are a few kilobytes of a file the
 * process wrote itself, in the kernel's page cache (as an index would be mapped in memory); a
 * positioned read there takes microseconds, less than a promise's round trip through libuv's
 * threads (those async reads took 12 % of the event loop in the bench's profile). Positioned reads
 * share no file offset, so threads may read one file at once.
 */
export function readRecords(
  fd: number,
  places: readonly number[],
  scratch?: ReadScratch,
): { bytes: Uint8Array; ends: number[] } {
  const ends: number[] = [];
  let total = 0;
  for (let i = 1; i < places.length; i += 2) {
    total += places[i] as number;
    ends.push(total);
  }
  const bytes = scratch ? scratch.take(total) : new Uint8Array(total);
  for (let n = 0; n < ends.length; n++) {
    const at = places[n * 2] as number;
    const length = places[n * 2 + 1] as number;
    const read = readSync(fd, bytes, n === 0 ? 0 : (ends[n - 1] as number), length, at);
    if (read !== length) throw new Error(`Read ${read} of a page text's ${length} bytes.`);
  }
  return { bytes, ends };
}

/**
 * A buffer `readRecords` reads into instead of a new one (whose zeroing and collection cost as
 * much as the reads): what it answers is good until the next read into the same scratch.
 */
export class ReadScratch {
  #bytes = new Uint8Array(0);

  take(length: number): Uint8Array {
    if (this.#bytes.length < length) this.#bytes = new Uint8Array(Math.max(length, this.#bytes.length * 2));
    return this.#bytes.subarray(0, length);
  }
}

/** A promise and what settles it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The writer thread's script (see page-text-writer.ts). */
const WRITER_URL = new URL('./page-text-writer.ts', import.meta.url);

/** A batch sent to the writer and not yet answered. */
interface Pending {
  keys: string[];
  bytes: number;
}

/**
 * The texts a generation's results show (original title, description, body, language), stored
 * aside in a local file while the generation is indexed: a search then reads its ten pages with
 * positioned reads instead of a statement on the store (PGlite answers one
 * statement at a time; under load searches waited there most of their time), and the texts stay
 * out of the memory the index takes. The file is unlinked as soon as it is open, so nothing is
 * left behind even if the process dies; it is gone when closed.
 *
 * The records are made and written by a thread of their own (page-text-writer.ts), started with
 * the first batch and stopped by `end`: making the snippets' tables reads every word of every
 * page, as much work as indexing them, and it goes on beside the index build instead of in turn
 * with it. This thread only sends the texts (a copy) and notes where the writer put them.
 */
export class PageTextFile {
  readonly #places = new Map<string, Place>();
  #handle: Promise<FileHandle> | undefined;
  /** The file once open (reads are synchronous, on its descriptor). */
  #open: FileHandle | undefined;
  #writer: Promise<Worker | undefined> | undefined;
  readonly #pending = new Map<number, Pending>();
  /** Batches appended and not yet sent, in order; `#sending` while they are sent, one per turn. */
  #outbox: WriteBatch[] = [];
  #sending = false;
  #next = 1;
  #pendingBytes = 0;
  /** Called when batches are answered (or the file fails): appends and `end` waiting on them. */
  #waiters: (() => void)[] = [];
  #failed = false;
  #ended = false;
  #closed = false;
  /** Leases not yet released, and what `close` waits on until there are none. */
  #leases = 0;
  #drained: { promise: Promise<void>; resolve: () => void } | undefined;
  readonly #onError: (error: unknown) => void;
  readonly #mappings: readonly CharacterMapping[];
  readonly #writerUrl: URL;

  /**
   * `onError`: where a failed write is reported (the file then serves nothing); `mappings`: the
   * generation's character mapping, which the snippets' tables are made with; `writerUrl`: the
   * writer's script (only tests give another, to see a failing writer).
   */
  constructor(
    onError: (error: unknown) => void,
    mappings: readonly CharacterMapping[],
    options: { writerUrl?: URL } = {},
  ) {
    this.#onError = onError;
    this.#mappings = mappings;
    this.#writerUrl = options.writerUrl ?? WRITER_URL;
  }

  /** Whether every page appended so far is in the file (false after a failed write). */
  get complete(): boolean {
    return !this.#failed;
  }

  #file(): Promise<FileHandle> {
    this.#handle ??= (async () => {
      const path = join(tmpdir(), `siteseer-page-texts-${randomUUID()}`);
      const handle = await open(path, 'w+', 0o600);
      await unlink(path);
      this.#open = handle;
      return handle;
    })();
    return this.#handle;
  }

  /** The writer, started on the file once it is open; undefined once the file has failed. */
  #started(): Promise<Worker | undefined> {
    this.#writer ??= this.#file().then(
      (handle) => {
        if (this.#failed || this.#closed) return undefined;
        const worker = new Worker(this.#writerUrl, {
          workerData: { fd: handle.fd, mappings: this.#mappings } satisfies WriterData,
        });
        worker.on('message', (reply: WriteReply) => this.#answered(reply));
        worker.on('error', (error) => this.#fail(error));
        worker.on('exit', (code) => {
          // Stopped by `end` once all is written, or by `close`: else it failed.
          if (!this.#closed && (this.#pending.size > 0 || !this.#ended))
            this.#fail(new Error(`The page-text writer stopped (exit code ${code}).`));
        });
        return worker;
      },
      (error: unknown) => {
        this.#fail(error);
        return undefined;
      },
    );
    return this.#writer;
  }

  /**
   * Appends a batch of pages: sent to the writer, which makes and writes their records while the
   * caller indexes the next batch. The promise is only to be awaited when it returns one (more
   * than MAX_PENDING_BYTES of text not yet written). A failed write (a full disk) empties the
   * file: results then read the store. Pages appended after `end` are not stored.
   */
  append(rows: readonly PageTextRow[]): Promise<void> | undefined {
    if (this.#failed || this.#closed || this.#ended || rows.length === 0) return undefined;
    let texts: WriteBatch['texts'] = [];
    let keys: string[] = [];
    let bytes = 0;
    const queue = () => {
      const id = this.#next++;
      this.#pending.set(id, { keys, bytes });
      this.#pendingBytes += bytes;
      this.#outbox.push({ id, texts });
      texts = [];
      keys = [];
      bytes = 0;
    };
    for (const { url_key, title, description, body, language, type } of rows) {
      const chars = title.length + description.length + body.length;
      if (texts.length > 0 && bytes + chars > MESSAGE_CHARS) queue();
      texts.push({ title, description, body, language, ...(type ? { type } : {}) });
      keys.push(url_key);
      bytes += chars;
    }
    queue();
    void this.#send();
    return this.#pendingBytes > MAX_PENDING_BYTES
      ? this.#until(() => this.#pendingBytes <= MAX_PENDING_BYTES)
      : undefined;
  }

  /** Sends the outbox to the writer in order, a message per turn of the event loop. */
  async #send(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    const worker = await this.#started();
    for (let batch = this.#outbox.shift(); batch; batch = this.#outbox.shift()) {
      if (!worker || this.#failed || this.#closed) break;
      worker.postMessage(batch);
      if (this.#outbox.length > 0) await yieldToLoop();
    }
    this.#outbox = [];
    this.#sending = false;
  }

  /** Settles once `done` holds (checked as batches are answered) or the file has failed. */
  #until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.#failed || this.#closed || done()) resolve();
        else this.#waiters.push(check);
      };
      check();
    });
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const check of waiters) check();
  }

  #answered(reply: WriteReply): void {
    const batch = this.#pending.get(reply.id);
    if (!batch || this.#failed) return;
    if ('error' in reply) {
      this.#fail(new Error(reply.error));
      return;
    }
    this.#pending.delete(reply.id);
    this.#pendingBytes -= batch.bytes;
    batch.keys.forEach((key, n) => {
      this.#places.set(key, { at: reply.places[n * 2] as number, bytes: reply.places[n * 2 + 1] as number });
    });
    this.#wake();
  }

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#places.clear();
    this.#pending.clear();
    this.#onError(error);
    this.#wake();
    void this.#stopWriter();
  }

  async #stopWriter(): Promise<void> {
    const worker = await this.#writer;
    if (worker) await worker.terminate();
  }

  /**
   * No more pages are appended (later ones are not stored). Settles once every page appended is
   * written (or the file has failed), the writer stopped (with it goes all it remembered of the
   * pages' words); never rejects.
   */
  async end(): Promise<void> {
    this.#ended = true;
    await this.#until(() => this.#pending.size === 0);
    await this.#stopWriter();
  }

  /**
   * Where these pages' records are in the file, for `readRecords` on any thread of the process
   * (a descriptor is the process's), or undefined unless every page is in the file. The file stays
   * open until `release` is called: `close` waits for every lease to be released, so a descriptor
   * read elsewhere is never one closed, or reused, meanwhile.
   */
  lease(keys: readonly string[]): LeasedRecords | undefined {
    const fd = this.#open?.fd;
    if (fd === undefined || this.#closed || this.#failed) return undefined;
    const places: number[] = [];
    for (const key of keys) {
      const place = this.#places.get(key);
      if (!place) return undefined;
      places.push(place.at, place.bytes);
    }
    this.#leases++;
    let released = false;
    return {
      fd,
      places,
      release: () => {
        if (released) return;
        released = true;
        this.#leases--;
        if (this.#leases === 0) this.#drained?.resolve();
      },
    };
  }

  /** The stored records of these pages, read here (see `readRecords`), or undefined as for `lease`. */
  records(keys: readonly string[]): { bytes: Uint8Array; ends: number[] } | undefined {
    const leased = this.lease(keys);
    if (!leased) return undefined;
    try {
      return readRecords(leased.fd, leased.places);
    } finally {
      leased.release();
    }
  }

  /** Closes (and so deletes) the file. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#wake();
    await this.#stopWriter();
    if (this.#leases > 0) {
      this.#drained ??= signal();
      await this.#drained.promise;
    }
    const handle = this.#handle;
    this.#handle = undefined;
    this.#open = undefined;
    this.#places.clear();
    if (handle) await (await handle).close();
  }
}
