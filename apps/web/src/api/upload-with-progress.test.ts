import {
  LIMITS,
  NetworkError,
  NoAuthTokenError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { fakeRequests } from '../test/fake-upload-request.ts';
import { createSpreadsheetUploads, isAbortError, newIdempotencyKey } from './upload-with-progress.ts';

const stored = {
  importId: 'imp1',
  version: 2,
  originalFileName: 'parts.csv',
  uploadDate: '2026-03-01T00:00:00.000Z',
  rowCount: 2,
  columns: ['Part', 'Price'],
};

const csv = () => new File(['Part,Price\nBolt,0.25\n'], 'parts.csv', { type: 'text/csv' });

function setup(signedIn = true) {
  const requests = fakeRequests();
  const uploads = createSpreadsheetUploads({
    baseUrl: 'http://portal.test/api/',
    getToken: async () => (signedIn ? 'tok' : undefined),
    createRequest: requests.create,
  });
  return { requests, uploads };
}

/** Lets the upload's token lookup resolve, so the request is sent. */
const sent = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('spreadsheet upload with progress (XMLHttpRequest)', () => {
  it('Given a file import, then it posts core’s multipart fields with the bearer token and key, reports progress and validates the 200', async () => {
    const { requests, uploads } = setup();
    const progress: unknown[] = [];
    const result = uploads.importFile(
      { accountId: 'a1', file: csv() },
      { idempotencyKey: 'key-1', onProgress: (p) => progress.push(p) },
    );
    await sent();
    const request = requests.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://portal.test/api/parametric/file/import');
    expect(request.headers).toMatchObject({
      authorization: 'Bearer tok',
      accept: 'application/json',
      'idempotency-key': 'key-1',
    });
    expect(request.body?.get('accountId')).toBe('a1');
    expect(request.body?.has('engineId')).toBe(false);
    expect((request.body?.get('file') as File | undefined)?.name).toBe('parts.csv');
    request.progress(100, 400);
    request.progress(400, 400);
    request.respond(200, stored);
    const response = await result;
    expect(progress).toEqual([
      { loaded: 100, total: 400 },
      { loaded: 400, total: 400 },
    ]);
    expect(response.ok && response.data).toEqual(stored);
  });

  it('Given a file update, then it posts to the import with accountId and engineId', async () => {
    const { requests, uploads } = setup();
    const result = uploads.updateFile('imp 1', { accountId: 'a1', engineId: 'e1', file: csv() });
    await sent();
    expect(requests.last.url).toBe('http://portal.test/api/parametric/file/imp%201');
    expect(requests.last.body?.get('engineId')).toBe('e1');
    expect(requests.last.headers['idempotency-key']).toBeUndefined();
    requests.last.respond(200, stored);
    expect((await result).ok).toBe(true);
  });

  it('Given a 4xx problem+json, then it comes back unvalidated with its status and body', async () => {
    const { requests, uploads } = setup();
    const result = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Row 3 has 4 columns.',
    };
    requests.last.respond(400, problem, 'application/problem+json');
    const response = await result;
    expect(response).toMatchObject({ ok: false, status: 400, data: problem });
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('Given 401, then UnauthorizedError is thrown', async () => {
    const { requests, uploads } = setup();
    const result = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    requests.last.respond(401, { detail: 'expired' }, 'application/problem+json');
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('Given 500 with text or 502 with JSON, then ServerError carries the address, text and JSON body', async () => {
    const { requests, uploads } = setup();
    const text = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    requests.last.respondRaw(500, 'disk full', 'text/plain', 'Internal Server Error');
    const error = await text.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      status: 500,
      method: 'POST',
      url: 'http://portal.test/api/parametric/file/import',
      errorText: 'disk full',
      body: undefined,
    });

    const json = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    requests.last.respondRaw(502, '{"detail":"gateway"}', 'application/json', 'Bad Gateway');
    const jsonError = (await json.catch((e: unknown) => e)) as ServerError;
    expect(jsonError).toMatchObject({
      status: 502,
      errorText: '502 Bad Gateway',
      body: { detail: 'gateway' },
    });
    expect(jsonError.message).toContain('{"detail":"gateway"}');
  });

  it('Given a 200 that does not match SpreadsheetImport, then ResponseValidationError is thrown', async () => {
    const { requests, uploads } = setup();
    const result = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    requests.last.respond(200, { importId: 'imp1' });
    await expect(result).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('Given an abort while uploading, then the request is aborted and the call rejects with an AbortError', async () => {
    const { requests, uploads } = setup();
    const abort = new AbortController();
    const result = uploads.importFile({ accountId: 'a1', file: csv() }, { signal: abort.signal });
    await sent();
    requests.last.progress(10, 400);
    abort.abort();
    const error = await result.catch((e: unknown) => e);
    expect(requests.last.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('Given an already aborted signal, a missing token, or a file over the limit, then nothing is sent', async () => {
    const { requests, uploads } = setup();
    const abort = new AbortController();
    abort.abort();
    const aborted = await uploads
      .importFile({ accountId: 'a1', file: csv() }, { signal: abort.signal })
      .catch((e: unknown) => e);
    expect(isAbortError(aborted)).toBe(true);
    const big = new File([new Uint8Array(LIMITS.uploadMaxBytes + 1)], 'big.csv');
    await expect(uploads.importFile({ accountId: 'a1', file: big })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await expect(uploads.importFile({ accountId: '', file: csv() })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const signedOut = setup(false);
    await expect(signedOut.uploads.importFile({ accountId: 'a1', file: csv() })).rejects.toBeInstanceOf(
      NoAuthTokenError,
    );
    expect(requests.made).toHaveLength(0);
    expect(signedOut.requests.made).toHaveLength(0);
  });

  it('Given a network failure, then NetworkError is thrown', async () => {
    const { requests, uploads } = setup();
    const result = uploads.importFile({ accountId: 'a1', file: csv() });
    await sent();
    requests.last.fail();
    await expect(result).rejects.toBeInstanceOf(NetworkError);
  });

  it('Given two file selections, then their idempotency keys are distinct UUIDs', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
  });
});
