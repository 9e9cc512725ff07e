import type {
  ApiResponse,
  BodyOf,
  FetchLike,
  FileInput,
  parametricContracts,
  SpreadsheetImport,
  TokenSource,
  UploadOptions,
} from '@siteseer/core';
import { createApiClient } from '@siteseer/core';

/*
 * The spreadsheet uploads of the parametric wizard. fetch reports no upload progress, so the request
 * goes out over XMLHttpRequest, wrapped as a `FetchLike`: core's client does everything else (URL,
 * multipart body, token, Idempotency-Key, 401 / 5xx as typed errors, response validation), exactly
 * as for every other call. Progress is handed to the fetch of each upload's own client.
 */

/** Bytes of the request body sent so far, of `total` (the multipart body, a little over the file). */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

type ProgressListener = (progress: UploadProgress) => void;

interface ProgressUploadOptions extends UploadOptions {
  readonly onProgress?: ProgressListener | undefined;
}

type SpreadsheetUploadInput = BodyOf<typeof parametricContracts.importFile> & FileInput;

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
  send(body: XMLHttpRequestBodyInit | null): void;
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

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch (error) {
      // A header name the Headers class refuses is of no use to the caller.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return headers;
}

/** What a body will weigh when the browser cannot say (no computable length): its files' sizes. */
function bodySize(body: RequestInit['body']): number {
  if (body instanceof Blob) return body.size;
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  for (const value of body.values()) size += value instanceof Blob ? value.size : value.length;
  return size;
}

/** Statuses whose response has no body: the Response constructor refuses one. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal | null | undefined): unknown {
  return signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * `fetch` over XMLHttpRequest, reporting the request body's progress to `onProgress`. A failed or
 * timed-out send rejects with a TypeError, as fetch does (core's client makes it a NetworkError);
 * an aborted one with the signal's reason (an AbortError).
 */
function xhrFetch(
  createRequest: () => UploadRequest = () => new XMLHttpRequest(),
  onProgress?: ProgressListener,
): FetchLike {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const request = createRequest();
      const onAbort = () => request.abort();
      const settle = (done: () => void) => {
        signal?.removeEventListener('abort', onAbort);
        done();
      };
      request.open(init.method ?? 'GET', url);
      new Headers(init.headers).forEach((value, name) => {
        request.setRequestHeader(name, value);
      });
      if (onProgress) {
        request.upload.onprogress = (event) =>
          onProgress({
            loaded: event.loaded,
            total: event.lengthComputable ? event.total : bodySize(init.body),
          });
      }
      request.onload = () =>
        settle(() =>
          resolve(
            new Response(NULL_BODY_STATUSES.has(request.status) ? null : request.responseText, {
              status: request.status,
              statusText: request.statusText,
              headers: parseHeaders(request.getAllResponseHeaders()),
            }),
          ),
        );
      request.onerror = () => settle(() => reject(new TypeError('The upload failed')));
      request.ontimeout = () => settle(() => reject(new TypeError('The upload timed out')));
      request.onabort = () => settle(() => reject(abortReason(signal)));
      signal?.addEventListener('abort', onAbort, { once: true });
      request.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/** True for the rejection of an aborted upload (or fetch). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface UploadClientConfig {
  /** The API root, e.g. `https://siteseer.example/api`. */
  readonly baseUrl: string;
  readonly getToken: TokenSource;
  /** Makes the request object; the browser's XMLHttpRequest by default. */
  readonly createRequest?: () => UploadRequest;
}

/** The uploads as core's client calls, each over an XMLHttpRequest that reports its progress. */
export function createSpreadsheetUploads(config: UploadClientConfig): SpreadsheetUploads {
  const parametric = (onProgress: ProgressListener | undefined) =>
    createApiClient({
      baseUrl: config.baseUrl,
      getToken: config.getToken,
      fetch: xhrFetch(config.createRequest, onProgress),
    }).parametric;
  return {
    importFile: (input, { onProgress, ...options } = {}) => parametric(onProgress).importFile(input, options),
    updateFile: (id, input, { onProgress, ...options } = {}) =>
      parametric(onProgress).updateFile(id, input, options),
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
