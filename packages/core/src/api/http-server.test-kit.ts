/// <reference types="node" />
// Test-only: a real HTTP server on 127.0.0.1, port 0, for the client's tests (imported by *.test.ts only).
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A request as the server received it: raw bytes of the body included. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query as sent, e.g. `/api/clients?engineIds=a,b`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Uint8Array;
}

/** What the server answers. */
export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export interface TestHttpServer {
  /** The API root: `http://127.0.0.1:{port}/api`. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Sets how the server answers from now on (default: 200 with JSON `null`). */
  answer(handler: (request: RecordedRequest) => Reply): void;
  close(): Promise<void>;
}

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, contentType = 'application/json'): Reply {
  return { status, headers: { 'content-type': contentType }, body: JSON.stringify(body) };
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Starts a server on 127.0.0.1 at an ephemeral port that records requests and answers with a handler. */
export async function startTestHttpServer(): Promise<TestHttpServer> {
  const requests: RecordedRequest[] = [];
  let handler: (request: RecordedRequest) => Reply = () => jsonReply(200, null);
  const server = createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: concat(chunks),
      };
      requests.push(recorded);
      const reply = handler(recorded);
      res.writeHead(reply.status, { ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    answer: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
