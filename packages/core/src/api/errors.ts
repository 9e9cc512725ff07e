import type { z } from 'zod';
import { MESSAGES } from '../rules/messages.ts';

type Issue = z.core.$ZodIssue;

/** Summarizes zod issues as `path: message; ...`. */
function describeIssues(issues: readonly Issue[]): string {
  return issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Base class of every error the API client throws. */
export class ApiError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** No access token: the user must sign in. Message exactly 'No authToken' (the spec). No request was sent. */
export class NoAuthTokenError extends ApiError {
  constructor() {
    super(MESSAGES.noAuthToken);
  }
}

/** The server answered 401: the session is over, send the user to login. */
export class UnauthorizedError extends ApiError {
  readonly status = 401;
  readonly method: string;
  readonly url: string;
  /** The response body: parsed JSON when JSON, else text, else null. */
  readonly body: unknown;

  constructor(method: string, url: string, body: unknown) {
    super(`${method} ${url}: 401 Unauthorized`);
    this.method = method;
    this.url = url;
    this.body = body;
  }
}

/**
 * The server answered 500 or above. The message holds the request address, the error text and,
 * when the body is JSON, the body (the spec's error page message).
 */
export class ServerError extends ApiError {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The error text: the body when it is plain text, else the status line. */
  readonly errorText: string;
  /** The parsed body when the response was JSON, else undefined. */
  readonly body: unknown;

  constructor(init: { status: number; method: string; url: string; errorText: string; body: unknown }) {
    const json = init.body === undefined ? '' : ` ${JSON.stringify(init.body)}`;
    super(`${init.method} ${init.url} failed with status ${init.status}: ${init.errorText}${json}`);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.errorText = init.errorText;
    this.body = init.body;
  }
}

/** The request could not be sent (network failure, refused connection); the cause is attached. */
export class NetworkError extends ApiError {
  readonly method: string;
  readonly url: string;

  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: the request could not be sent`, { cause });
    this.method = method;
    this.url = url;
  }
}

/** The caller's input does not match the call's contract; nothing was sent. */
export class RequestValidationError extends ApiError {
  readonly call: string;
  /** Which part was invalid. */
  readonly part: 'params' | 'query' | 'body' | 'files';
  readonly issues: readonly Issue[];

  constructor(call: string, part: RequestValidationError['part'], issues: readonly Issue[]) {
    super(`Invalid ${part} for ${call}: ${describeIssues(issues)}`);
    this.call = call;
    this.part = part;
    this.issues = issues;
  }
}

/** A 200 response whose body does not match the call's response schema (a server bug). */
export class ResponseValidationError extends ApiError {
  readonly call: string;
  readonly status: number;
  readonly url: string;
  readonly issues: readonly Issue[];
  /** The body as received. */
  readonly body: unknown;

  constructor(init: { call: string; status: number; url: string; issues: readonly Issue[]; body: unknown }) {
    super(`Unexpected response to ${init.call} (${init.url}): ${describeIssues(init.issues)}`);
    this.call = init.call;
    this.status = init.status;
    this.url = init.url;
    this.issues = init.issues;
    this.body = init.body;
  }
}

/** The `detail` (else `title`) of a problem document body, when it has one. */
function problemText(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { detail, title } = body as { detail?: unknown; title?: unknown };
  if (typeof detail === 'string' && detail !== '') return detail;
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/**
 * The public search answered 404: no client with this id, or its engine has nothing published
 * (no published version of a parametric engine, no published crawl of a keyword engine).
 */
export class SearchNotFoundError extends ApiError {
  readonly status = 404;
  readonly clientId: string;
  readonly method: string;
  readonly url: string;
  /** The response body (the problem document). */
  readonly body: unknown;

  constructor(init: { clientId: string; method: string; url: string; body: unknown }) {
    super(`Nothing to search for client ${init.clientId}: ${problemText(init.body) ?? 'not found'}`);
    this.clientId = init.clientId;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }
}

/** The public search refused the request with a status below 500 other than 404 (400, 429...). */
export class SearchRefusedError extends ApiError {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The response body: the problem document when JSON, else the text, else null. */
  readonly body: unknown;
  /** Seconds to wait before trying again (the `Retry-After` header of a 429), when given. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    method: string;
    url: string;
    body: unknown;
    retryAfter: string | null;
  }) {
    const text =
      problemText(init.body) ?? (typeof init.body === 'string' && init.body ? init.body : undefined);
    super(`${init.method} ${init.url} was refused (${init.status})${text ? `: ${text}` : ''}`);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    const seconds = init.retryAfter === null ? Number.NaN : Number(init.retryAfter);
    this.retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
  }
}
