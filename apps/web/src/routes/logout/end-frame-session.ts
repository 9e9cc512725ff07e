import type { ApiClient } from '../../api/portal-api.ts';

/** How long logout waits for the API to clear the analytics cookie before going on without it. */
const END_FRAME_SESSION_TIMEOUT_MS = 3000;

/**
 * Clears the analytics frames' cookie (DELETE analytics/session) while the token still exists, so
 * the frames refuse this browser at once. Best effort by design: logout goes on whatever happens
 * (offline, a token already refused, a slow API), since the cookie also expires by itself within
 * 15 minutes (ADR 0024).
 */
export async function endFrameSession(api: ApiClient): Promise<void> {
  await api.analytics
    .endFrameSession({ signal: AbortSignal.timeout(END_FRAME_SESSION_TIMEOUT_MS) })
    .catch(() => undefined);
}
