import type { CharacterMapping } from '@siteseer/core';
import { ByteReader, ByteWriter } from '../index/bytes.ts';
import { snippetSource, snippetWordTable } from '../snippets/build-snippet.ts';
import type { PageRow, PageText } from './page-rows.ts';

// A page's texts as stored aside for results (page-text-file.ts): the byte length of a JSON array
// of its original title, description, body and language (a varint), that array in UTF-8, then the
// words of the text its snippet is taken from (its body, else its description) as the snippet
// reads them with the generation's character mapping (`snippetWordTable`), so that no snippet
// scans its page for them. Decoded on the event loop (a search alone) or on the snippet worker,
// which is sent the records' bytes as they were read.

export function encodePageText(
  row: Pick<PageRow, 'title' | 'description' | 'body' | 'language'>,
  mappings: readonly CharacterMapping[],
): Buffer {
  const json = Buffer.from(JSON.stringify([row.title, row.description, row.body, row.language]));
  const length = new ByteWriter(5);
  length.varint(json.length);
  const words = snippetWordTable(snippetSource(row), mappings);
  return Buffer.concat([length.bytes.subarray(0, length.length), json, words]);
}

function decodePageText(record: Uint8Array): PageText {
  const reader = new ByteReader(record);
  const length = reader.varint();
  const json = Buffer.from(record.buffer, record.byteOffset + reader.at, length).toString('utf8');
  const [title, description, body, language] = JSON.parse(json) as (string | undefined)[];
  return {
    title: title ?? '',
    description: description ?? '',
    body: body ?? '',
    language: language ?? '',
    words: record.subarray(reader.at + length),
  };
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
