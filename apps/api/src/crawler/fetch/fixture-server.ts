import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 for the fetcher's tests, counting the TCP connections it accepts. */
export interface FixtureServer {
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function startFixtureServer(handler: RequestListener): Promise<FixtureServer> {
  const server = createServer(handler);
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Records the hosts undici tries to connect to (before any lookup) and the sockets it opens, so a
 * test can show that a refused address never got as far as a connection.
 */
export function recordConnections(): { attempted: string[]; connected: string[]; stop(): void } {
  const attempted: string[] = [];
  const connected: string[] = [];
  const onAttempt = (message: unknown) => {
    attempted.push((message as { connectParams: { hostname: string } }).connectParams.hostname);
  };
  const onConnected = (message: unknown) => {
    connected.push((message as { connectParams: { hostname: string } }).connectParams.hostname);
  };
  subscribe('undici:client:beforeConnect', onAttempt);
  subscribe('undici:client:connected', onConnected);
  return {
    attempted,
    connected,
    stop() {
      unsubscribe('undici:client:beforeConnect', onAttempt);
      unsubscribe('undici:client:connected', onConnected);
    },
  };
}
