import { randomUUID } from 'node:crypto';
import { readSync } from 'node:fs';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CharacterMapping } from '@siteseer/core';
import type { PageRow } from './page-rows.ts';
import { encodePageText } from './page-text-record.ts';

/** Bytes appended and not yet written past which `append` makes its caller wait. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;

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
export function readRecords(fd: number, places: readonly number[]): { bytes: Uint8Array; ends: number[] } {
  const ends: number[] = [];
  let total = 0;
  for (let i = 1; i < places.length; i += 2) {
    total += places[i] as number;
    ends.push(total);
  }
  const bytes = new Uint8Array(total);
  for (let n = 0; n < ends.length; n++) {
    const at = places[n * 2] as number;
    const length = places[n * 2 + 1] as number;
    const read = readSync(fd, bytes, n === 0 ? 0 : (ends[n - 1] as number), length, at);
    if (read !== length) throw new Error(`Read ${read} of a page text's ${length} bytes.`);
  }
  return { bytes, ends };
}

/** A promise and what settles it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * The texts a generation's results show (original title, description, body, language), stored
 * aside in a local file while the generation is indexed: a search then reads its ten pages with
 * positioned reads instead of a statement on the store (PGlite answers one
 * statement at a time; under load searches waited there most of their time), and the texts stay
 * out of the memory the index takes. The file is unlinked as soon as it is open, so nothing is
 * left behind even if the process dies; it is gone when closed.
 */
export class PageTextFile {
  readonly #places = new Map<string, Place>();
  #handle: Promise<FileHandle> | undefined;
  /** The file once open (reads are synchronous, on its descriptor). */
  #open: FileHandle | undefined;
  #end = 0;
  #failed = false;
  #closed = false;
  #writing: Promise<void> = Promise.resolve();
  #pendingBytes = 0;
  /** Leases not yet released, and what `close` waits on until there are none. */
  #leases = 0;
  #drained: { promise: Promise<void>; resolve: () => void } | undefined;
  readonly #onError: (error: unknown) => void;
  readonly #mappings: readonly CharacterMapping[];

  /**
   * `onError`: where a failed write is reported (the file then serves nothing); `mappings`: the
   * generation's character mapping, which the snippets' words are stored under.
   */
  constructor(onError: (error: unknown) => void, mappings: readonly CharacterMapping[]) {
    this.#onError = onError;
    this.#mappings = mappings;
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

  /**
   * Appends a batch of pages. The write goes on while the caller indexes the next batch; the
   * promise is only to be awaited when it returns one (more than MAX_PENDING_BYTES waiting to be
   * written). A failed write (a full disk) empties the file: results then read the store.
   */
  append(rows: readonly PageRow[]): Promise<void> | undefined {
    if (this.#failed || this.#closed || rows.length === 0) return undefined;
    const parts = rows.map((row) => encodePageText(row, this.#mappings));
    const batch = Buffer.concat(parts);
    const start = this.#end;
    let at = start;
    rows.forEach((row, n) => {
      const bytes = (parts[n] as Buffer).length;
      this.#places.set(row.url_key, { at, bytes });
      at += bytes;
    });
    this.#end = at;
    this.#pendingBytes += batch.length;
    this.#writing = this.#writing.then(() => this.#write(batch, start));
    return this.#pendingBytes > MAX_PENDING_BYTES ? this.#writing : undefined;
  }

  async #write(batch: Buffer, at: number): Promise<void> {
    try {
      if (this.#failed || this.#closed) return;
      const handle = await this.#file();
      const { bytesWritten } = await handle.write(batch, 0, batch.length, at);
      if (bytesWritten !== batch.length)
        throw new Error(
          `Only ${bytesWritten} of ${batch.length} bytes of page texts were written (disk full?).`,
        );
    } catch (error) {
      this.#failed = true;
      this.#places.clear();
      this.#onError(error);
    } finally {
      this.#pendingBytes -= batch.length;
    }
  }

  /** Settles once every page appended is written (or the file has failed). Never rejects. */
  written(): Promise<void> {
    return this.#writing;
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
