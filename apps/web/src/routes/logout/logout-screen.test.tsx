import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig } from '../../config/runtime-config.ts';
import type { IdentityClient } from '../../session/oidc.ts';
import { createSession } from '../../session/session.ts';
import { App } from '../../shell/app.tsx';
import type { Services } from '../../shell/services.tsx';
import { memoryTokenStore } from '../../test/memory-token-store.ts';
import { type FakeRoutes, fakeApi, fakeUploads } from '../../test/render.tsx';
import { Component as LogoutScreen } from './logout-screen.tsx';

const END_SESSION = new URL('http://portal.test/oidc/session/end');

function memoryTokens() {
  return memoryTokenStore({
    accessToken: 'token',
    refreshToken: 'rt',
    idToken: 'id',
    expiresAt: Date.now() + 900_000,
    obtainedAt: Date.now(),
  });
}

/** The logout screen with the real session over an in-memory token store and the fake API `routes`. */
function renderLogout(routes: FakeRoutes) {
  const tokens = memoryTokens();
  const revoke = vi.fn(async () => {});
  const identity = {
    revoke,
    endSessionUrl: async () => END_SESSION,
  } as unknown as IdentityClient;
  const session = createSession({ identity, tokens, pending: window.sessionStorage });
  const { api, calls } = fakeApi(routes);
  const services: Services = {
    config: defaultRuntimeConfig('http://portal.test'),
    api,
    uploads: fakeUploads(routes, calls),
    session,
    queryClient: new QueryClient(),
    reportApiError: () => false,
  };
  const router = createMemoryRouter([{ path: '/logout', element: <LogoutScreen /> }], {
    initialEntries: ['/logout'],
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  render(<App services={services} router={router} />);
  return { tokens, revoke, calls, assign };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logout', () => {
  it('Given a signed-in user, then the analytics cookie is cleared with the token first, then the session ends', async () => {
    let signedInWhenCleared: boolean | undefined;
    const { tokens, revoke, calls, assign } = renderLogout({
      'DELETE analytics/session': () => {
        signedInWhenCleared = tokens.value !== undefined;
        return null;
      },
    });
    expect(screen.getByRole('heading', { name: 'Logging out...' })).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(END_SESSION.href));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE analytics/session']);
    expect(signedInWhenCleared).toBe(true);
    expect(revoke).toHaveBeenCalledWith('rt');
    expect(tokens.value).toBeUndefined();
  });

  it.each([
    ['answers 500', () => new Response('{}', { status: 500 })],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('Given the API %s, then logout still ends the session', async (_what, answer) => {
    const { tokens, revoke, assign } = renderLogout({ 'DELETE analytics/session': answer });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(END_SESSION.href));
    expect(revoke).toHaveBeenCalledWith('rt');
    expect(tokens.value).toBeUndefined();
  });
});
