import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { PageRow } from '../../repositories/keyword/pages.ts';
import { SnippetTableWriter } from '../snippets/snippet-table-writer.ts';
import { PageTextFile, readRecords } from './page-text-file.ts';
import { decodePageTexts } from './page-text-record.ts';

function row(key: string, body: string): PageRow {
  return {
    url_key: key,
    url: key,
    title: `Title of ${key}`,
    headings: [],
    description: 'A description',
    language: 'de',
    body,
    custom_tags: null,
    link_share: 0,
    type: 'html',
  };
}

function failOnError(error: unknown): never {
  throw error;
}

async function leftovers(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('siteseer-page-texts-'));
}

describe('page texts stored aside', () => {
  it('given a closed file, then an append writes nothing and reads find nothing', async () => {
    const reported: unknown[] = [];
    const file = new PageTextFile((error) => reported.push(error), []);
    file.append([row('a', 'text')]);
    await file.end();
    await file.close();
    expect(file.append([row('b', 'more')])).toBeUndefined();
    expect(file.records(['a'])).toBeUndefined();
    expect(reported).toEqual([]);
  });

  it('given batches of pages, then each page reads back as stored, unknown pages left out', async () => {
    const before = await leftovers();
    const file = new PageTextFile(failOnError, []);
    file.append([row('a', 'Ωhm und Straße 😀'), row('b', 'plain')]);
    file.append([row('c', 'x'.repeat(100_000))]);
    await file.end();
    // Unlinked as soon as it is open: nothing in the temporary directory, even while in use.
    expect(await leftovers()).toEqual(before);
    // A search's pages in one read, in its order, each as stored; unless every page is in the file, none.
    const records = file.records(['c', 'a']);
    const [c, a] = records ? decodePageTexts(records.bytes, records.ends) : [];
    expect(a).toEqual({
      title: 'Title of a',
      description: 'A description',
      body: 'Ωhm und Straße 😀',
      language: 'de',
      type: 'html',
      // The table its snippet reads, stored with it.
      table: new SnippetTableWriter([]).table('Ωhm und Straße 😀', 'de'),
    });
    expect(c?.body).toHaveLength(100_000);
    expect(records?.bytes.buffer.byteLength).toBe(records?.ends[1]);
    expect(file.records(['a', 'nope'])).toBeUndefined();
    expect(file.complete).toBe(true);
    // Ended: a later page is not stored (its results read the store).
    expect(file.append([row('d', 'late')])).toBeUndefined();
    expect(file.records(['d'])).toBeUndefined();
    await file.close();
  });

  it('given a batch of more text than one message carries, then it is sent in parts and every page reads back', async () => {
    const file = new PageTextFile(failOnError, []);
    const rows = Array.from({ length: 7 }, (_, n) => row(`p${n}`, String(n).repeat(450_000)));
    file.append(rows);
    file.append([row('last', 'after the big batch')]);
    await file.end();
    const keys = [...rows.map((page) => page.url_key), 'last'];
    const records = file.records(keys);
    const pages = records ? decodePageTexts(records.bytes, records.ends) : [];
    expect(pages.map((page) => page.body.slice(0, 3))).toEqual([
      ...rows.map((_, n) => String(n).repeat(3)),
      'aft',
    ]);
    expect(pages.map((page) => page.body.length)).toEqual([...rows.map(() => 450_000), 19]);
    await file.close();
  });

  it('given a writer that fails, then it is reported once and the file serves nothing', async () => {
    const reported: unknown[] = [];
    const file = new PageTextFile((error) => reported.push(error), [], {
      writerUrl: new URL(`data:text/javascript,${encodeURIComponent('process.exit(3)')}`),
    });
    file.append([row('a', 'first')]);
    file.append([row('b', 'second')]);
    await file.end();
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain('exit code 3');
    expect(file.complete).toBe(false);
    expect(file.records(['a'])).toBeUndefined();
    await file.close();
  });

  it('given more text than may wait to be written, then append asks its caller to wait', async () => {
    const file = new PageTextFile(failOnError, []);
    const big = 'word '.repeat(1_000_000);
    const waits = Array.from({ length: 20 }, (_, n) => file.append([row(`p${n}`, big)]));
    // 5 MB a batch: past 64 MB waiting, the caller is asked to wait, and the wait ends.
    expect(waits.slice(0, 12).every((wait) => wait === undefined)).toBe(true);
    expect(waits.slice(13).every((wait) => wait instanceof Promise)).toBe(true);
    await Promise.all(waits);
    await file.end();
    expect(file.records(['p19'])).toBeDefined();
    await file.close();
  });

  it('given a closed file, then reads find nothing (the store answers instead)', async () => {
    const file = new PageTextFile(failOnError, []);
    file.append([row('a', 'text')]);
    await file.end();
    expect(file.records(['a'])).toBeDefined();
    await file.close();
    expect(file.records(['a'])).toBeUndefined();
  });

  it('given a lease, then closing waits for its release, its places read meanwhile', async () => {
    const file = new PageTextFile(failOnError, []);
    file.append([row('a', 'first'), row('b', 'second')]);
    await file.end();
    const leased = file.lease(['b', 'a']);
    expect(leased?.places).toHaveLength(4);
    expect(file.lease(['a', 'nope'])).toBeUndefined();
    let closed = 0;
    // Closed twice (a generation dropped, then the runtime closed): both wait for the lease.
    const closing = Promise.all([file.close(), file.close()]).then(() => {
      closed = 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(0);
    // Closing: no new lease, but the open one still reads.
    expect(file.lease(['a'])).toBeUndefined();
    const { bytes, ends } = readRecords(leased?.fd as number, leased?.places ?? []);
    expect(decodePageTexts(bytes, ends).map((text) => text.body)).toEqual(['second', 'first']);
    leased?.release();
    leased?.release();
    await closing;
    expect(closed).toBe(2);
  });
});
