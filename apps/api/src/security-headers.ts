import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

type Directives = Record<string, string[]>;
type Middleware = ReturnType<typeof helmet>;
/** What a helmet middleware does to a response: headers set, and removed. */
interface HeaderSet {
  set: [string, string][];
  removed: string[];
}

declare module 'fastify' {
  interface FastifyReply {
    /** The nonces of a preview page's or an analytics frame's script and style (set for those only). */
    cspNonce: { script: string; style: string };
  }
}

/**
 * What a response is, by its path: each kind gets its own Content-Security-Policy and framing.
 * - portal: the React portal's files and its index.html for every client-side route
 * - identity: the embedded provider's pages (sign-in, device flow, logout, forgot/set password)
 * - preview: the parametric and keyword preview pages (the widget on a page of ours)
 * - analytics: the analytics frames (server-rendered, no script) and their CSV downloads
 * - widget: the widget's script and stylesheet, loaded by customers' pages
 * - search: the public search runtime, called from customers' pages
 * - api: the portal API's JSON (and the health and runtime configuration files)
 */
export type ResponseKind = 'portal' | 'identity' | 'preview' | 'analytics' | 'widget' | 'search' | 'api';

const KINDS: [RegExp, ResponseKind][] = [
  [/^\/api\/parametric\/preview(\?|$)/, 'preview'],
  [/^\/api\/client\/[^/?]+\/kw\/preview(\?|$)/, 'preview'],
  [/^\/api\/analytics\/[^/?]+\/[^/?]+\/[^/?]+(\/|\?|$)/, 'analytics'],
  [/^\/api\/analytics\/[^/?]+\/headline(\?|$)/, 'analytics'],
  [/^\/(api|healthz|config\.json)(\/|\?|$)/, 'api'],
  [/^\/widget\//, 'widget'],
  [/^\/search\//, 'search'],
  [/^\/(oidc|interaction|auth\/forgot-password|auth\/set-password)(\/|\?|$)/, 'identity'],
];

/** The kind of the response to a request for `url` (path and query). */
export function responseKind(url: string): ResponseKind {
  return KINDS.find(([pattern]) => pattern.test(url))?.[1] ?? 'portal';
}

/** Nothing may load, frame or be framed: for responses that are data or a script file. */
const NOTHING: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** The CSP sources (hashes) of the identity pages' own inline style and script. */
export interface IdentityPageSources {
  style: string;
  script: string;
}

function policies(
  config: Config,
  identityPages: IdentityPageSources,
): Record<Exclude<ResponseKind, 'preview' | 'analytics'>, Directives> {
  const issuerOrigin = new URL(config.identity.issuer).origin;
  const sameAndIssuer = [...new Set(["'self'", issuerOrigin])];
  return {
    portal: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // MUI (emotion) inserts its styles at run time; styles cannot run script, and the portal's
      // tokens are what the policy guards.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      // The token and revocation endpoints of an external issuer are called from the portal.
      'connect-src': sameAndIssuer,
      'form-action': sameAndIssuer,
      'frame-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    },
    identity: {
      'default-src': ["'none'"],
      // The provider adds the hash of its own form_post script to this list when it sends one.
      'script-src': [identityPages.script],
      'style-src': [identityPages.style],
      'img-src': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    },
    widget: NOTHING,
    search: NOTHING,
    api: NOTHING,
  };
}

/** A fresh nonce per page: the widget's tag carries it, and the widget gives it to its <style>. */
function previewPolicy(config: Config, nonce: string): Directives {
  return {
    'default-src': ["'none'"],
    'script-src': [`'nonce-${nonce}'`],
    'style-src': [`'nonce-${nonce}'`],
    'connect-src': [new URL(config.publicUrl).origin],
    // Image columns show pictures from the customer's own hosts.
    'img-src': ['http:', 'https:', 'data:'],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    // Opened by the portal in a new tab; only our own pages may frame it (customers embed the
    // snippet, not this page).
    'frame-ancestors': ["'self'"],
  };
}

/**
 * An analytics frame: no script at all, its one <style> by nonce, charts as data: images (their
 * SVG styles stay inside the image), the period form posting to itself, framed by the portal only.
 */
function analyticsPolicy(nonce: string): Directives {
  return {
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`],
    'img-src': ['data:'],
    // The portal's type (Roboto), served by the API itself.
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'"],
  };
}

/** Kinds whose responses other origins load (a script tag, a CORS fetch). */
const CROSS_ORIGIN: ReadonlySet<ResponseKind> = new Set(['widget', 'search']);

/**
 * Security headers on every response (helmet's set: nosniff, Referrer-Policy, X-Frame-Options,
 * Cross-Origin-Resource-Policy, ...), with a Content-Security-Policy by kind of response (see
 * `ResponseKind`). Strict-Transport-Security only when the public URL is https: on plain http a
 * browser ignores it, and behind a TLS proxy it keeps visitors on https.
 *
 * Headers are set on the raw response in onRequest, before any route or middleware runs, so the
 * identity provider's own pages (served by its Koa app) get them too; register this before it.
 * `identityPages` are the hashes those pages' inline style and script are allowed by.
 */
export async function securityHeaders(
  app: FastifyInstance,
  config: Config,
  identityPages: IdentityPageSources,
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const options = (kind: ResponseKind, directives: Directives): HelmetOptions => ({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    // A year, for this host only: other hosts of the operator's domain are not ours to decide.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: kind === 'preview' || kind === 'analytics' ? 'sameorigin' : 'deny' },
    crossOriginResourcePolicy: { policy: CROSS_ORIGIN.has(kind) ? 'cross-origin' : 'same-origin' },
  });
  // Worked out once per kind: helmet's chain of middlewares per response was ~9 % of the event
  // loop's time under search load; the same headers are set from a list. Pages with nonces get
  // theirs per response.
  const fixed = policies(config, identityPages);
  const byKind = Object.fromEntries(
    (Object.keys(fixed) as (keyof typeof fixed)[]).map((kind) => [
      kind,
      headersOf(helmet(options(kind, fixed[kind]))),
    ]),
  ) as Record<keyof typeof fixed, HeaderSet>;
  // Set by the hook below for the kinds whose pages carry nonces, the only ones that read it.
  app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  app.addHook('onRequest', (request, reply, hookDone) => {
    // helmet's callback takes any error; Fastify's takes an Error (helmet only passes those).
    const done = hookDone as (error?: unknown) => void;
    const kind = responseKind(request.url);
    if (kind === 'preview' || kind === 'analytics') {
      const nonce = randomBytes(16).toString('base64');
      reply.cspNonce = { script: nonce, style: nonce };
      const policy = kind === 'preview' ? previewPolicy(config, nonce) : analyticsPolicy(nonce);
      helmet(options(kind, policy))(request.raw, reply.raw, done);
    } else {
      const { set, removed } = byKind[kind];
      for (const [name, value] of set) reply.raw.setHeader(name, value);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    }
  });
}

/**
 * The headers `middleware` sets and removes, as it sets them on any response of its kind (helmet's
 * headers depend on its options only): it is run once on a response that records them.
 */
function headersOf(middleware: Middleware): HeaderSet {
  const headers: HeaderSet = { set: [], removed: [] };
  const response = {
    setHeader: (name: string, value: string) => headers.set.push([name, value]),
    removeHeader: (name: string) => headers.removed.push(name),
  };
  let error: unknown;
  middleware({} as never, response as never, (failed?: unknown) => {
    error = failed;
  });
  if (error !== undefined) throw error;
  return headers;
}
