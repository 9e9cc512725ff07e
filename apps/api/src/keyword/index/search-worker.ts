import { parentPort } from 'node:worker_threads';
import { KeywordIndex } from './keyword-index.ts';
import type { SearchCall, SearchMessage, SearchReply } from './search-protocol.ts';

/**
 * A search thread (threaded-backend.ts): holds the indexes it is sent, their typed arrays shared
 * with the other threads, and answers the searches, explains, look-ups and suggestions asked of
 * them, one message each, in the order sent.
 */
const indexes = new Map<string, KeywordIndex>();

function indexed(key: string): KeywordIndex {
  const index = indexes.get(key);
  if (!index) throw new Error(`The generation ${key} is not indexed on this search thread.`);
  return index;
}

function answer(call: SearchCall): unknown {
  switch (call.op) {
    case 'add':
      indexes.set(call.key, new KeywordIndex(call.data));
      return null;
    case 'drop':
      indexes.delete(call.key);
      return null;
    case 'search':
      return indexed(call.key).search(call.query);
    case 'explain':
      return indexed(call.key).explain(call.query);
    case 'lookup':
      return indexed(call.key).lookup(call.urls);
    case 'suggest':
      return indexed(call.key).suggest(call.words, call.limit);
  }
}

parentPort?.on('message', (message: SearchMessage) => {
  let reply: SearchReply;
  try {
    reply = { id: message.id, value: answer(message) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
