import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from './api-client.ts';
import {
  NetworkError,
  NoAuthTokenError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from './errors.ts';
import { jsonReply, startTestHttpServer, type TestHttpServer } from './http-server.test-kit.ts';
import { isGoodResponse } from './response.ts';

const feature = {
  _id: 'f1',
  name: 'KW_WIZARD_TABS',
  description: 'Tabs',
  show_details: false,
  allowedRoles: ['owner'],
};

let server: TestHttpServer;
let token: string | undefined;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.answer(() => jsonReply(200, [feature]));
  token = 'token-1';
  client = createApiClient({ baseUrl: server.baseUrl, fetch: globalThis.fetch, getToken: async () => token });
});

describe('createApiClient: authentication', () => {
  it('Given a token, when a call is made, then it is sent as a bearer Authorization header', async () => {
    await client.features.list();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer token-1');
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.url).toBe('/api/features');
  });

  it("Given no token, when a call is made, then it throws NoAuthTokenError 'No authToken' and sends nothing", async () => {
    token = undefined;
    const call = client.features.list();
    await expect(call).rejects.toBeInstanceOf(NoAuthTokenError);
    await expect(call).rejects.toThrow(/^No authToken$/);
    expect(server.requests).toHaveLength(0);
  });

  it('Given a synchronous token source returning an empty string, when a call is made, then it throws NoAuthTokenError', async () => {
    const signedOut = createApiClient({
      baseUrl: server.baseUrl,
      fetch: globalThis.fetch,
      getToken: () => '',
    });
    await expect(signedOut.profile.me()).rejects.toBeInstanceOf(NoAuthTokenError);
    expect(server.requests).toHaveLength(0);
  });

  it('Given the server answers 401, when a call is made, then it throws UnauthorizedError with the address', async () => {
    server.answer(() => jsonReply(401, { title: 'Unauthorized' }, 'application/problem+json'));
    const error = await client.profile.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).url).toBe(`${server.baseUrl}/profile/me`);
    expect((error as UnauthorizedError).body).toEqual({ title: 'Unauthorized' });
  });
});

describe('createApiClient: statuses', () => {
  it('Given a 200 with a valid body, when a call is made, then it returns ok with the parsed data', async () => {
    const res = await client.features.list();
    expect(res).toMatchObject({ ok: true, status: 200, data: [feature] });
    expect(isGoodResponse(res)).toBe(true);
  });

  it('Given the server answers 404 with JSON, when a call is made, then it comes back as { status, data } unvalidated', async () => {
    server.answer(() =>
      jsonReply(404, { title: 'Not Found', detail: 'Engine not found.' }, 'application/problem+json'),
    );
    const res = await client.engines.get('e1', { accountId: 'a1' });
    expect(res).toMatchObject({
      ok: false,
      status: 404,
      data: { title: 'Not Found', detail: 'Engine not found.' },
    });
    expect(isGoodResponse(res)).toBe(false);
  });

  it('Given the server answers 409 with text, when a call is made, then data is the text', async () => {
    server.answer(() => ({ status: 409, headers: { 'content-type': 'text/plain' }, body: 'name taken' }));
    const res = await client.features.create({ name: 'X', allowedRoles: [] });
    expect(res).toMatchObject({ ok: false, status: 409, data: 'name taken' });
  });

  it('Given the server answers 500 with a JSON body, when a call is made, then ServerError carries address, text and body', async () => {
    server.answer(() => jsonReply(500, { error: 'database down' }));
    const error = (await client.accounts.get('a1').catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(500);
    expect(error.url).toBe(`${server.baseUrl}/account/a1`);
    expect(error.errorText).toBe('500 Internal Server Error');
    expect(error.body).toEqual({ error: 'database down' });
    expect(error.message).toContain(`${server.baseUrl}/account/a1`);
    expect(error.message).toContain('500 Internal Server Error');
    expect(error.message).toContain('{"error":"database down"}');
  });

  it('Given the server answers 503 with a text body, when a call is made, then ServerError carries the text and no body', async () => {
    server.answer(() => ({
      status: 503,
      headers: { 'content-type': 'text/plain' },
      body: 'upstream timeout',
    }));
    const error = (await client.accounts.list().catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
    expect(error.url).toBe(`${server.baseUrl}/accounts`);
    expect(error.errorText).toBe('upstream timeout');
    expect(error.body).toBeUndefined();
    expect(error.message).toContain('upstream timeout');
  });

  it('Given a 200 whose body fails the response schema, when a call is made, then ResponseValidationError names the call and issues', async () => {
    server.answer(() => jsonReply(200, [{ _id: 'f1', allowedRoles: ['nobody'] }]));
    const error = (await client.features.list().catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.call).toBe('features.list');
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['0.name', '0.allowedRoles.0']),
    );
    expect(error.message).toContain('features.list');
  });

  it('Given a 200 whose body is not JSON, when a JSON call is made, then ResponseValidationError is thrown', async () => {
    server.answer(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html></html>' }));
    await expect(client.profile.me()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('Given a 200 with defaults missing, when a call is made, then data has the schema defaults applied', async () => {
    server.answer(() => jsonReply(200, [{ _id: 'f2', name: 'MY_ACCOUNT' }]));
    const res = await client.features.list();
    expect(res.data).toEqual([
      { _id: 'f2', name: 'MY_ACCOUNT', description: '', show_details: false, allowedRoles: [] },
    ]);
  });
});

describe('createApiClient: request validation', () => {
  it('Given a body that fails the contract, when a call is made, then RequestValidationError is thrown and nothing is sent', async () => {
    const error = (await client.crawler
      .report({ accountId: 'a1', engineId: 'e1', fromIndex: -1 })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.call).toBe('crawler.report');
    expect(error.part).toBe('body');
    expect(error.issues[0]?.path).toEqual(['fromIndex']);
    expect(server.requests).toHaveLength(0);
  });

  it('Given an invalid query, when a call is made, then RequestValidationError names the query', async () => {
    const error = (await client.accounts.users
      .check('a1', 'not-an-email')
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.part).toBe('query');
    expect(server.requests).toHaveLength(0);
  });

  it('Given an empty path parameter, when a call is made, then RequestValidationError names the params', async () => {
    const error = (await client.accounts.get('').catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.part).toBe('params');
  });

  it('Given a maintenance notice ending before it starts, when it is set, then RequestValidationError is thrown', async () => {
    const notice = { message: 'Down', start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' };
    await expect(client.maintenance.set(notice)).rejects.toBeInstanceOf(RequestValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it('Given an account update with extra fields, when it is sent, then only name and products go on the wire', async () => {
    server.answer(() =>
      jsonReply(200, { id: 'a1', name: 'Acme', products: ['pm'], createdDate: '2026-01-01T00:00:00Z' }),
    );
    const changes = { name: 'Acme', products: ['parametric' as const], users: [] };
    await client.accounts.update('a1', changes);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(new TextDecoder().decode(server.requests[0]?.body))).toEqual({
      name: 'Acme',
      products: ['pm'],
    });
  });
});

describe('createApiClient: transport', () => {
  it('Given an aborted signal, when a call is made, then it rejects with the abort reason and not a NetworkError', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await client.features.list({ signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('Given nothing listens at the address, when a call is made, then it throws NetworkError with the address', async () => {
    const offline = createApiClient({
      baseUrl: 'http://127.0.0.1:1/api',
      fetch: globalThis.fetch,
      getToken: () => 't',
    });
    const error = (await offline.features.list().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe('http://127.0.0.1:1/api/features');
  });

  it('Given a base URL with a trailing slash, when a call is made, then the path is joined with one slash', async () => {
    const slashed = createApiClient({
      baseUrl: `${server.baseUrl}/`,
      fetch: globalThis.fetch,
      getToken: () => 't',
    });
    await slashed.features.list();
    expect(server.requests[0]?.url).toBe('/api/features');
  });
});
