import type { PageType } from '@siteseer/core';
import { ByteReader, ByteWriter } from '../index/bytes.ts';
import { snippetSource } from '../snippets/build-snippet.ts';
import type { SnippetTableWriter } from '../snippets/snippet-table-writer.ts';
import type { PageText, PageTextSource } from './page-text.ts';

// A page's texts as stored aside for results (page-text-file.ts): the UTF-8 byte lengths of its
// original title, description, body, language and type ('html', 'pdf'…) (varints, each times two
// plus one when the text is all ASCII: it is then decoded as Latin-1, a copy, several times faster
// than UTF-8), those five texts in UTF-8, then the
// table of the text its snippet is taken from (its body, else its description) made with the
// generation's character mapping (snippet-table.ts), so that no snippet reads its whole page for
// its words. Decoded on the event loop (a search alone) or on the snippet worker, which reads the
// records itself.

const FIELDS = 5;

export function encodePageText(row: PageTextSource, tables: SnippetTableWriter): Buffer {
  const texts = [row.title, row.description, row.body, row.language, row.type ?? 'html'];
  const lengths = texts.map((text) => Buffer.byteLength(text));
  const table = tables.table(snippetSource(row), row.language);
  const head = new ByteWriter(FIELDS * 5);
  texts.forEach((text, n) => {
    const length = lengths[n] as number;
    head.varint(length * 2 + (length === text.length ? 1 : 0));
  });
  let size = head.length + table.length;
  for (const length of lengths) size += length;
  const record = Buffer.allocUnsafe(size);
  record.set(head.bytes.subarray(0, head.length), 0);
  let at = head.length;
  for (const text of texts) at += record.write(text, at, 'utf8');
  record.set(table, at);
  return record;
}

/** Where a record's five texts are, and whether each is Latin-1; the table follows them. */
function fieldsOf(record: Buffer): {
  fields: { at: number; length: number; encoding: BufferEncoding }[];
  end: number;
} {
  const reader = new ByteReader(record);
  const packed = Array.from({ length: FIELDS }, () => reader.varint());
  let at = reader.at;
  const fields = packed.map((field) => {
    const length = Math.floor(field / 2);
    const place = { at, length, encoding: field % 2 === 1 ? ('latin1' as const) : ('utf8' as const) };
    at += length;
    return place;
  });
  return { fields, end: at };
}

function decodePageText(record: Buffer, shown: boolean): PageText {
  const { fields, end } = fieldsOf(record);
  const text = (n: number) => {
    const field = fields[n] as { at: number; length: number; encoding: BufferEncoding };
    return record.toString(field.encoding, field.at, field.at + field.length);
  };
  const body = text(BODY);
  return {
    title: text(TITLE),
    // What a result shows needs the description only when there is no body.
    description: shown && body !== '' ? '' : text(DESCRIPTION),
    body,
    language: text(LANGUAGE),
    // Written by encodePageText from a PageType only.
    type: text(TYPE) as PageType,
    table: new Uint8Array(record.buffer, record.byteOffset + end, record.length - end),
  };
}

const [TITLE, DESCRIPTION, BODY, LANGUAGE, TYPE] = [0, 1, 2, 3, 4];

/**
 * The records of `bytes`, record i ending at `ends[i]` (the next starting there). With `shown`,
 * what a result shows only: a page with a body gets no description ('').
 */
export function decodePageTexts(
  bytes: Uint8Array,
  ends: readonly number[],
  { shown = false }: { shown?: boolean } = {},
): PageText[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  return ends.map((end) => {
    const text = decodePageText(buffer.subarray(start, end), shown);
    start = end;
    return text;
  });
}
