import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../session/session.ts';
import type { Services } from '../../shell/services.tsx';
import { fakeApi } from '../../test/render.tsx';
import { dashboardLoader } from './dashboard-loader.ts';

function services(signedIn: boolean) {
  const { api, calls } = fakeApi({
    // Never answered: the loader must not wait for them.
    'GET searchengines': () => new Promise(() => {}),
    'GET clients': () => new Promise(() => {}),
  });
  const session = { isSignedIn: () => signedIn } as unknown as Session;
  const queryClient = new QueryClient();
  return { services: { api, session, queryClient } as unknown as Services, calls };
}

describe('dashboardLoader', () => {
  it('Given a signed-in user, then engines and clients are asked for at once and the loader does not wait for them', async () => {
    const { services: s, calls } = services(true);
    expect(dashboardLoader(s)()).toBeNull();
    await expect.poll(() => calls.map((c) => c.path).sort()).toEqual(['clients', 'searchengines']);
  });

  it('Given no session, then nothing is asked for (the protected loader sends the user to /login)', async () => {
    const { services: s, calls } = services(false);
    expect(dashboardLoader(s)()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
