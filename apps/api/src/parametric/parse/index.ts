export { parseForStore } from './parse-spreadsheet.ts';
export type { ParsedTable } from './parsed-table.ts';
export { typedRows, typedValue } from './typed-rows.ts';
export { startSpareWorkers, stopSpareWorkers } from './worker-runner.ts';
