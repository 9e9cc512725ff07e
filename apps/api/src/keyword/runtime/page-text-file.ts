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
   * The stored records of these pages, one after the other (record i ends at `ends[i]`), or
   * undefined unless every page is in the file. Read synchronously: a result page's ten records
   * are a few kilobytes of a file the process wrote itself, in the kernel's page cache (as an index
   * would be mapped in memory); a positioned read there takes microseconds, less than a promise's
   * round trip through libuv's threads (those async reads took 12 % of the event loop in the
   * bench's profile). The bytes have a buffer of their own: a message copies them whole.
   */
  records(keys: readonly string[]): { bytes: Uint8Array; ends: number[] } | undefined {
    const fd = this.#open?.fd;
    if (fd === undefined || this.#closed || this.#failed) return undefined;
    const places: Place[] = [];
    const ends: number[] = [];
    let total = 0;
    for (const key of keys) {
      const place = this.#places.get(key);
      if (!place) return undefined;
      places.push(place);
      total += place.bytes;
      ends.push(total);
    }
    const bytes = new Uint8Array(total);
    places.forEach((place, n) => {
      const read = readSync(fd, bytes, n === 0 ? 0 : (ends[n - 1] as number), place.bytes, place.at);
      if (read !== place.bytes) throw new Error(`Read ${read} of a page text's ${place.bytes} bytes.`);
    });
    return { bytes, ends };
  }

  /** Closes (and so deletes) the file. */
  async close(): Promise<void> {
    this.#closed = true;
    const handle = this.#handle;
    this.#handle = undefined;
    this.#open = undefined;
    this.#places.clear();
    if (handle) await (await handle).close();
  }
}
