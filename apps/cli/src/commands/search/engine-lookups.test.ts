import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineLookups, LOOKUPS_FILE } from './engine-lookups.ts';

const lookup = (n: number) => ({
  engineId: `eng-${n}`,
  engineName: `Engine ${n}`,
  engineType: 'kw' as const,
  accountId: 'acc-1',
  clientId: `client-${n}`,
});

/** Look-ups in a fresh config dir; `subject` null: a person the token does not name. */
async function lookupsIn(subject: string | null = 'person-1', server = 'https://siteseer.test') {
  const configDir = await mkdtemp(join(tmpdir(), 'siteseer-cli-lookups-'));
  let now = Date.parse('2026-11-23T10:00:00.000Z');
  const lookups = new EngineLookups({ configDir, server, subject: subject ?? undefined, now: () => now });
  return { configDir, lookups, tick: (ms: number) => (now += ms) };
}

describe('EngineLookups', () => {
  it('keeps a look-up per server, person and --account, in a 0600 file', async () => {
    const { configDir, lookups } = await lookupsIn();
    await lookups.put('Docs', undefined, lookup(1));
    expect(await lookups.get('Docs', undefined)).toEqual(lookup(1));
    expect(await lookups.get('Docs', 'acc-1')).toBeUndefined();
    expect((await stat(join(configDir, LOOKUPS_FILE))).mode & 0o777).toBe(0o600);
    const otherPerson = new EngineLookups({
      configDir,
      server: 'https://siteseer.test',
      subject: 'person-2',
      now: Date.now,
    });
    const otherServer = new EngineLookups({
      configDir,
      server: 'https://other.test',
      subject: 'person-1',
      now: Date.now,
    });
    expect(await otherPerson.get('Docs', undefined)).toBeUndefined();
    expect(await otherServer.get('Docs', undefined)).toBeUndefined();
  });

  it('keeps nothing for a person it cannot name (an opaque token)', async () => {
    const { configDir, lookups } = await lookupsIn(null);
    await lookups.put('Docs', undefined, lookup(1));
    expect(await lookups.get('Docs', undefined)).toBeUndefined();
    await expect(stat(join(configDir, LOOKUPS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('forgets a look-up, and starts afresh from a damaged file', async () => {
    const { configDir, lookups } = await lookupsIn();
    await lookups.put('Docs', undefined, lookup(1));
    await lookups.put('Shop', undefined, lookup(2));
    await lookups.forget('Docs', undefined);
    expect([await lookups.get('Docs', undefined), await lookups.get('Shop', undefined)]).toEqual([
      undefined,
      lookup(2),
    ]);
    await writeFile(join(configDir, LOOKUPS_FILE), '{"version": 1, "lookups": {"x": 1}');
    expect(await lookups.get('Shop', undefined)).toBeUndefined();
    await lookups.put('Docs', undefined, lookup(3));
    expect(await lookups.get('Docs', undefined)).toEqual(lookup(3));
  });

  it('keeps the 200 newest look-ups', async () => {
    const { configDir, lookups, tick } = await lookupsIn();
    for (let n = 0; n <= 200; n++) {
      await lookups.put(`Engine ${n}`, undefined, lookup(n));
      tick(1);
    }
    const file = JSON.parse(await readFile(join(configDir, LOOKUPS_FILE), 'utf8'));
    expect(Object.keys(file.lookups)).toHaveLength(200);
    expect(await lookups.get('Engine 0', undefined)).toBeUndefined();
    expect(await lookups.get('Engine 1', undefined)).toEqual(lookup(1));
  });
});
