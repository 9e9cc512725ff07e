/// <reference types="node" />
// The test runs in Node (happy-dom): the HTTP server it talks to is a real one.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerError, UnauthorizedError } from '@siteseer/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSpreadsheetUploads } from './upload-with-progress.ts';

/*
 * The uploads through the test environment's real XMLHttpRequest to a real HTTP server on 127.0.0.1:
 * what goes over the wire is core's request, and what comes back is read as core reads it.
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const stored = {
  importId: 'imp1',
  version: 3,
  originalFileName: 'parts.csv',
  uploadDate: '2026-03-01T00:00:00.000Z',
  rowCount: 1,
  columns: ['Part', 'Price'],
};

let server: Server;
let baseUrl: string;
let received: Received[];
let answer: Answer;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // The portal calls its own origin; the test page's origin differs, so CORS is answered.
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'authorization, idempotency-key, content-type, accept');
      if (req.method === 'OPTIONS') {
        res.end();
        return;
      }
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer.status, { 'content-type': answer.contentType });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  answer = { status: 200, contentType: 'application/json', body: JSON.stringify(stored) };
});

const uploads = () => createSpreadsheetUploads({ baseUrl, getToken: async () => 'tok' });
const csv = () => new File(['Part,Price\nBolt,0.25\n'], 'parts.csv', { type: 'text/csv' });

describe('spreadsheet uploads over a real HTTP server', () => {
  it('Given a new version of an import, then core’s multipart request goes out and the 200 comes back validated', async () => {
    const response = await uploads().updateFile(
      'imp 1',
      { accountId: 'a1', engineId: 'e1', file: csv() },
      { idempotencyKey: 'key-1' },
    );

    expect(response).toMatchObject({ ok: true, status: 200, data: stored });
    expect(response.headers.get('content-type')).toBe('application/json');
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/api/parametric/file/imp%201' });
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer tok',
      accept: 'application/json',
      'idempotency-key': 'key-1',
    });
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toMatch(/name="accountId"\r\n\r\na1\r\n/);
    expect(request?.body).toMatch(/name="engineId"\r\n\r\ne1\r\n/);
    expect(request?.body).toMatch(/name="file"; filename="parts.csv"[\s\S]*Part,Price\nBolt,0.25\n/);
  });

  it('Given a refused file (400 problem+json), then its status and body come back as a response', async () => {
    const problem = { title: 'Bad Request', status: 400, detail: 'Row 3 has 4 columns.' };
    answer = { status: 400, contentType: 'application/problem+json', body: JSON.stringify(problem) };

    const response = await uploads().importFile({ accountId: 'a1', file: csv() });

    expect(response).toMatchObject({ ok: false, status: 400, data: problem });
  });

  it('Given 401, then UnauthorizedError; given 503 with text, then ServerError with that text', async () => {
    answer = { status: 401, contentType: 'application/problem+json', body: '{"detail":"expired"}' };
    await expect(uploads().importFile({ accountId: 'a1', file: csv() })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );

    answer = { status: 503, contentType: 'text/plain', body: 'down for maintenance' };
    const error = await uploads()
      .importFile({ accountId: 'a1', file: csv() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, errorText: 'down for maintenance' });
  });
});
