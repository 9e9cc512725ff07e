import { CliError, EXIT } from '../errors.ts';
import type { DeviceAuthorization, OidcClient, TokenSet } from './oidc.ts';

/** What the login view shows as the flow moves on. */
export type DeviceFlowEvent =
  | { type: 'code'; authorization: DeviceAuthorization }
  | { type: 'authorization_pending' }
  | { type: 'slow_down'; interval: number }
  | { type: 'approved' };

/** The person refused the request on the verification page. */
export class LoginDeniedError extends CliError {
  constructor() {
    super('Sign-in was denied on the verification page.', {
      exitCode: EXIT.error,
      hint: 'Run `siteseer login` again to start over.',
    });
  }
}

/** The code was not approved in time. */
export class DeviceCodeExpiredError extends CliError {
  constructor() {
    super('The code expired before it was approved.', {
      exitCode: EXIT.error,
      hint: 'Run `siteseer login` again for a new code.',
    });
  }
}

/** RFC 8628: a `slow_down` answer adds 5 seconds to the polling interval for the rest of the flow. */
const SLOW_DOWN_STEP_SECONDS = 5;

export interface DeviceFlowDeps {
  client: OidcClient;
  scope: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  onEvent: (event: DeviceFlowEvent) => void;
}

/**
 * The device authorization grant with its states made explicit: wait the interval, poll once,
 * and on `authorization_pending` poll again, on `slow_down` add 5 s to the interval, on
 * `access_denied` and `expired_token` (or the code's own expiry) stop with a clear error.
 */
export async function runDeviceFlow(deps: DeviceFlowDeps): Promise<TokenSet> {
  const authorization = await deps.client.startDeviceAuthorization(deps.scope);
  deps.onEvent({ type: 'code', authorization });
  const deadline = deps.now() + authorization.expiresIn * 1000;
  let interval = authorization.interval;
  for (;;) {
    await deps.sleep(interval * 1000);
    if (deps.now() >= deadline) throw new DeviceCodeExpiredError();
    const outcome = await deps.client.pollDeviceToken(authorization.deviceCode);
    switch (outcome.state) {
      case 'authorization_pending':
        deps.onEvent({ type: 'authorization_pending' });
        break;
      case 'slow_down':
        interval += SLOW_DOWN_STEP_SECONDS;
        deps.onEvent({ type: 'slow_down', interval });
        break;
      case 'access_denied':
        throw new LoginDeniedError();
      case 'expired_token':
        throw new DeviceCodeExpiredError();
      case 'approved':
        deps.onEvent({ type: 'approved' });
        return outcome.tokens;
    }
  }
}
