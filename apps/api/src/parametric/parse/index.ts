export type { SpreadsheetFormat } from './file-format.ts';
export { inferConfiguration, isFilterableByDefault } from './infer-configuration.ts';
export { PARSE_LIMITS } from './limits.ts';
export { type ParseOptions, parseAndInfer, parseForStore, parseSpreadsheet } from './parse-spreadsheet.ts';
export type { ParsedTable } from './parsed-table.ts';
export { SpreadsheetError, type SpreadsheetErrorCode } from './spreadsheet-error.ts';
export { type TypedRowsInput, typedRows, typedValue } from './typed-rows.ts';
export { typedRowsInWorker } from './typed-rows-in-worker.ts';
export { startSpareWorkers, stopSpareWorkers, type WorkerLimits } from './worker-runner.ts';
