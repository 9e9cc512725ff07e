import type { PageRow, PageText } from './page-rows.ts';

// A page's texts as stored aside for results (page-text-file.ts): one JSON array of its original
// title, description, body and language, in UTF-8. Decoded on the event loop (a search alone) or on
// the snippet worker, which is sent the records' bytes as they were read.

export function encodePageText(row: Pick<PageRow, 'title' | 'description' | 'body' | 'language'>): Buffer {
  return Buffer.from(JSON.stringify([row.title, row.description, row.body, row.language]));
}

function decodePageText(record: Uint8Array): PageText {
  const text = Buffer.from(record.buffer, record.byteOffset, record.byteLength).toString('utf8');
  const [title, description, body, language] = JSON.parse(text) as (string | undefined)[];
  return { title: title ?? '', description: description ?? '', body: body ?? '', language: language ?? '' };
}

/** The records of `bytes`, record i ending at `ends[i]` (the next starting there). */
export function decodePageTexts(bytes: Uint8Array, ends: readonly number[]): PageText[] {
  let start = 0;
  return ends.map((end) => {
    const text = decodePageText(bytes.subarray(start, end));
    start = end;
    return text;
  });
}
