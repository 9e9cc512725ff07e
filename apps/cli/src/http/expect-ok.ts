import type { ApiResponse } from '@siteseer/core';
import { ApiRefusedError } from '../errors.ts';

/**
 * The data of a good (200) response; any other answer below 500 becomes an ApiRefusedError
 * carrying the server's problem document (401 and >= 500 are already thrown by core's client).
 */
export function expectOk<T>(response: ApiResponse<T>, what?: string): T {
  if (response.ok) return response.data;
  throw new ApiRefusedError(response.status, response.data, what);
}
