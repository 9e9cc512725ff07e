import type { FetchLike } from '@siteseer/core';
import type { StoredSession } from '../auth/session.ts';
import type { UploadProgress } from './upload-progress.ts';

/** How calls are authenticated, in order of precedence. */
export type AuthMode =
  | { kind: 'token'; token: string }
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'session'; session: StoredSession };

const API_KEY_HEADER = 'X-Api-Key';

/**
 * Core's client always sends `Authorization: Bearer <getToken()>`. This wraps `fetch` to adapt it:
 * with an API key the header becomes `X-Api-Key`; with a saved login a 401 triggers one refresh
 * and one retry. Multipart bodies report their upload progress.
 */
export function createAuthFetch(init: {
  fetch: FetchLike;
  auth: AuthMode;
  userAgent: string;
  progress?: UploadProgress;
}): FetchLike {
  const { auth } = init;
  const send = async (url: string, request: RequestInit): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set('User-Agent', init.userAgent);
    if (auth.kind === 'apiKey') {
      headers.delete('Authorization');
      headers.set(API_KEY_HEADER, auth.apiKey);
    }
    let body = request.body;
    if (body instanceof FormData && init.progress?.active) {
      const prepared = await init.progress.track(body);
      body = prepared.body;
      headers.set('Content-Type', prepared.contentType);
      return init.fetch(url, { ...request, headers, body, duplex: 'half' } as RequestInit);
    }
    return init.fetch(url, { ...request, headers, body });
  };

  return async (url, request) => {
    const response = await send(url, request);
    if (response.status !== 401 || auth.kind !== 'session') return response;
    if (!(await auth.session.refresh())) return response;
    await response.body?.cancel();
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${auth.session.current.accessToken}`);
    return send(url, { ...request, headers });
  };
}
