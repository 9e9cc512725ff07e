import type { IncomingMessage, RequestOptions } from 'node:http';
import type { FetchLike } from '@siteseer/core';

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for the public search calls, on Node's `http`/`https` modules rather than its `fetch`
 * (undici). Node compiles much of undici at a process's first request: a `search --json` run spent
 * about 80 ms of its ~350 ms in it (ADR 0050). The public search is small JSON over GET and POST,
 * so this sends exactly that: the method, the headers, a string body; it answers a real `Response`
 * with the status, headers and body as received. No redirect is followed (the public search answers
 * none) and no compression is asked for. Everything else (portal calls, uploads, sign-in) uses
 * Node's `fetch`.
 */
export const nodeHttpFetch: FetchLike = async (input, init) => {
  const url = new URL(input);
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
    throw new TypeError('nodeHttpFetch sends string bodies only');
  }
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const options: RequestOptions = { method: init.method ?? 'GET', headers };
  if (init.signal) options.signal = init.signal;
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const sent = request(url, options, resolve);
    sent.on('error', reject);
    sent.end(init.body ?? undefined);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  const status = answer.statusCode ?? 0;
  const received: [string, string][] = [];
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    received.push([answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string]);
  }
  return new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
    status,
    statusText: answer.statusMessage ?? '',
    headers: received,
  });
};
