import { parentPort } from 'node:worker_threads';
import { buildSnippet } from './build-snippet.ts';
import type { SnippetReply, SnippetRequest } from './snippet-protocol.ts';

/**
 * The snippet worker's thread (see snippet-builder.ts): builds the snippets of each request and
 * answers with them. The jobs of a request share their terms array (a message keeps shared
 * references), so one term matcher serves the whole request.
 */
parentPort?.on('message', (request: SnippetRequest) => {
  let reply: SnippetReply;
  try {
    reply = { id: request.id, snippets: request.jobs.map((job) => buildSnippet(job.body, job.options)) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
