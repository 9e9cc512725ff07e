import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { featuresQuery, profileQuery } from '../api/queries.ts';
import { defaultRuntimeConfig } from '../config/runtime-config.ts';
import type { IdentityClient } from '../session/oidc.ts';
import { createSession } from '../session/session.ts';
import { localTokenStore } from '../session/token-store.ts';
import { handleApiError } from '../shell/api-error-handler.ts';
import type { Services } from '../shell/services.tsx';
import { account, profile, seededFeatures } from '../test/fixtures.ts';
import { type FakeRoutes, fakeApi, fakeUploads } from '../test/render.tsx';
import { takePendingReport } from './error/pending-report.ts';
import { protectedLoader } from './protected-loader.ts';

// The tokens are fresh, so the navigation refresh never reaches the provider.
const noProvider = new Proxy({} as IdentityClient, {
  get: (_target, name) => {
    throw new Error(`The identity provider was called (${String(name)})`);
  },
});

/** A router whose signed-in routes sit under the protected loader, as in the route table. */
function setup(routes: FakeRoutes) {
  const tokens = localTokenStore(window.localStorage);
  tokens.write({
    accessToken: 'at',
    refreshToken: 'rt',
    expiresAt: Date.now() + 900_000,
    obtainedAt: Date.now(),
  });
  const session = createSession({ identity: noProvider, tokens, pending: window.sessionStorage });
  const { api, calls } = fakeApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services: Services = {
    config: defaultRuntimeConfig('http://portal.test'),
    api,
    uploads: fakeUploads(routes, calls),
    session,
    queryClient,
    reportApiError: (error) => handleApiError(error, { toLogin() {}, toErrorPage() {} }),
  };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: protectedLoader(services),
        children: [{ path: 'engine/:engineId/install', element: null }],
      },
      { path: '/login', element: null },
      { path: '/error', element: null },
    ],
    { initialEntries: ['/engine/e1/install?tab=2'] },
  );
  /** Where the router has settled once its loaders ran. */
  const settled = async () => {
    await vi.waitFor(() => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') throw new Error('loading');
    });
    return router.state.location.pathname + router.state.location.search;
  };
  return { router, settled, calls, session, queryClient, api };
}

const me = profile({ accounts: [account('a1', 'Acme', 'owner', ['pm'])] });

describe('the protected loader', () => {
  it('Given a first navigation, then the profile and features load into their queries, and the next finds them there', async () => {
    const { router, settled, calls, queryClient, api } = setup({
      'GET profile/me': () => me,
      'GET features': () => seededFeatures(),
    });

    expect(await settled()).toBe('/engine/e1/install?tab=2');
    await router.navigate('/engine/e2/install');
    expect(await settled()).toBe('/engine/e2/install');

    expect(queryClient.getQueryData(profileQuery(api).queryKey)).toEqual(me);
    expect(queryClient.getQueryData(featuresQuery(api).queryKey)).toHaveLength(seededFeatures().length);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET features', 'GET profile/me']);
  });

  it('Given 401 on the profile, then the shell’s handling applies: the session ends and /login gets the path back', async () => {
    const { settled, session } = setup({
      'GET profile/me': () => Response.json({ detail: 'expired' }, { status: 401 }),
      'GET features': () => seededFeatures(),
    });

    expect(await settled()).toBe(`/login?redirect=${encodeURIComponent('/engine/e1/install?tab=2')}`);
    expect(session.isSignedIn()).toBe(false);
  });

  it('Given 500 on the features, then the error page gets the report', async () => {
    const { settled, session } = setup({
      'GET profile/me': () => me,
      'GET features': () => new Response('database down', { status: 500 }),
    });

    expect(await settled()).toBe('/error');
    expect(takePendingReport()).toMatchObject({ errorText: 'database down' });
    expect(session.isSignedIn()).toBe(true);
  });
});
