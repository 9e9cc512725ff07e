import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startAnalyticsRetention } from '../analytics/retention.ts';
import { frontierStores, useStore } from '../repositories/crawler/frontier-stores.test-kit.ts';
import { openStore } from '../store/open-store.ts';
import { createTestSchema } from '../store/pg-schema.test-kit.ts';
import { VisitorIds } from './visitor-id.ts';

const visitor = {
  clientId: 'a3c5e2f0-8d44-4f8e-9d8a-0c6f2f3b1e11',
  ip: '203.0.113.57',
  userAgent: 'Firefox/140',
};
const morning = new Date('2031-05-06T00:00:01Z');
const evening = new Date('2031-05-06T23:59:59Z');
const nextDay = new Date('2031-05-07T00:00:00Z');

describe.each(frontierStores)('Visitor ids on %s', (_name, open) => {
  const store = useStore(open);
  // One per store, as an app keeps one: the salt and the ids it worked out last from test to test.
  let visitorIds: VisitorIds;
  beforeAll(() => {
    visitorIds = new VisitorIds(store());
  });

  it('given one visitor of one client, then the id is the same all UTC day and another the next day', async () => {
    const first = await visitorIds.of(visitor, morning);

    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(await visitorIds.of(visitor, evening)).toBe(first);
    expect(await visitorIds.of(visitor, nextDay)).not.toBe(first);
    // Back on the first day, its id again: the salt follows the day, not the order of calls.
    expect(await visitorIds.of(visitor, morning)).toBe(first);
  });

  it('given two days later, then the salt of the first day is gone: its ids can no longer be traced back to an address', async () => {
    const names = async () =>
      (
        await store().query<{ name: string }>(
          "SELECT name FROM server_secrets WHERE name LIKE 'visitor-%' ORDER BY name",
        )
      ).rows.map((row) => row.name);
    // The key all salts were once derived from, as an older version left it.
    await store().query(
      `INSERT INTO server_secrets (name, value) VALUES ('visitor-id-key', '"a2V5"'::jsonb) ON CONFLICT DO NOTHING`,
    );
    await visitorIds.of(visitor, morning);
    await visitorIds.of(visitor, nextDay);
    expect(await names()).toEqual(
      expect.arrayContaining(['visitor-salt:2031-05-06', 'visitor-salt:2031-05-07']),
    );

    await visitorIds.of(visitor, new Date('2031-05-08T08:00:00Z'));
    // Nothing kept from which the salt of 2031-05-06 could be made again.
    expect(await names()).toEqual(['visitor-salt:2031-05-07', 'visitor-salt:2031-05-08']);
  });

  it('given a database still holding the key salts were once derived from, then that day keeps its ids and the key goes', async () => {
    const day = new Date('2031-06-01T09:00:00Z');
    const key = randomBytes(32);
    await store().query(
      `INSERT INTO server_secrets (name, value) VALUES ('visitor-id-key', $1::text::jsonb)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(key.toString('base64'))],
    );
    // The id as the version with the key made it.
    const salt = createHmac('sha256', key).update('visitor-salt:2031-06-01').digest();
    const before = createHmac('sha256', salt)
      .update(`${visitor.clientId}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('hex')
      .slice(0, 16);

    expect(await visitorIds.of(visitor, day)).toBe(before);
    const { rows } = await store().query("SELECT 1 FROM server_secrets WHERE name = 'visitor-id-key'");
    expect(rows).toEqual([]);
  });

  it('given no search for days, then the hourly retention run deletes the old salts all the same', async () => {
    await store().query(
      `INSERT INTO server_secrets (name, value)
       SELECT 'visitor-salt:' || d, '"c2FsdA=="'::jsonb FROM unnest($1::text[]) AS d ON CONFLICT DO NOTHING`,
      [['2032-01-01', '2032-01-02', '2032-01-03']],
    );
    const stop = startAnalyticsRetention(store(), {
      months: 13,
      now: () => new Date('2032-01-03T10:00:00Z'),
      everyMs: 10,
      onError: (error) => {
        throw error;
      },
    });
    try {
      await vi.waitFor(async () => {
        const { rows } = await store().query<{ name: string }>(
          "SELECT name FROM server_secrets WHERE name LIKE 'visitor-salt:%' ORDER BY name",
        );
        expect(rows.map((row) => row.name)).toEqual(['visitor-salt:2032-01-02', 'visitor-salt:2032-01-03']);
      });
    } finally {
      await stop();
    }
  });

  it('given another client, address or user agent, then the id differs', async () => {
    const ids = [
      await visitorIds.of(visitor, morning),
      await visitorIds.of({ ...visitor, clientId: 'b7d1e3a2-1c55-4b3e-8f2a-9e4d6c8b0a22' }, morning),
      await visitorIds.of({ ...visitor, ip: '203.0.113.58' }, morning),
      await visitorIds.of({ ...visitor, userAgent: 'Chrome/140' }, morning),
    ];

    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

/**
 * The visitor's id as two processes compute it, each with a store of its own on one database: two
 * at once on PostgreSQL (both making the key on first use), one after the other on PGlite (a restart).
 */
async function idsOfTwoProcesses(): Promise<[string, string]> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { schema, drop } = await createTestSchema(url);
    const stores = [
      await openStore({ databaseUrl: url, schema }),
      await openStore({ databaseUrl: url, schema }),
    ];
    try {
      const [a, b] = await Promise.all(stores.map((s) => new VisitorIds(s).of(visitor, morning)));
      return [a as string, b as string];
    } finally {
      for (const s of stores) await s.close();
      await drop();
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'siteseer-visitor-'));
  try {
    const ids: string[] = [];
    for (let run = 0; run < 2; run++) {
      const s = await openStore({ dataDir: dir });
      try {
        ids.push(await new VisitorIds(s).of(visitor, morning));
      } finally {
        await s.close();
      }
    }
    return [ids[0] as string, ids[1] as string];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Visitor ids across processes', () => {
  it('given one visitor seen by two processes (PostgreSQL) or before and after a restart (PGlite), then the ids are equal', async () => {
    const [first, second] = await idsOfTwoProcesses();
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(second).toBe(first);
  });
});
