import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { StoreQueryError, StoreUsageError } from './errors.ts';
import { contractIdleTimeoutMs } from './store-transaction-contract.test-kit.ts';
import type { Store } from './types.ts';

const samples = [
  (i: number) => `plain ${i}`,
  (i: number) => `comma, and "quotes" ${i}`,
  (i: number) => `line\nbreak and\r\nCRLF ${i}`,
  (i: number) => `unicode ü é 漢字 🎉 ${i}`,
  (i: number) => `backslash \\N \\ ${i}`,
  () => '',
  () => null,
];

function expectedRows(n: number): { id: number; v: string | null }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    v: samples[i % samples.length]?.(i + 1) ?? null,
  }));
}

function toCsv(rows: { id: number; v: string | null }[]): string {
  // CSV NULL is an unquoted empty field; a quoted "" is the empty string.
  const field = (v: string | null) => (v === null ? '' : `"${v.replaceAll('"', '""')}"`);
  return rows.map((row) => `${row.id},${field(row.v)}\n`).join('');
}

/** The CSV as the caller might stream it: a string, then byte chunks that split UTF-8 characters. */
async function* chunked(header: string, body: string): AsyncGenerator<string | Uint8Array> {
  yield header;
  const bytes = new TextEncoder().encode(body);
  for (let offset = 0; offset < bytes.length; offset += 997) yield bytes.subarray(offset, offset + 997);
}

async function* failingAfter(rows: string, error: Error): AsyncGenerator<string> {
  yield rows;
  throw error;
}

export function describeCopyContract(store: () => Store, table: (prefix: string) => string): void {
  describe('copyFrom', () => {
    const copySql = (t: string) => `COPY ${t} (id, v) FROM STDIN WITH (FORMAT csv, HEADER true)`;
    const createTable = (t: string) => store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY, v text)`);
    const readBack = async (t: string) => (await store().query(`SELECT id, v FROM ${t} ORDER BY id`)).rows;

    test('loads a few thousand CSV rows with quotes, newlines, unicode and NULLs exactly', async () => {
      const t = table('copy_csv');
      await createTable(t);
      const rows = expectedRows(3000);
      const copied = await store().copyFrom(copySql(t), chunked('id,v\n', toCsv(rows)));
      expect(copied).toBe(3000);
      expect(await readBack(t)).toEqual(rows);
    });

    test('a copy inside a transaction is rolled back with it, and committed with it', async () => {
      const t = table('copy_tx');
      await createTable(t);
      const rows = expectedRows(500);
      const failure = new Error('after the copy');
      await expect(
        store().transaction(async (tx) => {
          expect(await store().copyFrom(copySql(t), chunked('id,v\n', toCsv(rows)), tx)).toBe(500);
          expect((await tx.query(`SELECT count(*)::int AS n FROM ${t}`)).rows).toEqual([{ n: 500 }]);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await readBack(t)).toEqual([]);
      await store().transaction(async (tx) => {
        await store().copyFrom(copySql(t), chunked('id,v\n', toCsv(rows)), tx);
        await tx.query(`DELETE FROM ${t} WHERE id > 10`);
      });
      expect(await readBack(t)).toEqual(rows.slice(0, 10));
    });

    test('bad data is a StoreQueryError, copies nothing, and the store goes on', async () => {
      const t = table('copy_bad');
      await createTable(t);
      const error = await store()
        .copyFrom(copySql(t), chunked('id,v\n', '1,"ok"\nnot-a-number,"bad"\n'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreQueryError);
      expect((error as StoreQueryError).code).toBe('22P02');
      expect(await readBack(t)).toEqual([]);
      expect(await store().copyFrom(copySql(t), chunked('id,v\n', '1,"ok"\n'))).toBe(1);
    });

    test('a source that fails mid-stream fails the copy with its error and copies nothing', async () => {
      const t = table('copy_source');
      await createTable(t);
      const failure = new Error('upload interrupted');
      await expect(store().copyFrom(copySql(t), failingAfter('id,v\n1,"a"\n', failure))).rejects.toBe(
        failure,
      );
      expect(await readBack(t)).toEqual([]);
      expect((await store().query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    test('a slow source feeding a copy inside a transaction does not make it idle', async () => {
      const t = table('copy_slow');
      await createTable(t);
      async function* slow(): AsyncGenerator<string> {
        yield 'id,v\n1,"a"\n';
        await sleep(contractIdleTimeoutMs + 500);
        yield '2,"b"\n';
      }
      await store().transaction(async (tx) => {
        expect(await store().copyFrom(copySql(t), slow(), tx)).toBe(2);
      });
      expect(await readBack(t)).toEqual([
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ]);
    });

    test('only COPY ... FROM STDIN is accepted', async () => {
      await expect(store().copyFrom("COPY x FROM '/etc/passwd'", chunked('', ''))).rejects.toThrow(
        StoreUsageError,
      );
    });
  });
}
