import type { ApiClient, ApiResponse } from '@siteseer/core';
import { lazyApiClient } from './lazy-api-client.ts';
import type { SpreadsheetUploads } from './upload-with-progress.ts';

export type { ApiClient };

/**
 * Builds the typed API client of core over the browser's fetch and the session's token. The client
 * (with zod and every call's contract) loads with the first request rather than with the entry.
 */
export function createPortalApi(baseUrl: string, getToken: () => Promise<string | undefined>): ApiClient {
  return lazyApiClient(async () => {
    const { createApiClient } = await import('./core-api-client.ts');
    return createApiClient({
      baseUrl,
      // Wrapped so fetch is never called with another `this` ("Illegal invocation").
      fetch: (input, init) => globalThis.fetch(input, init),
      getToken,
    });
  });
}

/**
 * The parametric wizard's spreadsheet uploads with progress (XMLHttpRequest), same token and base
 * URL as the API client; loaded, with core's contracts, on the first upload.
 */
export function createPortalUploads(
  baseUrl: string,
  getToken: () => Promise<string | undefined>,
): SpreadsheetUploads {
  return lazyApiClient(async () => {
    const { createSpreadsheetUploads } = await import('./upload-with-progress.ts');
    return createSpreadsheetUploads({ baseUrl, getToken });
  });
}

/**
 * A status below 500 other than 200 and 401: core hands these back as normal responses. A screen
 * that needs the data treats it as a failure with the server's text.
 */
export class ApiStatusError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(problemText(data) ?? `The request failed with status ${status}.`);
    this.name = 'ApiStatusError';
    this.status = status;
    this.data = data;
  }
}

/** The human text of an error body: problem+json `detail`/`title`, an `error` or `message` field, or text. */
export function problemText(data: unknown): string | undefined {
  if (typeof data === 'string' && data.trim() !== '') return data.trim();
  if (typeof data !== 'object' || data === null) return undefined;
  for (const key of ['detail', 'error', 'message', 'title'] as const) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The data of a good response, or an ApiStatusError for any other status. */
export function unwrap<T>(response: ApiResponse<T>): T {
  if (response.ok) return response.data;
  throw new ApiStatusError(response.status, response.data);
}
