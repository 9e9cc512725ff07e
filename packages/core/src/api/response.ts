/** A 200 response: the body was validated against the call's response schema. */
export interface ApiSuccess<T> {
  readonly ok: true;
  readonly status: 200;
  readonly data: T;
  readonly headers: Headers;
}

/**
 * Any other status below 500 (except 401), handed back as a normal response and not validated:
 * `data` is the parsed JSON when JSON, else the text, else null (no body, e.g. 204).
 */
export interface ApiFailure {
  readonly ok: false;
  readonly status: number;
  readonly data: unknown;
  readonly headers: Headers;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** True only for status 200 or 'OK' (the spec's "good response"). */
export function isGoodResponse<T>(res: ApiResponse<T> | null | undefined): res is ApiSuccess<T>;
export function isGoodResponse(res: { readonly status: number | string } | null | undefined): boolean;
export function isGoodResponse(res: { readonly status: number | string } | null | undefined): boolean {
  return res != null && (res.status === 200 || res.status === 'OK');
}
