import { z } from 'zod';
import { AbortError, UsageError } from '../errors.ts';

/** The parts of the server's `/config.json` the CLI needs. */
export const ServerConfig = z.object({
  issuer: z.url(),
  cliClientId: z.string().min(1),
  audience: z.string().min(1),
  apiBase: z.url(),
});
export type ServerConfig = z.infer<typeof ServerConfig>;

/** Whether a URL's host is this machine (plain http is allowed only there). */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether plain-http requests to this URL are acceptable: https, or http on localhost/127.0.0.1. */
function isSecureEnough(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
}

/** A server URL as typed, normalised to its origin plus path without a trailing slash. */
export function normaliseServer(input: string): string {
  // A bare word ('notaurl') is refused rather than guessed as https://notaurl.
  if (!/^https?:\/\//i.test(input.trim())) {
    throw new UsageError(
      `'${input}' is not an http(s) URL.`,
      'Example: --server https://siteseer.example.com',
    );
  }
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new UsageError(
      `'${input}' is not a valid server URL.`,
      'Example: --server https://siteseer.example.com',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`'${input}' is not an http(s) URL.`);
  }
  if (!isSecureEnough(url)) {
    throw new UsageError(
      `Refusing plain http for ${url.host}: use https (http is only allowed for localhost and 127.0.0.1).`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The API root used when only a server URL is known (SITESEER_TOKEN / SITESEER_API_KEY). */
export function defaultApiBase(server: string): string {
  return `${server}/api`;
}

/**
 * The root the public search runtime answers under (`{root}/search/...`): the server the API
 * root belongs to, which `/config.json` gives as `{public URL}/api`.
 */
export function searchRootOf(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
}

/** Reads `{server}/config.json`: the issuer, the CLI's client id, the audience and the API root. */
export async function fetchServerConfig(server: string, fetchFn: typeof fetch): Promise<ServerConfig> {
  const url = `${server}/config.json`;
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new AbortError(`Could not reach ${server}.`, {
      cause: error,
      hint: 'Check the server URL and your network.',
    });
  }
  if (!response.ok) {
    throw new AbortError(`${url} answered ${response.status}: is ${server} a Siteseer server?`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new AbortError(`${url} is not JSON: is ${server} a Siteseer server?`);
  }
  const parsed = ServerConfig.safeParse(body);
  if (!parsed.success) {
    throw new AbortError(`${url} lacks the CLI settings (issuer, cliClientId, audience, apiBase).`);
  }
  return parsed.data;
}
