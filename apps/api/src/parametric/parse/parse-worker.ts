/**
 * The parse worker: runs one job (`parse-worker-protocol.ts`) off the API thread, so that neither a
 * 10 MB CSV, a heavy workbook nor the typing of 60k rows blocks the event loop, and a workbook that
 * explodes in memory takes only this worker down (`worker-runner.ts` starts it with heap and time
 * limits); it runs below the API thread's priority. SheetJS is imported by an XLSX job only: a CSV job does not pay for loading it. Any error
 * other than a `SpreadsheetError` is left uncaught, to reach the parent as the Worker's 'error' event.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../thread-priority.ts';
import {
  CHUNKS_IN_FLIGHT,
  chunkRows,
  type ParseJob,
  refusalData,
  type TypedRowsJob,
  type WorkerInput,
  type WorkerJob,
  type WorkerReply,
} from './parse-worker-protocol.ts';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

if (!parentPort) throw new Error('parse-worker.ts runs only as a worker thread started by runInWorker');
const port = parentPort;

// Below the API thread's priority, before the readers load (type stripping included): measured on 2
// loaded cores, two 10 MB imports at once: /healthz-like lag p99 131-159 ms at equal priority,
// 40-58 ms with this.
lowerThreadPriority('parse worker');

function reply(message: WorkerReply): void {
  port.postMessage(message);
}

// Messages from the API thread, queued from the start so none is missed between two reads.
const inbox: WorkerInput[] = [];
let waiting: ((input: WorkerInput) => void) | undefined;
port.on('message', (input: WorkerInput) => {
  if (waiting) {
    const resolve = waiting;
    waiting = undefined;
    resolve(input);
  } else inbox.push(input);
});

function nextInput(): Promise<WorkerInput> {
  const queued = inbox.shift();
  if (queued) return Promise.resolve(queued);
  return new Promise((resolve) => {
    waiting = resolve;
  });
}

/** Answers a refusal; rethrows anything else, which is a bug to surface as such, not the user's file. */
function refuse(error: unknown): void {
  if (!(error instanceof SpreadsheetError)) throw error;
  reply({ type: 'refused', refusal: refusalData(error) });
}

async function readTable(parse: ParseJob): Promise<ParsedTable> {
  if (parse.format === 'xlsx') {
    const [{ formulasWithoutValueWarning, precheckXlsx }, { readXlsxWorkbook }] = await Promise.all([
      import('./xlsx-precheck.ts'),
      import('./xlsx-workbook.ts'),
    ]);
    // Before SheetJS, which holds the whole sheet before any limit can be checked.
    const checked = await precheckXlsx(parse.bytes, parse.fileName, parse.sheet, parse.limits);
    const table = readXlsxWorkbook(parse.bytes, parse.fileName, { sheet: parse.sheet, limits: parse.limits });
    const warning = formulasWithoutValueWarning(checked.formulasWithoutValue);
    if (warning) table.warnings.push(warning);
    return table;
  }
  const [{ decodeCsvText }, { readCsv }] = await Promise.all([
    import('./decode-text.ts'),
    import('./csv-reader.ts'),
  ]);
  return readCsv(decodeCsvText(parse.bytes, parse.fileName), parse.limits);
}

async function runParse(parse: ParseJob): Promise<void> {
  const table = await readTable(parse);
  const inferred = parse.infer
    ? (await import('./infer-configuration.ts')).inferConfiguration(table)
    : undefined;
  const json = parse.jsonChunkRows;
  const size = json ?? chunkRows(table.headers.length, parse.chunkCells);
  // The first chunks unasked, then one per `next` of the API thread (see the protocol).
  let credit = CHUNKS_IN_FLIGHT;
  for (let start = 0; start < table.rows.length; start += size) {
    while (credit === 0) if ((await nextInput()).type === 'next') credit++;
    credit--;
    const rows = table.rows.slice(start, start + size);
    reply({ type: 'rows', rows: json ? [JSON.stringify(rows)] : rows });
  }
  const rowCount = table.rows.length;
  // The rows went ahead in chunks; the table keeps its key order, so the parent puts them back in place.
  const fileBase64 = parse.base64 ? Buffer.from(parse.bytes).toString('base64') : undefined;
  reply({ type: 'done', result: { table: { ...table, rows: [] }, inferred, rowCount, fileBase64 } });
}

async function runTypedRows(typing: TypedRowsJob): Promise<void> {
  const { typedRows } = await import('./typed-rows.ts');
  const columns = { headers: typing.headers, columnIds: typing.columnIds };
  // typedRows checks the configuration's columns before any row: do so even for a table without rows.
  typedRows({ ...columns, rows: [] }, typing.configuration);
  for (;;) {
    const input = await nextInput();
    if (input.type === 'end') break;
    if (input.type !== 'rows') continue;
    const rows = typedRows(
      { ...columns, rows: input.rows, rowNumbers: input.rowNumbers },
      typing.configuration,
    );
    reply({ type: 'rows', rows });
  }
  reply({ type: 'done', result: null });
}

// The readers are imported by the job itself, not ahead while it is awaited: importing them at the
// same time as the job arrived coincided with rare SIGSEGVs of test processes; session 1's per-job
// imports never showed one. A spare worker (see `worker-runner.ts`) still saves the worker's start.
const first = await nextInput();
if (first.type !== 'job')
  throw new Error(`The parse worker's first message must be its job, not '${first.type}'`);
const job: WorkerJob = first.job;

try {
  if (job.kind === 'parse') await runParse(job);
  else await runTypedRows(job);
} catch (error) {
  refuse(error);
}
