import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
  const load = () =>
    protectedLoader(services)({
      request: new Request('http://portal.test/engine/e1/install?tab=2'),
      params: {},
      context: undefined,
    } as Parameters<ReturnType<typeof protectedLoader>>[0]);
  return { load, calls, session, queryClient, api };
}

/** The redirect a loader threw: its status and where it sends the browser. */
async function redirected(
  load: () => Promise<unknown>,
): Promise<{ status: number; location: string | null }> {
  const thrown = await load().then(
    () => new Error('the loader did not redirect'),
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw thrown;
  return { status: thrown.status, location: thrown.headers.get('location') };
}

const me = profile({ accounts: [account('a1', 'Acme', 'owner', ['pm'])] });

describe('the protected loader', () => {
  it('Given a first navigation, then the profile and features load into their queries, and the next finds them there', async () => {
    const { load, calls, queryClient, api } = setup({
      'GET profile/me': () => me,
      'GET features': () => seededFeatures(),
    });

    await load();
    await load();

    expect(queryClient.getQueryData(profileQuery(api).queryKey)).toEqual(me);
    expect(queryClient.getQueryData(featuresQuery(api).queryKey)).toHaveLength(seededFeatures().length);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET features', 'GET profile/me']);
  });

  it('Given 401 on the profile, then the shell’s handling applies: the session ends and /login gets the path back', async () => {
    const { load, session } = setup({
      'GET profile/me': () => Response.json({ detail: 'expired' }, { status: 401 }),
      'GET features': () => seededFeatures(),
    });

    expect(await redirected(load)).toEqual({
      status: 302,
      location: `/login?redirect=${encodeURIComponent('/engine/e1/install?tab=2')}`,
    });
    expect(session.isSignedIn()).toBe(false);
  });

  it('Given 500 on the features, then the error page gets the report', async () => {
    const { load, session } = setup({
      'GET profile/me': () => me,
      'GET features': () => new Response('database down', { status: 500 }),
    });

    expect(await redirected(load)).toEqual({ status: 302, location: '/error' });
    expect(takePendingReport()).toMatchObject({ errorText: 'database down' });
    expect(session.isSignedIn()).toBe(true);
  });
});
