import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A file field of a multipart call: its form field name and size limit. */
export interface FilePartContract {
  readonly name: string;
  readonly maxBytes: number;
}

/**
 * One call of the portal API: the single source of truth for its path, method, path parameters,
 * query, body and 200 response. The server registers its routes from these and validates with the
 * same schemas; the client validates requests before sending and 200 responses on arrival.
 *
 * - `path` is relative to the API root (the server mounts it under `/api/`), with `:name`
 *   placeholders (Fastify's syntax) whose values are URI-encoded.
 * - Query schemas parse the wire form (strings) and accept typed values, so one schema serves the
 *   client (typed input) and the server (query strings): their output serializes back to input.
 * - A call succeeds with status 200 only (the spec: "a response counts as good only with status
 *   200"); `response` is the schema of that body.
 */
export interface CallContract {
  /** The call's name, `group.call`: the client method's path and the route's id. */
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** What the call does, for the API document (OpenAPI), when its name and path do not say it. */
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** JSON body, or for multipart calls the text fields (multipart fields arrive as strings). */
  readonly body?: z.ZodType;
  /** `multipart`: a `multipart/form-data` body of the `body` fields plus the `files` parts. */
  readonly bodyEncoding?: 'json' | 'multipart';
  readonly files?: readonly FilePartContract[];
  /** Schema of the 200 response body (for binary calls, the `Blob` the client returns). */
  readonly response: z.ZodType;
  /** `binary`: the 200 body is a file download, returned as a `Blob`. Default `json`. */
  readonly responseKind?: 'json' | 'binary';
  /** Statuses besides 200 that are a normal answer of this call and carry no body (204: "no such user"). */
  readonly emptyStatuses?: readonly number[];
}

/** Declares a call contract, keeping its literal types. */
export function defineCall<const C extends CallContract>(contract: C): C {
  return contract;
}

/** The path parameters a caller passes (before validation). */
export type ParamsOf<C extends CallContract> = C extends { params: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The query a caller passes (before validation). */
export type QueryOf<C extends CallContract> = C extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The body (or multipart text fields) a caller passes (before validation). */
export type BodyOf<C extends CallContract> = C extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The validated data of a 200 response. */
export type ResponseOf<C extends CallContract> = z.output<C['response']>;

/** The names of the `:param` placeholders of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
}
