import { parentPort } from 'node:worker_threads';
import { showPages } from './show-pages.ts';
import type { ShowMessage, ShowReply } from './snippet-protocol.ts';

/**
 * The snippet worker's thread (see snippet-builder.ts): decodes each request's page texts, builds
 * their snippets and answers with them. The pages of a request share their terms array (a message
 * keeps shared references), so one term matcher serves the whole request.
 */
parentPort?.on('message', (request: ShowMessage) => {
  let reply: ShowReply;
  try {
    reply = { id: request.id, shown: showPages(request) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
