import type { Feature, SearchEngine, UserProfile } from '@siteseer/core';
import { createApiClient } from '@siteseer/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { clientsQuery, enginesQuery, featuresQuery, profileQuery } from '../api/queries.ts';
import { defaultRuntimeConfig } from '../config/runtime-config.ts';
import type { Session } from '../session/session.ts';
import { App } from '../shell/app.tsx';
import type { Services } from '../shell/services.tsx';

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

export interface RenderOptions {
  path: string;
  routes: RouteObject[];
  profile: UserProfile;
  features: Feature[];
  engines?: SearchEngine[];
  api?: FakeRoutes;
}

/** Renders routes as the portal does (theme, query client with the session's data, services, router). */
export function renderPortal(options: RenderOptions) {
  const { api, calls } = fakeApi(options.api ?? {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQuery(api).queryKey, options.profile);
  queryClient.setQueryData(featuresQuery(api).queryKey, options.features);
  queryClient.setQueryData(enginesQuery(api).queryKey, options.engines ?? []);
  queryClient.setQueryData(clientsQuery(api).queryKey, []);
  const session = { isSignedIn: () => true } as unknown as Session;
  const services: Services = {
    config: defaultRuntimeConfig('http://portal.test'),
    api,
    session,
    queryClient,
    reportApiError: () => false,
  };
  const router = createMemoryRouter(options.routes, { initialEntries: [options.path] });
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
