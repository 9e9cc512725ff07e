import { writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { CharacterMapping } from '@siteseer/core';
import { lowerThreadPriority } from '../../thread-priority.ts';
import { SnippetTableWriter } from '../snippets/snippet-table-writer.ts';
import type { PageTextSource } from './page-text.ts';
import { encodePageText } from './page-text-record.ts';

/** What the writer is started with: the file (open in the process) and the generation's mapping. */
export interface WriterData {
  fd: number;
  mappings: readonly CharacterMapping[];
}

/** A batch of pages' texts to store, in order. */
export interface WriteBatch {
  id: number;
  texts: PageTextSource[];
}

/** Per page of the batch, where its record is in the file and its length; or why it failed. */
export type WriteReply = { id: number; places: number[] } | { id: number; error: string };

/*
 * The page-text writer's thread (see page-text-file.ts): encodes each batch of pages (their texts
 * and the snippets' tables, most of the work of storing them) and appends it to the file with a
 * positioned write, then answers where each record is. Batches come and are written in order.
 */
if (parentPort) {
  lowerThreadPriority('page-text writer');
  const port = parentPort;
  const { fd, mappings } = workerData as WriterData;
  const tables = new SnippetTableWriter(mappings);
  let end = 0;
  port.on('message', (batch: WriteBatch) => {
    let reply: WriteReply;
    try {
      const records = batch.texts.map((text) => encodePageText(text, tables));
      const bytes = Buffer.concat(records);
      for (let written = 0; written < bytes.length; ) {
        const wrote = writeSync(fd, bytes, written, bytes.length - written, end + written);
        if (wrote === 0) throw new Error('A write of page texts wrote nothing (disk full?).');
        written += wrote;
      }
      const places: number[] = [];
      for (const record of records) {
        places.push(end, record.length);
        end += record.length;
      }
      reply = { id: batch.id, places };
    } catch (error) {
      reply = { id: batch.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
