import type { CellValue, ParametricConfiguration, Row } from '@siteseer/core';
import { yieldToLoop } from '../event-loop.ts';
import { CELL_CHUNK_ROWS, type CellChunk, readCellChunks } from '../repositories/parametric/cell-chunks.ts';
import { findPublished } from '../repositories/parametric/published.ts';
import { findVersion, type VersionRecord } from '../repositories/parametric/versions.ts';
import type { Queryable } from '../store/types.ts';
import type { ColumnCodes } from './column-codes.ts';
import { columnCodes, Dictionary } from './column-dictionary.ts';
import { type ParsedTable, typedRows } from './parse/index.ts';
import { EngineIndex } from './search-index.ts';
import { activeFilters, searchColumns } from './searched-columns.ts';
import { rowWords, type TextIndex, TextIndexBuilder } from './text-index.ts';

/**
 * Rows typed, or read for their words, per turn of the event loop: a few ms. An HTTP request takes
 * several turns to be answered, so each turn's length counts several times in its latency (1,000
 * rows a turn put /healthz at ~100 ms during an import on 2 busy cores).
 */
const TYPED_PER_TURN = 250;

export interface IndexScope {
  accountId: string;
  engineId: string;
  /** The publish the index is for (see 0003-publish-generation.sql). */
  generation: string;
}

function cellOf(data: Row, id: string): CellValue | undefined {
  return Object.hasOwn(data, id) ? data[id] : undefined;
}

/**
 * Takes a publish's typed rows in row-number order and makes the index of `columns` (its active
 * filters; columns only sorted by are added on their first sort, see `buildColumn`), whose text
 * searches find rows by the words of `searchColumns`.
 */
export class IndexFeed {
  readonly #columns: readonly string[];
  readonly #searchColumns: readonly string[];
  readonly #json: string[] = [];
  readonly #dictionaries: Dictionary[];

  constructor(columns: readonly string[], searchColumns: readonly string[]) {
    this.#columns = columns;
    this.#searchColumns = searchColumns;
    this.#dictionaries = columns.map(() => new Dictionary());
  }

  /** `json` is `data` as JSON text. */
  add(data: Row, json: string): void {
    this.#json.push(json);
    this.#columns.forEach((id, i) => {
      (this.#dictionaries[i] as Dictionary).add(cellOf(data, id));
    });
  }

  /** The index; its text searches wait for `buildText`. */
  async finish(db: Queryable): Promise<EngineIndex> {
    const codes = new Map<string, ColumnCodes>();
    for (const [i, id] of this.#columns.entries()) {
      codes.set(id, await columnCodes(db, this.#dictionaries[i] as Dictionary));
      await yieldToLoop();
    }
    return new EngineIndex({ json: this.#json, searchColumns: this.#searchColumns }, codes);
  }
}

/** A table's cells as the index reads them: its columns, and its rows a chunk at a time in file order. */
export interface CellSource {
  headers: readonly string[];
  columnIds: readonly string[];
  chunks: AsyncIterable<CellChunk> | Iterable<CellChunk>;
}

/** A version's stored cells as a source. */
export function storedCells(db: Queryable, version: VersionRecord): CellSource {
  return {
    headers: version.headers,
    columnIds: version.columnIds,
    chunks: readCellChunks(db, version.accountId, version.importId, version.version),
  };
}

/** An upload just parsed (not read back): its rows as the JSON chunks it is stored as. */
export function parsedCells(
  table: Pick<ParsedTable, 'headers' | 'columnIds' | 'rowNumbers'>,
  cellChunks: readonly string[],
): CellSource {
  function* chunks(): Generator<CellChunk> {
    for (const [n, json] of cellChunks.entries()) {
      const first = n * CELL_CHUNK_ROWS;
      yield {
        cells: JSON.parse(json) as CellChunk['cells'],
        rowNumbers: table.rowNumbers.slice(first, first + CELL_CHUNK_ROWS),
      };
    }
  }
  return { headers: table.headers, columnIds: table.columnIds, chunks: chunks() };
}

/**
 * A table's rows typed by `configuration`, fed to an index of the configuration's active filters
 * a thousand rows per turn of the event loop (stored cells are read a few chunks per statement): a
 * build holds neither the loop nor the database (PGlite runs one statement at a time) for long.
 * Refuses, naming the row and column, a value that does not fit its column's configured type: a
 * publish calls it before it commits, so such a configuration is never published.
 */
export async function feedRows(
  source: CellSource,
  configuration: ParametricConfiguration,
): Promise<IndexFeed> {
  const feed = new IndexFeed(
    activeFilters(configuration).map((f) => f.id),
    searchColumns(configuration),
  );
  for await (const { cells, rowNumbers } of source.chunks) {
    for (let start = 0; start < cells.length; start += TYPED_PER_TURN) {
      const typed = typedRows(
        {
          headers: [...source.headers],
          columnIds: [...source.columnIds],
          rows: cells.slice(start, start + TYPED_PER_TURN),
          // Each row's number in the file, for a refusal's message.
          rowNumbers: rowNumbers.slice(start, start + TYPED_PER_TURN),
        },
        configuration,
        { compact: true },
      );
      for (const data of typed) feed.add(data, JSON.stringify(data));
      await yieldToLoop();
    }
  }
  return feed;
}

/**
 * The index of a publish, made from its version's cells and its configuration (after a restart, or
 * another instance's publish). Undefined when `scope.generation` is no longer the engine's publish:
 * no search asks for it again. Versions never change once stored, so the rows read are the publish's.
 */
export async function buildIndex(db: Queryable, scope: IndexScope): Promise<EngineIndex | undefined> {
  const published = await findPublished(db, scope.accountId, scope.engineId);
  if (published?.generation !== scope.generation) return undefined;
  const version = await findVersion(db, scope.accountId, published.importId, published.version);
  if (!version) return undefined;
  const feed = await feedRows(storedCells(db, version), published.configuration);
  return feed.finish(db);
}

/** The words of an index's rows (in its search columns), made after the index: text searches wait for them. */
export async function buildText(index: EngineIndex): Promise<TextIndex> {
  const text = new TextIndexBuilder();
  for (const [position, json] of index.json.entries()) {
    const row = JSON.parse(json) as Row;
    text.add(position, rowWords(row, index.searchColumns));
    if (position % TYPED_PER_TURN === TYPED_PER_TURN - 1) await yieldToLoop();
  }
  return text.finish();
}

/** One more column of an index already built (a column sorted by only), from the rows it holds. */
export async function buildColumn(db: Queryable, index: EngineIndex, column: string): Promise<ColumnCodes> {
  const dictionary = new Dictionary();
  for (const [i, text] of index.json.entries()) {
    dictionary.add(cellOf(JSON.parse(text) as Row, column));
    if (i % TYPED_PER_TURN === TYPED_PER_TURN - 1) await yieldToLoop();
  }
  return columnCodes(db, dictionary);
}
