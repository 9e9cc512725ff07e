import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREVIEW_PER_MINUTE } from '../src/serving/public-limits.ts';
import { api, signIn, startTestServer, type TestServer } from './harness.ts';
import { products, toCsv } from './parametric-fixture.ts';

const PER_ADDRESS = 30;

let server: TestServer;
let apiKey: string;

/**
 * A GET from a loopback address of the test's choosing (all of 127/8 is this machine): each test
 * is a visitor of its own, so one test's budget does not spend another's.
 */
function get(
  path: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter: string | undefined; allowOrigin: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    const options = { localAddress: from, agent: false, headers };
    const request = http.get(`${server.base}${path}`, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        const json = response.headers['content-type']?.includes('json');
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'] as string | undefined,
          allowOrigin: response.headers['access-control-allow-origin'] as string | undefined,
          body: json ? JSON.parse(text) : text,
        });
      });
    });
    request.on('error', reject);
  });
}

async function ingest(path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([toCsv(products(5))]), 'feed.csv');
  const response = await fetch(`${server.base}/api/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { engineId: string; clientId: string; published: boolean };
}

beforeAll(async () => {
  server = await startTestServer({
    env: { SITESEER_SEARCH_IP_RATE_LIMIT: String(PER_ADDRESS), SITESEER_SEARCH_RATE_LIMIT: '1000' },
  });
  const owner = server.credentials?.owner;
  if (!owner) throw new Error('The test server seeded no demo owner');
  const { access_token: token } = await signIn(server, owner.email, owner.password);
  const accounts = await api(server, token, 'GET', 'accounts');
  apiKey = (await api(server, token, 'GET', `account/${accounts.body[0].id}/newApiKey`)).body.key;
});
afterAll(async () => {
  await server?.close();
});

describe('public runtime limits', () => {
  it('given rotating made-up client ids from one address, then 429 with Retry-After past the address limit (was: each id its own budget)', async () => {
    const { clientId } = await ingest('datasource/parametric', { searchEngineName: 'Rotated' });

    const answers = [];
    for (let i = 0; i < PER_ADDRESS; i++)
      answers.push(await get(`/search/${randomUUID()}/config`, '127.0.0.2'));
    const over = await get(`/search/${randomUUID()}/config`, '127.0.0.2');
    const realClient = await get(`/search/${clientId}/config`, '127.0.0.2');
    const otherAddress = await get(`/search/${clientId}/config`, '127.0.0.3');

    expect(answers.map((a) => a.status)).toEqual(Array(PER_ADDRESS).fill(404));
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    expect(over.body.detail).toMatch(
      /^Too many search requests from this address: at most 30 a minute across all search engines\. Try again in \d+ s\.$/,
    );
    expect(realClient.status).toBe(429);
    expect(otherAddress.status).toBe(200);
  });

  it("given a page's search refused for its address's rate or a bad parameter, then that page can read why (was: no CORS header, a network error)", async () => {
    const { clientId } = await ingest('datasource/parametric', { searchEngineName: 'Readable refusals' });
    const page = { origin: 'http://shop.example.test' };

    const tooLong = await get(`/search/${clientId}/download?q=${'x'.repeat(501)}`, '127.0.0.9', page);
    for (let i = 0; i < PER_ADDRESS; i++) await get(`/search/${clientId}/config`, '127.0.0.9', page);
    const over = await get(`/search/${clientId}/config`, '127.0.0.9', page);

    expect(tooLong).toMatchObject({ status: 400, allowOrigin: '*' });
    expect(over).toMatchObject({ status: 429, allowOrigin: '*' });
  });

  it('given an unknown client id asked for again, then it is looked up once (was: once per request)', async () => {
    const unknown = randomUUID();
    const query = vi.spyOn(server.store, 'query');
    try {
      for (let i = 0; i < 5; i++)
        expect((await get(`/search/${unknown}/config`, '127.0.0.4')).status).toBe(404);
      const lookups = query.mock.calls.filter(([sql]) => String(sql).includes('FROM clients c'));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('given a client answered 404 while nothing was published, when its engine is published, then it answers at once', async () => {
    const staged = await ingest('datasource/parametric', { searchEngineName: 'Staged', publish: 'false' });
    expect(staged.published).toBe(false);
    expect((await get(`/search/${staged.clientId}/config`, '127.0.0.5')).status).toBe(404);

    await ingest(`datasource/parametric/${staged.engineId}`, {});

    expect((await get(`/search/${staged.clientId}/config`, '127.0.0.5')).status).toBe(200);
  });

  it('given the preview page opened again and again from one address, then 429 with Retry-After past its limit (was: no limit)', async () => {
    const { clientId } = await ingest('datasource/parametric', { searchEngineName: 'Previewed' });

    const statuses = [];
    for (let i = 0; i < PREVIEW_PER_MINUTE; i++)
      statuses.push((await get(`/api/parametric/preview?clientId=${clientId}`, '127.0.0.6')).status);
    const over = await get(`/api/parametric/preview?clientId=${clientId}`, '127.0.0.6');
    const otherAddress = await get(`/api/parametric/preview?clientId=${clientId}`, '127.0.0.7');

    expect(statuses).toEqual(Array(PREVIEW_PER_MINUTE).fill(200));
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(over.body.detail).toMatch(
      /^Too many preview requests from this address: at most 60 a minute\. Try again in \d+ s\.$/,
    );
    expect(otherAddress.status).toBe(200);
  });

  it('given a list selection over the 1,000-value cap, then 400 names the cap (was: read as a range without bounds, every row)', async () => {
    const { clientId } = await ingest('datasource/parametric', { searchEngineName: 'Capped' });
    const query = (filters: unknown) =>
      fetch(`${server.base}/search/${clientId}/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filters }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const values = (n: number) => Array.from({ length: n }, (_, i) => `value ${i}`);

    const atCap = await query({ c2: { values: values(1000) } });
    const overCap = await query({ c2: { values: values(1001) } });
    const notStrings = await query({ c2: { values: [1, 2] } });
    const link = await get(
      `/search/${clientId}/download?filters=${encodeURIComponent(JSON.stringify({ c2: { values: Array.from({ length: 1001 }, (_, i) => String(i)) } }))}`,
      '127.0.0.8',
    );

    expect(atCap).toMatchObject({ status: 200, body: { total: 0 } });
    expect(overCap).toMatchObject({
      status: 400,
      body: { detail: 'filters.c2.values: A filter selects at most 1,000 values (1,001 given).' },
    });
    expect(notStrings.status).toBe(400);
    expect(link).toMatchObject({
      status: 400,
      body: { detail: 'A filter selects at most 1,000 values (1,001 given).' },
    });
  });
});
