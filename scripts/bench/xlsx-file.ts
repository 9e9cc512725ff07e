import zlib from 'node:zlib';
import { importFromApi } from '@siteseer/test-support/api-modules';
import type { Table } from './dataset.ts';

interface SheetJs {
  CFB: { utils: { use_zlib(zlib: unknown): void } };
  utils: {
    aoa_to_sheet(rows: unknown[][]): unknown;
    book_new(): unknown;
    book_append_sheet(book: unknown, sheet: unknown, name: string): void;
  };
  write(book: unknown, options: { type: 'buffer'; bookType: 'xlsx'; compression: boolean }): Uint8Array;
}

/**
 * SheetJS's own pure-JS deflate barely compresses (the 10 MB table came out at 12.7 MB, over the
 * upload limit, where Excel's zlib gives under 5 MB). Its hook for native zlib probes a private
 * field that Node 24's zlib no longer has, so it gets this minimal adapter; the bench only writes.
 */
class InflateRaw {
  bytesRead = 0;
  _finishFlushFlag = 0;
  _processChunk(chunk: Uint8Array): Buffer {
    this.bytesRead = chunk.byteLength;
    return zlib.inflateRawSync(chunk);
  }
}

/** The table as an XLSX workbook (one sheet, numbers and booleans as typed cells), as Excel would save it. */
export async function toXlsx(table: Table): Promise<Uint8Array> {
  const module = await importFromApi<SheetJs & { default?: SheetJs }>('@e965/xlsx');
  const XLSX = module.default ?? module;
  XLSX.CFB.utils.use_zlib({ InflateRaw, deflateRawSync: (data: Uint8Array) => zlib.deflateRawSync(data) });
  const sheet = XLSX.utils.aoa_to_sheet([[...table.headers], ...table.rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Products');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
}
