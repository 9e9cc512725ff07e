/**
 * A response counts as good only with status 200 or 'OK' (some calls report the status as text).
 * api/'s isGoodResponse applies the same rule to whole responses.
 */
export function isGoodResponseStatus(status: number | string | null | undefined): boolean {
  return status === 200 || status === 'OK';
}
