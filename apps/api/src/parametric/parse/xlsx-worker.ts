/**
 * The XLSX parse worker: reads one workbook and posts back its table, so a heavy workbook neither
 * blocks the API's event loop nor takes the process's memory with it (`xlsx-reader.ts` starts it
 * with heap and time limits). Any error other than a `SpreadsheetError` is left uncaught, to reach
 * the parent as the Worker's 'error' event.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { readXlsxWorkbook } from './xlsx-workbook.ts';
import type { XlsxWorkerInput, XlsxWorkerReply } from './xlsx-worker-protocol.ts';

if (!parentPort) throw new Error('xlsx-worker.ts runs only as a worker thread started by readXlsx');
const port = parentPort;
const input = workerData as XlsxWorkerInput;

function reply(message: XlsxWorkerReply): void {
  port.postMessage(message);
}

try {
  const table = readXlsxWorkbook(input.bytes, input.fileName, { sheet: input.sheet, limits: input.limits });
  reply({ type: 'table', table });
} catch (error) {
  if (!(error instanceof SpreadsheetError)) throw error;
  reply({ type: 'refused', code: error.code, message: error.message, row: error.row, column: error.column });
}
