import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreQueryError } from './errors.ts';
import { describeCopyContract } from './store-copy-contract.test-kit.ts';
import { contractIdleTimeoutMs, describeTransactionContract } from './store-transaction-contract.test-kit.ts';
import type { Store } from './types.ts';

/**
 * The store tests every implementation passes, so code tested on PGlite behaves the same on
 * PostgreSQL. Run by `pglite-store.integration.test.ts` and `pg-store.integration.test.ts`.
 */
export interface StoreHarness {
  /** Opens a store on an empty database (pg: a new schema); the test file closes it. */
  open(options: { idleTransactionTimeoutMs: number }): Promise<Store>;
}

/** Registers one store for the enclosing describe and returns its getter, plus unique table names. */
export function useContractStore(harness: StoreHarness): {
  store: () => Store;
  table: (prefix: string) => string;
} {
  let opened: Store | undefined;
  let counter = 0;
  beforeAll(async () => {
    opened = await harness.open({ idleTransactionTimeoutMs: contractIdleTimeoutMs });
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    store: () => {
      if (!opened) throw new Error('The contract store is not open (beforeAll failed?)');
      return opened;
    },
    table: (prefix) => `${prefix}_${++counter}`,
  };
}

export function describeStoreContract(name: string, harness: StoreHarness): void {
  describe(`${name}: store contract`, () => {
    const { store, table } = useContractStore(harness);

    test('query with parameters returns rows and the rows returned or affected', async () => {
      const t = table('people');
      expect(
        (await store().query(`CREATE TABLE ${t} (id int PRIMARY KEY, name text NOT NULL)`)).rowCount,
      ).toBe(0);
      const inserted = await store().query(`INSERT INTO ${t} VALUES ($1, $2), ($3, $4), ($5, $6)`, [
        1,
        'Ann',
        2,
        'Bob',
        3,
        'Cy',
      ]);
      expect(inserted).toEqual({ rows: [], rowCount: 3 });
      expect((await store().query(`UPDATE ${t} SET name = upper(name) WHERE id > $1`, [1])).rowCount).toBe(2);
      const selected = await store().query<{ id: number; name: string }>(
        `SELECT id, name FROM ${t} WHERE name <> $1 ORDER BY id`,
        ['nobody'],
      );
      expect(selected).toEqual({
        rows: [
          { id: 1, name: 'Ann' },
          { id: 2, name: 'BOB' },
          { id: 3, name: 'CY' },
        ],
        rowCount: 3,
      });
      const deleted = await store().query(`DELETE FROM ${t} WHERE id = ANY($1) RETURNING id`, [[1, 3]]);
      expect(deleted).toEqual({ rows: [{ id: 1 }, { id: 3 }], rowCount: 2 });
    });

    test('results are normalised per type, identically on both drivers', async () => {
      const { rows } = await store().query(String.raw`SELECT
        42::int8 AS i8, -9007199254740991::int8 AS i8_min, 12.50::numeric AS num, 1.5::float8 AS f8,
        2.25::float4 AS f4, 7::int2 AS i2, 8::int4 AS i4, true AS yes, false AS no, 'héllo'::text AS t,
        '2024-02-29'::date AS d, '2024-02-29 13:14:15.678'::timestamp AS ts,
        '2024-02-29 13:14:15.678+02'::timestamptz AS tstz, '\x00ff10'::bytea AS b,
        '{"a":[1,"x",null],"b":{"c":true}}'::json AS j, '{"k":1.5}'::jsonb AS jb,
        ARRAY[1,2,NULL]::int8[] AS i8s, ARRAY['1.10','2']::numeric[] AS nums,
        ARRAY['a','b,c','"q"',NULL,'NULL','{x}']::text[] AS texts, ARRAY['\x01'::bytea, '\xff'::bytea] AS bs,
        ARRAY['{"a":1}'::jsonb, '[2]'::jsonb] AS jbs, ARRAY[[1,2],[3,4]]::int4[] AS grid,
        ARRAY['2024-01-01 00:00:00+00'::timestamptz] AS tstzs, ARRAY['2024-01-02'::date] AS ds,
        ARRAY[true,false] AS bools, '{}'::int4[] AS empty, NULL::int8 AS nothing,
        '1 day 02:00:00'::interval AS iv, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS u`);
      expect(rows).toStrictEqual([
        {
          i8: 42,
          i8_min: -9007199254740991,
          num: '12.50',
          f8: 1.5,
          f4: 2.25,
          i2: 7,
          i4: 8,
          yes: true,
          no: false,
          t: 'héllo',
          d: '2024-02-29',
          ts: new Date('2024-02-29T13:14:15.678Z'),
          tstz: new Date('2024-02-29T11:14:15.678Z'),
          b: new Uint8Array([0, 255, 16]),
          j: { a: [1, 'x', null], b: { c: true } },
          jb: { k: 1.5 },
          i8s: [1, 2, null],
          nums: ['1.10', '2'],
          texts: ['a', 'b,c', '"q"', null, 'NULL', '{x}'],
          bs: [new Uint8Array([1]), new Uint8Array([255])],
          jbs: [{ a: 1 }, [2]],
          grid: [
            [1, 2],
            [3, 4],
          ],
          tstzs: [new Date('2024-01-01T00:00:00Z')],
          ds: ['2024-01-02'],
          bools: [true, false],
          empty: [],
          nothing: null,
          iv: '1 day 02:00:00',
          u: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        },
      ]);
    });

    test('parameters are sent the same way by both drivers', async () => {
      const at = new Date('2024-05-06T07:08:09.123Z');
      const { rows } = await store().query(
        `SELECT $1::timestamptz AS at, $1::timestamp AS wall, $2::bytea AS bytes, $3::jsonb AS obj,
          $4::jsonb AS arr, $5::int4[] AS ints, $6::text[] AS texts, $7::int8 AS big, $8::text AS nul,
          $9::numeric AS num, $10::bool AS flag, $11::date AS day`,
        [
          at,
          new Uint8Array([1, 2, 3]),
          { a: { b: [1] } },
          JSON.stringify([1, 'two']),
          [1, 2, 3],
          ['a', 'b"c', 'd,e'],
          9007199254740991,
          null,
          '3.14',
          true,
          '2024-12-31',
        ],
      );
      expect(rows).toStrictEqual([
        {
          at,
          wall: at,
          bytes: new Uint8Array([1, 2, 3]),
          obj: { a: { b: [1] } },
          arr: [1, 'two'],
          ints: [1, 2, 3],
          texts: ['a', 'b"c', 'd,e'],
          big: 9007199254740991,
          nul: null,
          num: '3.14',
          flag: true,
          day: '2024-12-31',
        },
      ]);
    });

    test('an int8 beyond the safe integer range is refused, not rounded', async () => {
      await expect(store().query('SELECT 9007199254740993::int8 AS v')).rejects.toThrow(RangeError);
      expect((await store().query('SELECT 9007199254740993::int8::text AS v')).rows).toEqual([
        { v: '9007199254740993' },
      ]);
    });

    test('query takes one statement; exec runs a script', async () => {
      const error = await store()
        .query('SELECT 1; SELECT 2')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreQueryError);
      expect((error as StoreQueryError).code).toBe('42601');
      const t = table('script');
      await store().exec(
        `CREATE TABLE ${t} (id int); INSERT INTO ${t} VALUES (1); INSERT INTO ${t} VALUES (2);`,
      );
      expect((await store().query(`SELECT count(*)::int AS n FROM ${t}`)).rows).toEqual([{ n: 2 }]);
    });

    test('a unique violation keeps its SQLSTATE, constraint, table and detail', async () => {
      const t = table('emails');
      await store().exec(`CREATE TABLE ${t} (id int PRIMARY KEY, email text CONSTRAINT ${t}_email UNIQUE)`);
      await store().query(`INSERT INTO ${t} VALUES (1, 'a@example.com')`);
      const error = await store()
        .query(`INSERT INTO ${t} VALUES ($1, $2)`, [2, 'a@example.com'])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreQueryError);
      expect(error).toMatchObject({
        code: '23505',
        constraint: `${t}_email`,
        table: t,
        detail: 'Key (email)=(a@example.com) already exists.',
        message: `duplicate key value violates unique constraint "${t}_email"`,
      });
    });

    test('a session keeps its state between its statements', async () => {
      const seen = await store().withSession(async (session) => {
        await session.exec('CREATE TEMP TABLE session_note (v text)');
        await session.query('INSERT INTO session_note VALUES ($1)', ['kept']);
        return session.transaction(async (tx) => (await tx.query('SELECT v FROM session_note')).rows);
      });
      expect(seen).toEqual([{ v: 'kept' }]);
    });

    test('notify tells the listeners of every process, after the change; on PGlite no one else is listening', async () => {
      const channel = `contract_${process.pid}_${Date.now()}`;
      const heard: string[] = [];
      const listener = store().listen?.(channel, {
        onMessage: (payload) => heard.push(payload),
        onGap: () => {},
      });
      if (!listener) {
        expect(store().kind).toBe('pglite');
        await expect(store().notify(channel, 'nobody')).resolves.toBeUndefined();
        return;
      }
      try {
        await expect.poll(() => listener.live).toBe(true);
        await store().notify(channel, 'crawl a/b');
        await expect.poll(() => heard).toEqual(['crawl a/b']);
      } finally {
        await listener.stop();
      }
    });

    describeTransactionContract(store, table);
    describeCopyContract(store, table);
  });
}
