import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function post(body: string): Promise<{ status: number; detail: string }> {
  const response = await fetch(`${server.base}/search/${randomUUID()}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const problem = (await response.json()) as { detail: string };
  return { status: response.status, detail: problem.detail };
}

describe('JSON bodies', () => {
  it.each([
    ['{"q":"x","__proto__":{"admin":true}}', '__proto__'],
    ['{"q":"x","\\u005f_proto__":{"admin":true}}', '__proto__'],
    ['{"filters":{"constructor":{"prototype":{"admin":true}}}}', 'constructor.prototype'],
  ])('given %s, then 400 names the forbidden key (was: "Body is not valid JSON")', async (body, key) => {
    expect(await post(body)).toEqual({ status: 400, detail: `Body has a forbidden key ${key}.` });
  });

  it("given text that is not JSON, then 400 says so with the parser's reason", async () => {
    const answer = await post('{"q": ');

    expect(answer.status).toBe(400);
    expect(answer.detail).toMatch(/^Body is not valid JSON: .+\.$/);
  });

  it('given a valid body with a "constructor" value, then it reaches the route (404: no such engine)', async () => {
    const answer = await post('{"q":"constructor"}');

    expect(answer).toEqual({ status: 404, detail: 'Search engine not found.' });
  });
});
