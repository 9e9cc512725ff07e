import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../test/fakes.ts';
import {
  DeviceCodeExpiredError,
  type DeviceFlowEvent,
  LoginDeniedError,
  runDeviceFlow,
} from './device-flow.ts';
import type { OidcClient, PollOutcome } from './oidc.ts';

const tokens = { accessToken: 'at', refreshToken: 'rt', idToken: undefined, expiresIn: 900 };

function client(outcomes: PollOutcome['state'][], expiresIn = 600): OidcClient & { polls: number } {
  const queue = [...outcomes];
  const fake = {
    polls: 0,
    async startDeviceAuthorization() {
      return {
        deviceCode: 'dc',
        userCode: 'ABCD-EFGH',
        verificationUri: 'http://127.0.0.1/oidc/device',
        verificationUriComplete: undefined,
        expiresIn,
        interval: 5,
      };
    },
    async pollDeviceToken(): Promise<PollOutcome> {
      fake.polls++;
      const state = queue.shift() ?? 'authorization_pending';
      return state === 'approved' ? { state, tokens } : { state };
    },
    refresh: async () => tokens,
    revoke: async () => 'revoked' as const,
  };
  return fake;
}

async function flow(outcomes: PollOutcome['state'][], expiresIn?: number) {
  const clock = fixedClock();
  const events: DeviceFlowEvent['type'][] = [];
  const oidc = client(outcomes, expiresIn);
  const result = runDeviceFlow({
    client: oidc,
    scope: 'openid',
    now: clock.now,
    sleep: clock.sleep,
    onEvent: (event) => events.push(event.type),
  });
  return { result, events, clock, oidc };
}

describe('the device flow', () => {
  it('given authorization_pending twice, when approved, then it polls at the interval and returns the tokens', async () => {
    const { result, events, clock } = await flow([
      'authorization_pending',
      'authorization_pending',
      'approved',
    ]);
    await expect(result).resolves.toEqual(tokens);
    expect(events).toEqual(['code', 'authorization_pending', 'authorization_pending', 'approved']);
    expect(clock.slept).toEqual([5000, 5000, 5000]);
  });

  it('given slow_down, when polling again, then the interval grows by 5 seconds and stays longer', async () => {
    const { result, events, clock } = await flow([
      'slow_down',
      'authorization_pending',
      'slow_down',
      'approved',
    ]);
    await expect(result).resolves.toEqual(tokens);
    expect(events).toContain('slow_down');
    expect(clock.slept).toEqual([5000, 10000, 10000, 15000]);
  });

  it('given access_denied, when polling, then login stops with a denial', async () => {
    const { result } = await flow(['authorization_pending', 'access_denied']);
    await expect(result).rejects.toBeInstanceOf(LoginDeniedError);
  });

  it('given expired_token, when polling, then login stops saying the code expired', async () => {
    const { result } = await flow(['expired_token']);
    await expect(result).rejects.toBeInstanceOf(DeviceCodeExpiredError);
  });

  it('given a code that outlives its expiry while pending, when the deadline passes, then it stops without another poll', async () => {
    const { result, oidc } = await flow([], 12);
    await expect(result).rejects.toBeInstanceOf(DeviceCodeExpiredError);
    expect(oidc.polls).toBe(2);
  });
});
