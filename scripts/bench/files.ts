import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FULL_HEADERS,
  fullCells,
  makeTable,
  SEARCH_HEADERS,
  searchCells,
  type Table,
  toCsv,
} from './dataset.ts';
import { toXlsx } from './xlsx-file.ts';

export interface BenchFiles {
  /** ~10 MB of CSV, ~56k rows x 14 columns. */
  csv: Uint8Array;
  /** The same rows as XLSX. */
  xlsx: Uint8Array;
  /** 100k rows x 8 columns for the search load. */
  searchCsv: Uint8Array;
  table: Table;
  searchTable: Table;
}

const CSV_BYTES = 10_000_000;
const SEARCH_ROWS = 100_000;
/** Rows of the XLSX imported beside a crawl in the busy-search section. */
export const BUSY_IMPORT_ROWS = 60_000;

/** The generator's own source: any change to it makes new files. */
function generatorHash(): string {
  const hash = createHash('sha256');
  for (const file of ['dataset.ts', 'xlsx-file.ts', 'files.ts'])
    hash.update(readFileSync(new URL(file, import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

function cached(
  dir: string,
  name: string,
  make: () => Promise<Uint8Array> | Uint8Array,
): Promise<Uint8Array> {
  const path = join(dir, name);
  if (existsSync(path)) return Promise.resolve(new Uint8Array(readFileSync(path)));
  return Promise.resolve(make()).then((bytes) => {
    // Written aside then renamed, so an interrupted run never leaves half a file to be reused.
    writeFileSync(`${path}.partial`, bytes);
    renameSync(`${path}.partial`, path);
    return bytes;
  });
}

function cacheDir(): string {
  const dir = join(tmpdir(), `siteseer-bench-${generatorHash()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The busy-search section's import: BUSY_IMPORT_ROWS products as XLSX (cached as benchFiles' are). */
export function busyImportXlsx(): Promise<Uint8Array> {
  const table = makeTable(FULL_HEADERS, fullCells, { rows: BUSY_IMPORT_ROWS });
  return cached(cacheDir(), `products-${BUSY_IMPORT_ROWS}.xlsx`, () => toXlsx(table));
}

/**
 * The benchmark's input files. Generation is deterministic; the XLSX takes seconds to write, so the
 * files are kept in the temp directory under a hash of the generator and reused by later runs.
 */
export async function benchFiles(): Promise<BenchFiles> {
  const dir = cacheDir();
  const table = makeTable(FULL_HEADERS, fullCells, { bytes: CSV_BYTES });
  const searchTable = makeTable(SEARCH_HEADERS, searchCells, { rows: SEARCH_ROWS });
  return {
    csv: await cached(dir, 'products.csv', () => toCsv(table)),
    xlsx: await cached(dir, 'products.xlsx', () => toXlsx(table)),
    searchCsv: await cached(dir, 'search-100k.csv', () => toCsv(searchTable)),
    table,
    searchTable,
  };
}
