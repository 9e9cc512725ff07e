import { createEngine, keywordDraft, startWithTenants, type Tenants } from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, json, runCli, tempConfigDir } from './run-cli.ts';

// `siteseer engines suggestions ENGINE [list|block|unblock] [TERM...]` against a real API: what the
// wizard's Influence step shows as the blocked suggestion terms and the visitor minimum.

let tenants: Tenants;
let configDir: string;

beforeAll(async () => {
  tenants = await startWithTenants();
  configDir = await tempConfigDir();
  await createEngine(tenants.server, tenants.ownerA, keywordDraft(tenants.accountA, 'Suggested docs'));
});
afterAll(async () => {
  await tenants?.server.close();
});

function as(token: string, args: string[]): Promise<CliResult> {
  return runCli(args, { configDir, env: { SITESEER_SERVER: tenants.server.base, SITESEER_TOKEN: token } });
}

describe('engines suggestions', () => {
  it('given terms blocked, unblocked and a new minimum, then each answer shows the saved settings', async () => {
    const owner = tenants.ownerA.token;
    const empty = await as(owner, ['engines', 'suggestions', 'Suggested docs', '--json']);
    expect(empty.code).toBe(0);
    expect(json(empty)).toEqual({ minVisitors: 3, blockedTerms: [] });

    const blocked = await as(owner, [
      'engines',
      'suggestions',
      'Suggested docs',
      'block',
      'Competitor',
      'free  trial',
    ]);
    expect(blocked.code).toBe(0);
    expect(blocked.stderr).toContain('Blocked in the suggestions of Suggested docs: competitor, free trial.');
    expect(blocked.stdout).toMatch(/Blocked terms:\s+competitor, free trial/);

    const again = await as(owner, [
      'engines',
      'suggestions',
      'Suggested docs',
      'block',
      'competitor',
      '--json',
    ]);
    expect(json(again)).toEqual({ minVisitors: 3, blockedTerms: ['competitor', 'free trial'] });

    const unblocked = await as(owner, [
      'engines',
      'suggestions',
      'Suggested docs',
      'unblock',
      'competitor',
      '--min-visitors',
      '5',
      '--json',
    ]);
    expect(json(unblocked)).toEqual({ minVisitors: 5, blockedTerms: ['free trial'] });
  });

  it('given no term to block, an unknown action or a minimum out of range, then exit 2 and nothing is sent', async () => {
    const owner = tenants.ownerA.token;
    expect((await as(owner, ['engines', 'suggestions', 'Suggested docs', 'block'])).code).toBe(2);
    expect((await as(owner, ['engines', 'suggestions', 'Suggested docs', 'hide', 'x'])).code).toBe(2);
    const tooMany = await as(owner, ['engines', 'suggestions', 'Suggested docs', '--min-visitors', '21']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--min-visitors must be a whole number from 1 to 20');
  });

  it("given another account's owner, then the engine is not found (exit 1) and its list is unchanged", async () => {
    const other = await as(tenants.ownerB.token, [
      'engines',
      'suggestions',
      'Suggested docs',
      '--account',
      tenants.accountA,
      'block',
      'x',
    ]);
    expect(other.code).toBe(1);
    const mine = await as(tenants.ownerA.token, ['engines', 'suggestions', 'Suggested docs', '--json']);
    expect(json(mine).blockedTerms).not.toContain('x');
  });
});
