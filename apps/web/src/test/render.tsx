import type { Feature, SearchEngine, UserProfile } from '@siteseer/core';
import { createApiClient } from '@siteseer/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { clientsQuery, enginesQuery, featuresQuery, profileQuery } from '../api/queries.ts';
import { createSpreadsheetUploads, type SpreadsheetUploads } from '../api/upload-with-progress.ts';
import { defaultRuntimeConfig } from '../config/runtime-config.ts';
import type { Session } from '../session/session.ts';
import { App } from '../shell/app.tsx';
import type { Services } from '../shell/services.tsx';
import { FakeUploadRequest } from './fake-upload-request.ts';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** Answers by `METHOD path` (path after /api/, without the query); unknown calls answer 404. */
export type FakeRoutes = Record<string, (call: FakeCall) => unknown | Response>;

/** Core's real API client over a fake fetch, so requests and responses are checked against the contracts. */
export function fakeApi(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const api = createApiClient({
    baseUrl: 'http://portal.test/api',
    getToken: () => 'token',
    fetch: async (input, init) => {
      const url = new URL(input);
      const path = url.pathname.replace(/^\/api\//, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method: init.method ?? 'GET', path, body };
      calls.push(call);
      const handler = routes[`${call.method} ${path}`];
      if (!handler) return Response.json({ detail: `no fake for ${call.method} ${path}` }, { status: 404 });
      const answer = await handler(call);
      return answer instanceof Response ? answer : Response.json(answer);
    },
  });
  return { api, calls };
}

/**
 * The wizard's XMLHttpRequest uploads over fake requests answered by the same routes as `fakeApi`
 * (the whole body at once, then the answer); or, with `create`, over requests the test drives.
 */
export function fakeUploads(
  routes: FakeRoutes,
  calls: FakeCall[],
  create?: () => FakeUploadRequest,
): SpreadsheetUploads {
  const answer = async (request: FakeUploadRequest) => {
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const call = { method: request.method, path, body: request.body };
    calls.push(call);
    const size = (request.body?.get('file') as Blob | null)?.size ?? 0;
    request.progress(size, size);
    const handler = routes[`${call.method} ${path}`];
    const result = handler
      ? await handler(call)
      : Response.json({ detail: `no fake for ${call.method} ${path}` }, { status: 404 });
    const response = result instanceof Response ? result : Response.json(result);
    request.respondRaw(response.status, await response.text(), response.headers.get('content-type') ?? '');
  };
  return createSpreadsheetUploads({
    baseUrl: 'http://portal.test/api',
    getToken: () => 'token',
    createRequest:
      create ??
      (() => {
        const request = new FakeUploadRequest();
        request.onSend = (sent) => void answer(sent);
        return request;
      }),
  });
}

export interface RenderOptions {
  path: string;
  /** The routes, or a function making them from the services (for loaders that need them). */
  routes: RouteObject[] | ((services: Services) => RouteObject[]);
  profile: UserProfile;
  features: Feature[];
  /** The engines in the cache; 'not loaded' leaves engines and clients to be fetched from `api`. */
  engines?: SearchEngine[] | 'not loaded';
  api?: FakeRoutes;
  /** Upload requests the test drives (progress, answer, failure); by default answered by `api`. */
  uploadRequests?: () => FakeUploadRequest;
  /** The portal's API error handling (default: handles nothing, so errors show as messages). */
  reportApiError?: (error: unknown) => boolean;
}

/** Renders routes as the portal does (theme, query client with the session's data, services, router). */
export function renderPortal(options: RenderOptions) {
  const { api, calls } = fakeApi(options.api ?? {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQuery(api).queryKey, options.profile);
  queryClient.setQueryData(featuresQuery(api).queryKey, options.features);
  if (options.engines !== 'not loaded') {
    queryClient.setQueryData(enginesQuery(api).queryKey, options.engines ?? []);
    queryClient.setQueryData(clientsQuery(api).queryKey, []);
  }
  const session = { isSignedIn: () => true } as unknown as Session;
  const services: Services = {
    config: defaultRuntimeConfig('http://portal.test'),
    api,
    uploads: fakeUploads(options.api ?? {}, calls, options.uploadRequests),
    session,
    queryClient,
    reportApiError: options.reportApiError ?? (() => false),
  };
  const routes = typeof options.routes === 'function' ? options.routes(services) : options.routes;
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const view = render(<App services={services} router={router} />);
  return { ...view, router, calls, queryClient };
}

/** One route rendering `element`, plus a stub for every other path so navigations are observable. */
export function routesFor(path: string, element: ReactNode): RouteObject[] {
  return [
    { path, element },
    { path: '*', element: <p>Navigated elsewhere</p> },
  ];
}
