import type { ParsedTable } from './parsed-table.ts';
import type { SpreadsheetErrorCode } from './spreadsheet-error.ts';
import type { TableLimits } from './table-builder.ts';

/** What `xlsx-worker.ts` gets as `workerData`; `bytes` is transferred, not copied. */
export interface XlsxWorkerInput {
  bytes: Uint8Array;
  fileName: string;
  sheet: string | undefined;
  limits: TableLimits;
}

/** The worker's one message: the table, or the `SpreadsheetError` it threw (errors do not cross threads as classes). */
export type XlsxWorkerReply =
  | { type: 'table'; table: ParsedTable }
  | {
      type: 'refused';
      code: SpreadsheetErrorCode;
      message: string;
      row: number | undefined;
      column: string | undefined;
    };
