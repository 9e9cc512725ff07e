import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy passed on: its method and path (with the query), and the answer's status. */
export interface Passed {
  method: string;
  path: string;
  status: number;
}

/**
 * A plain HTTP proxy on 127.0.0.1 in front of a real server: every request is passed on as it
 * came and recorded, so a test can count what a CLI run sent. The CLI is pointed at `base` (the
 * server's public URL stays the real one: the CLI only derives its own calls from `base`).
 */
export async function startRecordingProxy(target: string) {
  const upstream = new URL(target);
  const passed: Passed[] = [];
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        passed.push({
          method: incoming.method ?? '',
          path: incoming.url ?? '',
          status: answer.statusCode ?? 0,
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    /** The requests passed on since the last call, and a fresh start. */
    take(): Passed[] {
      return passed.splice(0);
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
