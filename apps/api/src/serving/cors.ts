import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotAllowedError } from '../errors.ts';

/** The origins a client allows: '*' (any) or a list separated by commas or spaces. */
function allowedOrigin(setting: unknown, origin: string | undefined): string | undefined {
  const configured = typeof setting === 'string' && setting.trim() ? setting.trim() : '*';
  if (configured === '*') return '*';
  if (!origin) return undefined;
  const origins = configured.split(/[\s,]+/).map((o) => o.replace(/\/$/, ''));
  return origins.includes(origin) ? origin : undefined;
}

/**
 * The CORS headers of a client's allowed origins (its `origin` setting), for every public call of
 * either engine kind. A browser on a site the client does not allow could not read the answer
 * anyway: it is refused (403) before any search, so the search is neither worked out nor recorded
 * in the client's analytics. The server's own pages (the previews, whose POSTs carry their own
 * origin) are always allowed; a request without an Origin (a server, the CLI) is answered, as CORS
 * does not apply to it.
 */
export function cors(request: FastifyRequest, reply: FastifyReply, setting: unknown): void {
  const { origin } = request.headers;
  const allowed = allowedOrigin(setting, origin);
  reply.header('vary', 'Origin');
  if (allowed) {
    reply.header('access-control-allow-origin', allowed);
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    reply.header('access-control-max-age', '600');
  } else if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new NotAllowedError(
      `This search engine does not answer pages of ${origin}: the sites that may use it are the ` +
        "origins of the engine's settings.",
    );
  }
}
