import type { FastifyRequest } from 'fastify';

/** The calls a customer's visitors make: the widget's files and the public search calls. */
const VISITOR_CALLS = /^\/(search|widget)\//;

/**
 * What the server log keeps of a request (Fastify's `req` serializer). A visitor's call is logged
 * by its path only: no address or port (a visitor's address is never stored: ADR 0021) and no query
 * string (what they typed). Portal and API calls keep Fastify's usual fields.
 */
function requestLogFields(request: FastifyRequest) {
  if (VISITOR_CALLS.test(request.url)) return { method: request.method, url: request.url.split('?')[0] };
  return {
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger options: the level, and requests logged by `requestLogFields`. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: requestLogFields }, ...(stream ? { stream } : {}) };
}
