import type { FetchLike } from '@siteseer/core';
import type { Writer } from './output/output.ts';

/** The process as the CLI sees it; `main` gets the real one, tests a fake. */
export interface Runtime {
  env: Readonly<Record<string, string | undefined>>;
  stdout: Writer;
  stderr: Writer;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean | undefined };
  fetch: typeof fetch;
  /**
   * The HTTP client of the public search calls (`search`): Node's http(s) modules in a real run,
   * which start faster than its fetch (`http/node-http-fetch.ts`).
   */
  searchFetch: FetchLike;
  platform: NodeJS.Platform;
}

/** The options every command understands (root options, or the command's own --json). */
export interface GlobalOptions {
  server: string | undefined;
  verbose: boolean;
  color: boolean;
  json: boolean;
}

/**
 * The common options of a command and its ancestors: --verbose, --no-color and --json count when
 * given at any level; --server is the innermost one given.
 */
export function globalOptionsOf(chain: readonly Readonly<Record<string, unknown>>[]): GlobalOptions {
  let server: string | undefined;
  for (const opts of chain) {
    if (server === undefined && typeof opts.server === 'string') server = opts.server;
  }
  return {
    server,
    verbose: chain.some((opts) => opts.verbose === true),
    color: !chain.some((opts) => opts.color === false),
    json: chain.some((opts) => opts.json === true),
  };
}
