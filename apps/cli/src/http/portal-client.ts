import { type ApiClient, createApiClient } from '@siteseer/core';
import type { Runtime } from '../runtime.ts';
import { USER_AGENT } from '../version.ts';
import { type AuthMode, createAuthFetch } from './auth-fetch.ts';
import type { UploadProgress } from './upload-progress.ts';

/**
 * Core's portal API client, authenticated as `auth` says. Its own module, imported when a command
 * needs it: it loads every call contract of core, which `search` with a kept look-up never uses.
 */
export function portalClient(
  runtime: Runtime,
  baseUrl: string,
  auth: AuthMode,
  uploads: UploadProgress,
): ApiClient {
  const fetch = createAuthFetch({ fetch: runtime.fetch, auth, userAgent: USER_AGENT, progress: uploads });
  const getToken = () => {
    switch (auth.kind) {
      case 'token':
        return auth.token;
      case 'apiKey':
        // Core sends it as a bearer token; the fetch wrapper moves it to X-Api-Key.
        return auth.apiKey;
      case 'session':
        return auth.session.getToken();
    }
  };
  return createApiClient({ baseUrl, fetch, getToken });
}
