/**
 * The busy-search section's visitors, in a process of their own (the bench process serves a site
 * of 20,000 pages and holds the files: its garbage collection would show as the server's latency).
 * Sends `busySearch` searches at a fixed rate from start to 'stop', over a pool of keep-alive
 * connections, and answers each window's latencies ('measure' … 'result') to the parent.
 */
import { Agent } from 'node:http';
import { busySearch } from './busy-search-mix.ts';
import { json, request } from './http-client.ts';
import { keywordSearch } from './keyword-engine.ts';
import { startOpenLoad } from './load.ts';

export interface BusyLoadOptions {
  base: string;
  keywordClientId: string;
  parametricClientId: string;
  perSecond: number;
  /** Connections at most: a visitor's browser would open one of its own, the bench shares a pool. */
  connections: number;
}

export type BusyLoadMessage = 'measure' | 'result' | 'stop';

const [text] = process.argv.slice(2);
if (!text || !process.send) throw new Error('Usage: forked by the busy-search section with its options');
const options = JSON.parse(text) as BusyLoadOptions;
const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
const config = await json<{ columns: { id: string; label: string }[] }>(
  `${options.base}/search/${options.parametricClientId}/config`,
);
const ids = new Map(config.columns.map((column) => [column.label, column.id]));
const columnId = (label: string) => {
  const id = ids.get(label);
  if (!id) throw new Error(`No column ${label} in the search config`);
  return id;
};
const load = startOpenLoad({
  perSecond: options.perSecond,
  send: async (i) => {
    const search = busySearch(i, columnId);
    if (search.kind === 'keyword') {
      await keywordSearch(options.base, options.keywordClientId, search.q, 10, agent);
      return;
    }
    const answer = await request(`${options.base}/search/${options.parametricClientId}/query`, {
      method: 'POST',
      body: JSON.stringify(search.body),
      agent,
    });
    if (answer.status !== 200) throw new Error(`Parametric search answered ${answer.status}`);
  },
});
process.send({ type: 'ready' });
process.on('message', (message: BusyLoadMessage) => {
  if (message === 'measure') load.measure();
  else if (message === 'result')
    void load.result().then((result) => process.send?.({ type: 'result', result }));
  else if (message === 'stop')
    void load.stop().then(() => {
      agent.destroy();
      process.send?.({ type: 'stopped' }, () => process.exit(0));
    });
});
