import type { ParametricConfiguration, Row } from '@siteseer/core';
import { PARSE_LIMITS } from './limits.ts';
import { chunkRows, type TypedRowsJob, type WorkerInput } from './parse-worker-protocol.ts';
import type { TypedRowsInput } from './typed-rows.ts';
import { runInWorker, type WorkerLimits } from './worker-runner.ts';

/** The table's rows in chunks, each with its rows' numbers as `typedRows` would give them. */
function* rowChunks(table: TypedRowsInput, size: number): Generator<WorkerInput> {
  for (let start = 0; start < table.rows.length; start += size) {
    const rows = table.rows.slice(start, start + size);
    const rowNumbers = rows.map((_, i) => table.rowNumbers?.[start + i] ?? start + i + 2);
    yield { type: 'rows', rows, rowNumbers };
  }
  yield { type: 'end' };
}

/**
 * `typedRows` run in a parse worker, for a whole table (publishing 60k rows takes ~100-150 ms of
 * typing): the same rows, the same `SpreadsheetError('invalid_value')` on a value that does not fit,
 * the same Error for a configuration column the table does not have. The rows travel in chunks both
 * ways, so the API thread is never blocked for more than a few ms at a time. Shares the workers'
 * concurrency gate and limits; running out of them is a `SpreadsheetError('too_complex')`.
 */
export async function typedRowsInWorker(
  table: TypedRowsInput,
  configuration: ParametricConfiguration,
  limits: WorkerLimits = {},
): Promise<Row[]> {
  const job: TypedRowsJob = {
    kind: 'typed-rows',
    headers: table.headers,
    columnIds: table.columnIds,
    configuration,
  };
  const outcome = await runInWorker<Row>({
    job,
    input: rowChunks(table, chunkRows(table.columnIds.length, PARSE_LIMITS.workerChunkCells)),
    task: {
      subject: `The spreadsheet's ${table.rows.length.toLocaleString('en-US')} rows`,
      action: 'convert to their column types',
      advice: 'Remove rows or columns and try again.',
    },
    timeoutMs: limits.timeoutMs,
    heapMb: limits.heapMb,
  });
  return outcome.rows;
}
