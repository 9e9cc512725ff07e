import type {
  ApiResponse,
  BodyOf,
  CallContract,
  FileInput,
  SpreadsheetImport,
  TokenSource,
} from '@siteseer/core';
import {
  fillPath,
  NetworkError,
  NoAuthTokenError,
  parametricContracts,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from '@siteseer/core';

/*
 * The spreadsheet uploads of the parametric wizard over XMLHttpRequest, the one browser API that
 * reports upload progress (fetch does not). Same wire and semantics as core's client
 * (`parametric.importFile` / `parametric.updateFile`): the calls' contracts from core, the session's
 * bearer token, multipart fields `accountId`, `engineId` and `file`, 200 validated with
 * `SpreadsheetImport`, other statuses below 500 handed back unvalidated, 401 → UnauthorizedError,
 * 500 and above → ServerError, a failed send → NetworkError; an aborted upload rejects with the
 * signal's reason (an AbortError, as fetch does).
 */

/** Bytes of the request body sent so far, of `total` (the multipart body, a little over the file). */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface ProgressUploadOptions {
  readonly signal?: AbortSignal | undefined;
  /** Sent as `Idempotency-Key`: a retry with the same key answers the version the first one stored. */
  readonly idempotencyKey?: string | undefined;
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
}

export type SpreadsheetUploadInput = BodyOf<typeof parametricContracts.importFile> & FileInput;

/** The two upload calls, with core's client's signatures plus progress. */
export interface SpreadsheetUploads {
  /** POST parametric/file/import: a new import. */
  importFile(
    input: SpreadsheetUploadInput,
    options?: ProgressUploadOptions,
  ): Promise<ApiResponse<SpreadsheetImport>>;
  /** POST parametric/file/{id}: a new version of the import's file. */
  updateFile(
    id: string,
    input: SpreadsheetUploadInput,
    options?: ProgressUploadOptions,
  ): Promise<ApiResponse<SpreadsheetImport>>;
}

type ProgressHandler = ((event: ProgressEvent) => void) | null;

/** The part of XMLHttpRequest the upload uses (a test double implements just this). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  getAllResponseHeaders(): string;
  readonly upload: { onprogress: ProgressHandler };
  onload: ProgressHandler;
  onerror: ProgressHandler;
  onabort: ProgressHandler;
  ontimeout: ProgressHandler;
}

export interface UploadClientConfig {
  /** The API root, e.g. `https://siteseer.example/api`. */
  readonly baseUrl: string;
  readonly getToken: TokenSource;
  /** Makes the request object; the browser's XMLHttpRequest by default. */
  readonly createRequest?: () => UploadRequest;
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The multipart body, validated as core's client does: the text fields, then the file (named, within its limit). */
function buildForm(contract: CallContract, input: SpreadsheetUploadInput): FormData {
  const { file, filename, ...fields } = input;
  const parsed = contract.body?.safeParse(fields);
  if (parsed && !parsed.success) throw new RequestValidationError(contract.name, 'body', parsed.error.issues);
  const form = new FormData();
  for (const [name, value] of Object.entries((parsed?.data ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const part = contract.files?.[0];
  const partName = part?.name ?? 'file';
  const reject = (message: string) =>
    new RequestValidationError(contract.name, 'files', [
      { code: 'custom', path: [partName], message, input: undefined },
    ]);
  if (!(file instanceof Blob)) throw reject('a file (Blob or File) is required');
  const name = filename ?? (file as Partial<File>).name;
  if (typeof name !== 'string' || name === '') throw reject('a file name is required');
  if (part && file.size > part.maxBytes) throw reject(`the file is larger than ${part.maxBytes} bytes`);
  form.append(partName, file, name);
  return form;
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses is of no use to the caller.
    }
  }
  return headers;
}

/** The body as core's client reads it: parsed JSON when labelled JSON, else text, else null. */
function readBody(text: string, headers: Headers): { data: unknown; json: boolean } {
  if (text === '') return { data: null, json: false };
  if (/^application\/([\w.+-]+\+)?json\b/i.test((headers.get('content-type') ?? '').trim())) {
    try {
      return { data: JSON.parse(text), json: true };
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return { data: text, json: false };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was aborted.', 'AbortError');
}

/** True for the rejection of an aborted upload (or fetch). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Creates the uploads over XMLHttpRequest with the session's token. */
export function createSpreadsheetUploads(config: UploadClientConfig): SpreadsheetUploads {
  const createRequest = config.createRequest ?? (() => new XMLHttpRequest());

  const send = async (
    // importFile or updateFile: both answer SpreadsheetImport.
    contract: CallContract,
    params: Record<string, unknown> | undefined,
    input: SpreadsheetUploadInput,
    options: ProgressUploadOptions = {},
  ): Promise<ApiResponse<SpreadsheetImport>> => {
    const { signal, onProgress } = options;
    if (contract.params) {
      const checked = contract.params.safeParse(params ?? {});
      if (!checked.success) throw new RequestValidationError(contract.name, 'params', checked.error.issues);
    }
    const form = buildForm(contract, input);
    const token = await config.getToken();
    if (!token) throw new NoAuthTokenError();
    if (signal?.aborted) throw abortReason(signal);
    const { method } = contract;
    const url = joinUrl(config.baseUrl, fillPath(contract.path, params));

    const request = createRequest();
    const answer = await new Promise<{ status: number; statusText: string; text: string; headers: Headers }>(
      (resolve, reject) => {
        const onAbort = () => request.abort();
        const settle = (done: () => void) => {
          signal?.removeEventListener('abort', onAbort);
          done();
        };
        request.open(method, url);
        request.setRequestHeader('Authorization', `Bearer ${token}`);
        request.setRequestHeader('Accept', 'application/json');
        if (options.idempotencyKey) request.setRequestHeader('Idempotency-Key', options.idempotencyKey);
        if (onProgress) {
          request.upload.onprogress = (event) =>
            onProgress({
              loaded: event.loaded,
              total: event.lengthComputable ? event.total : input.file.size,
            });
        }
        request.onload = () =>
          settle(() =>
            resolve({
              status: request.status,
              statusText: request.statusText,
              text: request.responseText,
              headers: parseHeaders(request.getAllResponseHeaders()),
            }),
          );
        request.onerror = () =>
          settle(() => reject(new NetworkError(method, url, new TypeError('The upload failed'))));
        request.ontimeout = () =>
          settle(() => reject(new NetworkError(method, url, new TypeError('The upload timed out'))));
        request.onabort = () =>
          settle(() =>
            reject(
              signal?.aborted
                ? abortReason(signal)
                : new DOMException('The upload was aborted.', 'AbortError'),
            ),
          );
        signal?.addEventListener('abort', onAbort, { once: true });
        request.send(form);
      },
    );

    const read = readBody(answer.text, answer.headers);
    if (answer.status === 401) throw new UnauthorizedError(method, url, read.data);
    if (answer.status >= 500) {
      const errorText =
        !read.json && answer.text !== '' ? answer.text : `${answer.status} ${answer.statusText}`.trim();
      throw new ServerError({
        status: answer.status,
        method,
        url,
        errorText,
        body: read.json ? read.data : undefined,
      });
    }
    if (answer.status !== 200) {
      return { ok: false, status: answer.status, data: read.data, headers: answer.headers };
    }
    const parsed = contract.response.safeParse(read.data);
    if (!parsed.success) {
      throw new ResponseValidationError({
        call: contract.name,
        status: answer.status,
        url,
        issues: parsed.error.issues,
        body: read.data,
      });
    }
    return { ok: true, status: 200, data: parsed.data as SpreadsheetImport, headers: answer.headers };
  };

  return {
    importFile: (input, options) => send(parametricContracts.importFile, undefined, input, options),
    updateFile: (id, input, options) => send(parametricContracts.updateFile, { id }, input, options),
  };
}

/** A random UUID: a new `Idempotency-Key` (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
