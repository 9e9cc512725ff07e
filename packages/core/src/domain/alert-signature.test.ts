import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alertSignature, verifyAlertSignature } from './alert-signature.ts';

const secret = 'whsec_test-secret';
const body = '{"event":"alert.test","engineId":"e1"}';

describe('alert signatures', () => {
  it('Given a body signed at t, then the header is the HMAC-SHA256 of "<t>.<body>" in hex', async () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(await alertSignature(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('Given a fresh signature, then it verifies; another body, secret or an old timestamp does not', async () => {
    const header = await alertSignature(secret, body, 1_700_000_000);
    const check = (overrides: Partial<Parameters<typeof verifyAlertSignature>[0]>) =>
      verifyAlertSignature({ header, body, secret, nowSeconds: 1_700_000_100, ...overrides });
    expect(await check({})).toBe(true);
    expect(await check({ body: `${body} ` })).toBe(false);
    expect(await check({ secret: 'whsec_other' })).toBe(false);
    expect(await check({ nowSeconds: 1_700_000_301 })).toBe(false);
    expect(await check({ header: 'v1=abc' })).toBe(false);
    expect(await check({ header: undefined })).toBe(false);
  });
});
