import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, TooManyRequestsError } from './errors.ts';

/** An RFC 9457 problem document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extra: string]: unknown;
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function problemOf(error: FastifyError | Error, request: FastifyRequest): Problem {
  const base = { type: 'about:blank', instance: request.url };
  if (error instanceof HttpError) {
    return { ...base, title: error.title, status: error.status, detail: error.message, ...error.extra };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message,
    }));
    const first = issues[0];
    const detail = first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}`
      : 'The request is not valid.';
    return { ...base, title: 'Bad Request', status: 400, detail, issues };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { ...base, title: STATUS_TITLES[status] ?? 'Bad Request', status, detail: error.message };
  }
  return { ...base, title: 'Internal Server Error', status: 500, detail: 'An unexpected error occurred.' };
}

/** The one place where errors become HTTP responses: `application/problem+json`. */
export function problemHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const problem = problemOf(error, request);
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const problem: Problem = {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: `No route for ${request.method} ${request.url.split('?')[0]}.`,
    instance: request.url,
  };
  return reply.status(404).type('application/problem+json').send(JSON.stringify(problem));
}
