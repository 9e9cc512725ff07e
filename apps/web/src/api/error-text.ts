import { NetworkError } from '@siteseer/core';

/**
 * What a user is told when a call could not be sent at all (offline, the server unreachable, the
 * connection refused). The spec names no such message; core's NetworkError text ("PUT http://…/api/…:
 * the request could not be sent") is for logs and developers, not for the people using the portal.
 */
export const NETWORK_FAILURE_TEXT = 'The server could not be reached. Check your connection and try again.';

/** The text to show for a failed call: the plain network message for a call never answered, else the error's own. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_FAILURE_TEXT;
  return error instanceof Error ? error.message : String(error);
}

/** Whether asking again may help: a call never answered may get through; a refusal will not change. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof NetworkError;
}
