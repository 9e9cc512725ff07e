import type { z } from 'zod';
import type { CallContract, ResponseOf } from './contract.ts';
import {
  NetworkError,
  NoAuthTokenError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from './errors.ts';
import type { ApiResponse } from './response.ts';
import { fillPath, joinUrl, toQueryString } from './url.ts';

/** The `fetch` the client uses: the browser's, Node's, or a test double. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Where the access token comes from; `undefined` means signed out. */
export type TokenSource = () => string | undefined | Promise<string | undefined>;

export interface ApiClientConfig {
  /** The API root, e.g. `https://siteseer.example/api`. */
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  readonly getToken: TokenSource;
}

/** Per-call options. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Options of upload calls: an `Idempotency-Key` lets a retried upload be stored once. */
export interface UploadOptions extends CallOptions {
  readonly idempotencyKey?: string;
}

/** A file to upload: a `Blob` or `File`, and its name (a `File`'s own name when omitted). */
export interface FileInput {
  readonly file: Blob;
  readonly filename?: string;
}

/** The raw parts of a call, validated against its contract before sending. */
export interface CallInput {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
  /** Multipart calls: the files by form field name. */
  readonly files?: Readonly<Record<string, FileInput>>;
}

/** Sends one call of a contract and returns its response, with the spec's error semantics. */
export type Caller = <C extends CallContract>(
  contract: C,
  input?: CallInput,
  options?: UploadOptions,
) => Promise<ApiResponse<ResponseOf<C>>>;

/** Validates one part of a request against its schema; the parsed value is what is sent. */
export function parsePart(
  contract: CallContract,
  part: 'params' | 'query' | 'body',
  schema: z.ZodType | undefined,
  value: unknown,
): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (!result.success) throw new RequestValidationError(contract.name, part, result.error.issues);
  return result.data;
}

function fileIssue(path: string, message: string): z.core.$ZodIssue {
  return { code: 'custom', path: [path], message, input: undefined };
}

/** The file's name: the one given, else a `File`'s own name. */
function fileName(input: FileInput): string | undefined {
  if (input.filename !== undefined) return input.filename;
  const own: unknown = (input.file as Partial<File>).name;
  return typeof own === 'string' ? own : undefined;
}

function buildMultipart(contract: CallContract, fields: unknown, files: CallInput['files']): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const part of contract.files ?? []) {
    const input = files?.[part.name];
    const reject = (message: string) =>
      new RequestValidationError(contract.name, 'files', [fileIssue(part.name, message)]);
    if (!input || !(input.file instanceof Blob)) throw reject('a file (Blob or File) is required');
    const name = fileName(input);
    if (!name) throw reject('a file name is required');
    if (input.file.size > part.maxBytes) throw reject(`the file is larger than ${part.maxBytes} bytes`);
    form.append(part.name, input.file, name);
  }
  return form;
}

function isJson(headers: Headers): boolean {
  const type = headers.get('content-type') ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());
}

/** Reads a body: parsed JSON when JSON, else text, else null when there is none. */
export async function readBody(res: Response): Promise<{ data: unknown; text: string; json: boolean }> {
  const text = await res.text();
  if (text === '') return { data: null, text, json: false };
  if (isJson(res.headers)) {
    try {
      return { data: JSON.parse(text), text, json: true };
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      // A body labelled JSON that does not parse is handed back as text.
    }
  }
  return { data: text, text, json: false };
}

/** Creates the function that sends calls: validation, token, encoding, status handling. */
/** The error of an answer of 500 or above: its text, or its status line when it has none. */
export function serverError(
  res: Response,
  read: Awaited<ReturnType<typeof readBody>>,
  method: string,
  url: string,
): ServerError {
  const errorText = !read.json && read.text !== '' ? read.text : `${res.status} ${res.statusText}`.trim();
  return new ServerError({
    status: res.status,
    method,
    url,
    errorText,
    body: read.json ? read.data : undefined,
  });
}

export function createCaller(config: ApiClientConfig): Caller {
  // Called detached from `config`: a browser's fetch throws "Illegal invocation" when `this` is another object.
  const fetchFn = config.fetch;
  return async (contract, input = {}, options = {}) => {
    const params = parsePart(contract, 'params', contract.params, input.params);
    const query = parsePart(contract, 'query', contract.query, input.query);
    const body = parsePart(contract, 'body', contract.body, input.body);
    const multipart = contract.bodyEncoding === 'multipart';
    const payload = multipart ? buildMultipart(contract, body, input.files) : undefined;

    const token = await config.getToken();
    if (!token) throw new NoAuthTokenError();

    const url =
      joinUrl(config.baseUrl, fillPath(contract.path, params as Record<string, unknown> | undefined)) +
      toQueryString(query as Record<string, unknown> | undefined);
    const headers = new Headers({ Authorization: `Bearer ${token}` });
    headers.set('Accept', contract.responseKind === 'binary' ? '*/*' : 'application/json');
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    const init: RequestInit = { method: contract.method, headers };
    if (options.signal) init.signal = options.signal;
    if (payload) init.body = payload;
    else if (contract.body && body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(body);
    }

    let res: Response;
    try {
      res = await fetchFn(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new NetworkError(contract.method, url, error);
    }

    if (res.status === 200 && contract.responseKind === 'binary') {
      const blob = await res.blob();
      return { ok: true, status: 200, data: blob as ResponseOf<typeof contract>, headers: res.headers };
    }
    const read = await readBody(res);
    if (res.status === 401) throw new UnauthorizedError(contract.method, url, read.data);
    if (res.status >= 500) throw serverError(res, read, contract.method, url);
    if (res.status !== 200) return { ok: false, status: res.status, data: read.data, headers: res.headers };

    const parsed = contract.response.safeParse(read.data);
    if (!parsed.success) {
      throw new ResponseValidationError({
        call: contract.name,
        status: res.status,
        url,
        issues: parsed.error.issues,
        body: read.data,
      });
    }
    return { ok: true, status: 200, data: parsed.data as ResponseOf<typeof contract>, headers: res.headers };
  };
}
