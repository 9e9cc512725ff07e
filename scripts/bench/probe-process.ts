/**
 * A probe (`probe` in load.ts) in a process of its own, started by `probeApart`: the bench process
 * holds the generated files and tables (hundreds of MB), and its garbage collection pauses would
 * show as the server's latency. Answers its latencies to the parent on 'stop'.
 */
import { probe } from './load.ts';

const [url, everyMs] = process.argv.slice(2);
if (!url || !everyMs || !process.send) throw new Error('Usage: forked by probeApart(url, everyMs)');
const running = probe(url, Number(everyMs));
process.send({ type: 'ready' });
process.on('message', (message) => {
  if (message !== 'stop') return;
  void running.stop().then((result) => {
    process.send?.({ type: 'latency', result }, () => process.exit(0));
  });
});
