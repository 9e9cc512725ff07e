import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { responseKind } from './security-headers.ts';

/**
 * The host the browser asked for. Behind a TLS proxy (an https public URL) that is the proxy's
 * X-Forwarded-Host; a proxy that sends none is taken at its word, since the Host it sends is often
 * the upstream's own address and redirecting on it would loop.
 */
function browserHost(request: FastifyRequest, behindProxy: boolean): string | undefined {
  if (behindProxy && !request.headers['x-forwarded-host']) return undefined;
  // Empty without a Host header (HTTP/1.0): nothing to compare, nothing to redirect.
  return request.host.toLowerCase() || undefined;
}

/**
 * Sends a browser that opened the portal or a sign-in page on another origin than the public URL
 * (http://127.0.0.1:8080 for http://localhost:8080, a LAN address for a host name) to the public
 * URL, same path and query. Sign-in keeps its state per origin and the identity provider returns to
 * the public URL, so a sign-in started elsewhere could not finish. Only page navigations (GET or
 * HEAD asking for HTML) are moved: the API, the search runtime, the widget and the preview page
 * answer on every origin. 307: temporary, as the public URL is configuration that can change.
 */
export function redirectToPublicOrigin(app: FastifyInstance, config: Config): void {
  const publicUrl = new URL(config.publicUrl);
  const publicHost = publicUrl.host.toLowerCase();
  const behindProxy = publicUrl.protocol === 'https:';
  app.addHook('onRequest', (request, reply, done) => {
    const navigation =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    const kind = navigation ? responseKind(request.url) : undefined;
    const host = kind === 'portal' || kind === 'identity' ? browserHost(request, behindProxy) : undefined;
    if (host === undefined || host === publicHost) return done();
    reply.header('cache-control', 'no-store').redirect(`${publicUrl.origin}${request.url}`, 307);
  });
}
