/**
 * The search service could not answer (network, status, unexpected body). The widget shows
 * 'Search is unavailable right now.' and reports the message in a `siteseer:error` event.
 */
export class SearchUnavailableError extends Error {
  override name = 'SearchUnavailableError';
}

/** True for the rejection of a request that a newer one (or destroy) aborted on purpose. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
