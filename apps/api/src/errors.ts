/**
 * Errors that say what happens next. Thrown inline anywhere in the API; translated to
 * `application/problem+json` in exactly one place (the app's error handler).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly title: string;
  /** Extra members of the problem document (e.g. the row and column of a bad upload). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, title: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.title = title;
    this.extra = extra;
  }
}

/** The request is wrong in a way the caller can fix. */
export class InputError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, 'Bad Request', message, extra);
  }
}

/** No valid credentials: sign in again. */
export class NotAuthenticatedError extends HttpError {
  constructor(message = 'Authentication required.') {
    super(401, 'Unauthorized', message);
  }
}

/** Signed in, but this role may not do this. */
export class NotAllowedError extends HttpError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, 'Forbidden', message);
  }
}

/** Absent, or belongs to another account: both look the same to the caller. */
export class NotFoundError extends HttpError {
  constructor(what: string) {
    super(404, 'Not Found', `${what} not found.`);
  }
}

/** The request conflicts with the current state (a rule of the spec, a duplicate). */
export class ConflictError extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, 'Conflict', message, extra);
  }
}

/** Well-formed, but cannot be done as asked (an idempotency key reused for another request). */
export class UnprocessableError extends HttpError {
  constructor(message: string) {
    super(422, 'Unprocessable Content', message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'Payload Too Large', message);
  }
}

export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'Too Many Requests', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Nothing the caller did wrong, and worth retrying shortly. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'Service Unavailable', message);
  }
}
