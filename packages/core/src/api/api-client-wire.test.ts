import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.ts';
import { type ApiClient, createApiClient } from './api-client.ts';
import { clientContracts } from './contracts/clients.ts';
import { parametricContracts } from './contracts/parametric.ts';
import { RequestValidationError } from './errors.ts';
import { jsonReply, startTestHttpServer, type TestHttpServer } from './http-server.test-kit.ts';

interface Part {
  headers: Record<string, string>;
  name: string | undefined;
  filename: string | undefined;
  bytes: Uint8Array;
}

/** A minimal multipart/form-data parser working on the raw bytes (latin1 keeps one char per byte). */
function parseMultipart(contentType: string, body: Uint8Array): { boundary: string; parts: Part[] } {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(contentType)?.slice(1).find(Boolean) ?? '';
  const raw = Buffer.from(body).toString('latin1');
  expect(raw.startsWith(`--${boundary}\r\n`)).toBe(true);
  expect(raw.endsWith(`--${boundary}--\r\n`)).toBe(true);
  const sections = raw
    .slice(0, raw.lastIndexOf(`--${boundary}--`))
    .split(`--${boundary}\r\n`)
    .slice(1);
  const parts = sections.map((section) => {
    const split = section.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      section
        .slice(0, split)
        .split('\r\n')
        .map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    const disposition = headers['content-disposition'] ?? '';
    return {
      headers,
      name: /\bname="([^"]*)"/.exec(disposition)?.[1],
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      bytes: new Uint8Array(Buffer.from(section.slice(split + 4, -2), 'latin1')),
    };
  });
  return { boundary, parts };
}

const fileBytes = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x00, 0xff, 0x80, 0x0d, 0x0a, 0xc3, 0xa9]);
const imported = {
  importId: 'i1',
  version: 1,
  originalFileName: 'parts.csv',
  uploadDate: '2026-01-01T00:00:00.000Z',
  rowCount: 1,
  columns: ['name'],
};

let server: TestHttpServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestHttpServer();
  client = createApiClient({ baseUrl: server.baseUrl, fetch: globalThis.fetch, getToken: () => 't' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.answer(() => jsonReply(200, imported));
});

describe('multipart uploads', () => {
  it('Given a file import, when sent, then the server parses accountId, engineId and file with its name and exact bytes', async () => {
    const res = await client.parametric.importFile({
      accountId: 'a1',
      engineId: 'e1',
      file: new Blob([fileBytes], { type: 'text/csv' }),
      filename: 'parts.csv',
    });
    expect(res).toMatchObject({ ok: true, data: imported });
    const request = server.requests[0];
    const contentType = String(request?.headers['content-type']);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const { boundary, parts } = parseMultipart(contentType, request?.body ?? new Uint8Array());
    expect(boundary.length).toBeGreaterThan(0);
    expect(parts.map((part) => part.name)).toEqual(['accountId', 'engineId', 'file']);
    expect(Buffer.from(parts[0]?.bytes ?? []).toString()).toBe('a1');
    expect(Buffer.from(parts[1]?.bytes ?? []).toString()).toBe('e1');
    expect(parts[2]?.filename).toBe('parts.csv');
    expect(parts[2]?.headers['content-type']).toBe('text/csv');
    expect([...(parts[2]?.bytes ?? [])]).toEqual([...fileBytes]);
  });

  it('Given a file update with an idempotency key, when sent, then the key header and the id in the path arrive', async () => {
    await client.parametric.updateFile(
      'i1',
      { accountId: 'a1', file: new Blob([fileBytes]), filename: 'v2.csv' },
      { idempotencyKey: 'upload-42' },
    );
    const request = server.requests[0];
    expect(request?.url).toBe('/api/parametric/file/i1');
    expect(request?.headers['idempotency-key']).toBe('upload-42');
    const { parts } = parseMultipart(
      String(request?.headers['content-type']),
      request?.body ?? new Uint8Array(),
    );
    expect(parts.map((part) => [part.name, part.filename])).toEqual([
      ['accountId', undefined],
      ['file', 'v2.csv'],
    ]);
    const fields = Object.fromEntries(
      parts.filter((p) => !p.filename).map((p) => [p.name, Buffer.from(p.bytes).toString()]),
    );
    expect(parametricContracts.updateFile.body.parse(fields)).toEqual({ accountId: 'a1' });
  });

  it('Given a File without a filename, when synonyms are validated, then part synonymsFile carries the File name', async () => {
    server.answer(() => jsonReply(200, { valid: true, csvSynonymTable: 'tv,television' }));
    const file = new File(['tv,television\n'], 'synonyms.txt', { type: 'text/plain' });
    const res = await client.engines.validateSynonyms({ accountId: 'a1', file });
    expect(res.data).toEqual({ valid: true, csvSynonymTable: 'tv,television' });
    const request = server.requests[0];
    const { parts } = parseMultipart(
      String(request?.headers['content-type']),
      request?.body ?? new Uint8Array(),
    );
    expect(parts.map((part) => [part.name, part.filename])).toEqual([
      ['accountId', undefined],
      ['synonymsFile', 'synonyms.txt'],
    ]);
    expect(Buffer.from(parts[1]?.bytes ?? []).toString()).toBe('tv,television\n');
  });

  it('Given a Blob without a filename, when uploaded, then RequestValidationError names the file part and nothing is sent', async () => {
    const error = (await client.parametric
      .importFile({ accountId: 'a1', file: new Blob(['x']) })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.part).toBe('files');
    expect(error.issues[0]?.path).toEqual(['file']);
    expect(server.requests).toHaveLength(0);
  });

  it('Given a file over 10240 KB, when uploaded, then RequestValidationError is thrown before sending', async () => {
    const big = new Blob([new Uint8Array(LIMITS.uploadMaxBytes + 1)]);
    const error = await client.parametric
      .importFile({ accountId: 'a1', file: big, filename: 'big.csv' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('query strings and path parameters', () => {
  it('Given engine ids, when clients are listed by engine, then engineIds is a comma list the contract splits back', async () => {
    server.answer(() => jsonReply(200, []));
    await client.clients.byEngineIds(['e1', 'e 2', 'e3']);
    const url = new URL(server.requests[0]?.url ?? '', 'http://server');
    expect(server.requests[0]?.url).toBe('/api/clients?engineIds=e1,e%202,e3');
    expect(clientContracts.list.query.parse(Object.fromEntries(url.searchParams))).toEqual({
      engineIds: ['e1', 'e 2', 'e3'],
    });
  });

  it('Given no engine ids, when clients are listed by engine, then RequestValidationError is thrown', async () => {
    await expect(client.clients.byEngineIds([])).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('Given no type, when engines are listed, then no query string is sent; given keyword, then type=kw', async () => {
    server.answer(() => jsonReply(200, []));
    await client.engines.list();
    await client.engines.list({ type: 'keyword' });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/searchengines',
      '/api/searchengines?type=kw',
    ]);
  });

  it('Given a preview without lines, then lines=1 is sent; given lines 5 and a client, then both are sent', async () => {
    server.answer(() => jsonReply(200, { rows: [], configuration: { columns: {} } }));
    await client.parametric.preview('i1');
    await client.parametric.preview('i1', { lines: 5, clientId: 'c1' });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/parametric/file/i1/preview?lines=1',
      '/api/parametric/file/i1/preview?lines=5&clientId=c1',
    ]);
    expect(parametricContracts.preview.query.parse({ lines: '5' })).toEqual({ lines: 5 });
  });

  it('Given ids with reserved characters, when a call is made, then each path parameter is URI-encoded', async () => {
    server.answer(() => jsonReply(200, []));
    await client.accounts.users.delete('acc/1', 'user ?#%');
    expect(server.requests[0]?.url).toBe('/api/account/acc%2F1/user/user%20%3F%23%25');
    expect(server.requests[0]?.method).toBe('DELETE');
  });
});

describe('user check and downloads', () => {
  const login = {
    status: 'ACTIVE',
    isBZUser: false,
    exists: true,
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  };

  it('Given the server answers 204, when a user is checked, then the response is status 204 with null data', async () => {
    server.answer(() => ({ status: 204 }));
    const res = await client.accounts.users.check('a1', 'nobody@example.com');
    expect(res).toMatchObject({ ok: false, status: 204, data: null });
  });

  it('Given the server answers 200, when a user is checked, then the login comes back validated', async () => {
    server.answer(() => jsonReply(200, login));
    const res = await client.accounts.users.check('a1', 'ada@example.com');
    expect(res).toMatchObject({ ok: true, status: 200, data: login });
  });

  it('Given a dataset download, when the server sends bytes, then data is a Blob with those bytes and the headers', async () => {
    server.answer(() => ({
      status: 200,
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="parts.xlsx"',
      },
      body: fileBytes,
    }));
    const res = await client.engines.download('e1', 'xlsx', { accountId: 'a1' });
    expect(res.ok).toBe(true);
    expect(res.data).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (res.data as Blob).arrayBuffer())]).toEqual([...fileBytes]);
    expect(res.headers.get('content-disposition')).toContain('parts.xlsx');
    expect(server.requests[0]?.headers.accept).toBe('*/*');
  });

  it('Given a parametric download of text, then data is a Blob of the text; given a 404, then data is the JSON', async () => {
    server.answer(() => ({ status: 200, headers: { 'content-type': 'text/csv' }, body: 'name\nbolt\n' }));
    const found = await client.parametric.download({ engineId: 'e1', accountId: 'a1' });
    expect(await (found.data as Blob).text()).toBe('name\nbolt\n');
    server.answer(() => jsonReply(404, { title: 'Not Found' }));
    const missing = await client.parametric.download({ engineId: 'e1', accountId: 'a1', version: 9 });
    expect(missing).toMatchObject({ ok: false, status: 404, data: { title: 'Not Found' } });
  });
});
