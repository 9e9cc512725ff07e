import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { ingestEngine, signIn, startTestServer, type TestServer } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

/** A clock that moves only when the test says. */
class TestClock implements Clock {
  at = Date.parse('2031-05-06T10:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
  async sleep(ms: number): Promise<void> {
    this.at += ms;
  }
}

const DAY_MS = 86_400_000;
const clock = new TestClock();
let server: TestServer;
let token: string;
let accountId: string;
let engineA: { engineId: string; clientId: string };
let engineB: { engineId: string; clientId: string };

beforeAll(async () => {
  server = await startTestServer({ clock });
  const owner = server.credentials?.owner;
  if (!owner) throw new Error('The test server seeded no demo owner');
  ({ access_token: token } = await signIn(server, owner.email, owner.password));
  engineA = await ingestEngine(server, token, 'Recorded products', toCsv(products(40)));
  engineB = await ingestEngine(server, token, 'Other products', toCsv(products(10)));
  const { rows } = await server.store.query<{ account_id: string }>(
    'SELECT account_id FROM clients WHERE id = $1',
    [engineA.clientId],
  );
  accountId = rows[0]?.account_id as string;
});
afterAll(async () => {
  await server?.close();
});

/** A visitor's search from a loopback address of the test's choosing (all of 127/8 is this machine). */
function search(
  clientId: string,
  body: unknown,
  visitor: { from?: string; userAgent?: string } = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.base}/search/${clientId}/query`,
      {
        method: 'POST',
        localAddress: visitor.from ?? '127.0.0.1',
        agent: false,
        headers: { 'content-type': 'application/json', 'user-agent': visitor.userAgent ?? 'RecordingTest/1' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

function recorder() {
  return server.state.recorder;
}

/** The searches recorded for a client since `since`, oldest first. */
async function recorded(clientId: string, since = 0) {
  await recorder().flush();
  const { rows } = await server.store.query<Record<string, any>>(
    `SELECT id, at, engine_id, engine_type, query, tab, filters, page, result_count, latency_ms, visitor_id
     FROM search_events WHERE account_id = $1 AND client_id = $2 AND at >= $3 ORDER BY at, page`,
    [accountId, clientId, new Date(since)],
  );
  return rows;
}

/** The id of the first filter a parametric client's config offers. */
async function firstFilterId(clientId: string): Promise<string> {
  const config = (await fetch(`${server.base}/search/${clientId}/config`).then((r) => r.json())) as {
    filters: { id: string }[];
  };
  return config.filters[0]?.id ?? 'c2';
}

describe('search recording (parametric runtime)', () => {
  it('given searches, then each is recorded with its engine, normalised text, filters, page, total and latency', async () => {
    const since = clock.at;
    const filterId = await firstFilterId(engineA.clientId);
    const filters = { [filterId]: { values: ['Sensors'] } };

    const first = await search(engineA.clientId, { q: '  Rugged   SENSOR ', filters });
    clock.at += 1000;
    const second = await search(engineA.clientId, { q: '', page: 2, pageSize: 5 });
    const rows = await recorded(engineA.clientId, since);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(Object.keys(first.body).sort()).toEqual([
      'facets',
      'page',
      'pageSize',
      'rows',
      'searchId',
      'took',
      'total',
    ]);
    // The id in the answer is the recorded search's: what the widget's click beacons name.
    expect(rows.map((row) => row.id)).toEqual([first.body.searchId, second.body.searchId]);
    expect(rows.map(({ id, latency_ms, visitor_id, ...rest }) => rest)).toEqual([
      {
        at: new Date(since),
        engine_id: engineA.engineId,
        engine_type: 'pm',
        query: 'rugged sensor',
        tab: null,
        filters,
        page: 1,
        result_count: first.body.total,
      },
      {
        at: new Date(since + 1000),
        engine_id: engineA.engineId,
        engine_type: 'pm',
        query: '',
        tab: null,
        filters: null,
        page: 2,
        result_count: 40,
      },
    ]);
    for (const row of rows) {
      expect(row.latency_ms).toBeGreaterThan(0);
      expect(row.latency_ms).toBeLessThan(60_000);
      expect(row.visitor_id).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("given a filter id the engine does not have, then the search answers as without it and records only the engine's", async () => {
    clock.at += 60_000;
    const since = clock.at;
    const filterId = await firstFilterId(engineA.clientId);
    const known = { [filterId]: { values: ['Sensors'] } };
    const plain = await search(engineA.clientId, { q: 'sensor', filters: known });
    clock.at += 1000;
    const made = await search(engineA.clientId, {
      q: 'sensor',
      filters: { ...known, 'zz<i>': { values: ['x'] } },
    });
    expect([plain.status, made.status]).toEqual([200, 200]);
    expect(made.body.total).toBe(plain.body.total);
    const rows = await recorded(engineA.clientId, since);
    expect(rows.map((row) => row.filters)).toEqual([known, known]);
  });

  it('given a click naming a search, then it is recorded; one sent for another client naming it is dropped', async () => {
    clock.at += 60_000;
    const since = clock.at;
    await search(engineA.clientId, { q: 'amplifier' });
    const [searched] = await recorded(engineA.clientId, since);
    const searchId = searched?.id as string;
    const before = recorder().stats();

    recorder().click({
      clientId: engineA.clientId,
      searchId,
      url: 'https://shop.example.test/p/2',
      position: 2,
      visitorId: 'a'.repeat(16),
    });
    recorder().click({
      clientId: engineB.clientId,
      searchId,
      url: 'https://shop.example.test/p/3',
      position: 1,
      visitorId: 'b'.repeat(16),
    });
    await recorder().flush();

    const { rows } = await server.store.query(
      'SELECT client_id, search_id, url, position FROM search_clicks WHERE account_id = $1 AND search_id = $2',
      [accountId, searchId],
    );
    expect(rows).toEqual([
      { client_id: engineA.clientId, search_id: searchId, url: 'https://shop.example.test/p/2', position: 2 },
    ]);
    expect(recorder().stats().unmatched - before.unmatched).toBe(1);
  });

  it('given one address and agent, then the visitor id holds for the day, differs by client, agent and day, and the address is stored nowhere', async () => {
    clock.at = Date.parse('2031-05-07T00:00:30Z');
    const since = clock.at;
    const visitor = { from: '127.0.0.57', userAgent: 'VisitorAgent/2' };

    await search(engineA.clientId, { q: 'one', page: 1 }, visitor);
    clock.at += 12 * 3600_000;
    await search(engineA.clientId, { q: 'one', page: 2 }, visitor);
    await search(engineA.clientId, { q: 'one', page: 3 }, { ...visitor, userAgent: 'OtherAgent/1' });
    await search(engineB.clientId, { q: 'one', page: 1 }, visitor);
    clock.at += DAY_MS;
    await search(engineA.clientId, { q: 'one', page: 4 }, visitor);
    const onA = await recorded(engineA.clientId, since);
    const onB = await recorded(engineB.clientId, since);

    const [morning, evening, otherAgent, nextDay] = onA.map((row) => row.visitor_id);
    expect(onA.map((row) => row.page)).toEqual([1, 2, 3, 4]);
    expect(evening).toBe(morning);
    expect(new Set([morning, otherAgent, nextDay, onB[0]?.visitor_id]).size).toBe(4);
    const everything = await server.store.query(
      `SELECT to_jsonb(e)::text AS row FROM search_events e WHERE account_id = $1
       UNION ALL SELECT to_jsonb(c)::text FROM search_clicks c WHERE account_id = $1`,
      [accountId],
    );
    expect(everything.rows.length).toBeGreaterThan(5);
    expect(everything.rows.filter((r) => String(r.row).includes('127.0.0.57'))).toEqual([]);
  });

  it('given the store refusing the write, then the search still answers, the rows are dropped and later ones recorded', async () => {
    clock.at += DAY_MS;
    const since = clock.at;
    const before = recorder().stats();
    await server.store.exec(
      'ALTER TABLE search_batches ADD CONSTRAINT recording_test_refuses CHECK (searches < 0) NOT VALID',
    );
    let refused: { status: number; body: any };
    try {
      refused = await search(engineA.clientId, { q: 'sensor' });
      await recorder().flush();
    } finally {
      await server.store.exec('ALTER TABLE search_batches DROP CONSTRAINT recording_test_refuses');
    }
    const accepted = await search(engineA.clientId, { q: 'regulator' });
    const rows = await recorded(engineA.clientId, since);

    expect(refused.status).toBe(200);
    expect(refused.body.total).toBeGreaterThan(0);
    expect(accepted.status).toBe(200);
    expect(recorder().stats().failed - before.failed).toBe(1);
    expect(rows.map((row) => row.query)).toEqual(['regulator']);
  });
  it('given searches and beacons naming their ids, then the report counts the clicks, click-through rate and top results', async () => {
    clock.at = Date.parse('2031-06-01T12:00:00Z');
    const paged = await search(engineA.clientId, { q: '', page: 2, pageSize: 5 });
    const none = await search(engineA.clientId, { q: 'no-such-product' });
    const first = await search(engineA.clientId, { q: 'sensor' });
    expect([paged.body.total, none.body.total]).toEqual([40, 0]);

    // What the widget sends: the beacon's JSON as text/plain, the rank across pages.
    const beacon = (clientId: string, searchId: string, url: string, position: number) =>
      fetch(`${server.base}/search/${clientId}/click`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'RecordingTest/1' },
        body: JSON.stringify({ searchId, url, position }),
      }).then((r) => r.status);
    const statuses = [
      await beacon(engineA.clientId, paged.body.searchId, 'https://shop.example.test/p/7', 7),
      await beacon(engineA.clientId, paged.body.searchId, 'https://shop.example.test/p/7', 7),
      await beacon(engineA.clientId, first.body.searchId, 'https://shop.example.test/p/1', 1),
      // Another client's search id is not this client's click.
      await beacon(engineB.clientId, first.body.searchId, 'https://shop.example.test/p/9', 9),
      // No result link is a script: it would be listed among the top clicked results.
      await beacon(engineA.clientId, first.body.searchId, 'javascript:alert(1)', 2),
    ];
    expect(statuses).toEqual([204, 204, 204, 204, 400]);
    await recorder().flush();

    const report = (kind: string) =>
      fetch(
        `${server.base}/api/analytics/${engineA.engineId}/report?report=${kind}&from=2031-06-01&to=2031-06-01`,
        { headers: { authorization: `Bearer ${token}` } },
      ).then((r) => r.json() as Promise<any>);
    expect((await report('summary')).summary).toMatchObject({
      searches: 3,
      zeroResultSearches: 1,
      clicks: 3,
      clickedSearches: 2,
      clickThroughRate: 2 / 3,
      averageClickPosition: 5,
    });
    expect((await report('clicks')).results).toEqual([
      { url: 'https://shop.example.test/p/7', clicks: 2, averageClickPosition: 7 },
      { url: 'https://shop.example.test/p/1', clicks: 1, averageClickPosition: 1 },
    ]);
    const other = await fetch(
      `${server.base}/api/analytics/${engineB.engineId}/report?from=2031-06-01&to=2031-06-01`,
      { headers: { authorization: `Bearer ${token}` } },
    ).then((r) => r.json() as Promise<any>);
    expect(other.summary.clicks).toBe(0);
  });

  it('documents the parametric search, with its searchId, and the click call in the OpenAPI document', async () => {
    const document = (await fetch(`${server.base}/api/openapi.json`).then((r) => r.json())) as any;
    const query = document.paths['/search/{clientId}/query']?.post;
    expect(query?.tags).toEqual(['search']);
    expect(query?.security).toEqual([]);
    const answer = query?.responses?.['200']?.content?.['application/json']?.schema;
    expect(answer?.required).toEqual(expect.arrayContaining(['rows', 'facets', 'searchId']));
    expect(document.paths['/search/{clientId}/click']?.post?.description).toContain('parametric');
  });
});

describe('Search recording turned off (SITESEER_SEARCH_RECORDING=off)', () => {
  let quiet: TestServer;
  let engine: { engineId: string; clientId: string };
  beforeAll(async () => {
    quiet = await startTestServer({ env: { SITESEER_SEARCH_RECORDING: 'off' } });
    const owner = quiet.credentials?.owner;
    if (!owner) throw new Error('The test server seeded no demo owner');
    const { access_token } = await signIn(quiet, owner.email, owner.password);
    engine = await ingestEngine(quiet, access_token, 'Unrecorded products', toCsv(products(10)));
  });
  afterAll(async () => {
    await quiet?.close();
  });

  it('given searches and a click, then they answer as usual and nothing is queued or stored', async () => {
    const answer = await fetch(`${quiet.base}/search/${engine.clientId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: '' }),
    });
    expect(answer.status).toBe(200);
    const { searchId, total } = (await answer.json()) as { searchId: string; total: number };
    expect(searchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(total).toBe(10);
    const click = await fetch(`${quiet.base}/search/${engine.clientId}/click`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchId, url: 'https://shop.example.test/p/1', position: 1 }),
    });
    expect(click.status).toBe(204);

    const recorder = quiet.state.recorder;
    expect(recorder.recording).toBe(false);
    await recorder.flush();
    expect(recorder.stats()).toMatchObject({ queued: 0, searches: 0, clicks: 0, batches: 0 });
    const { rows } = await quiet.store.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM search_events)::int + (SELECT count(*) FROM search_clicks)::int AS n',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
