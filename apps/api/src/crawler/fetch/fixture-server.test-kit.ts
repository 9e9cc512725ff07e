import { spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type RequestListener } from 'node:http';
import { type AddressInfo, connect } from 'node:net';

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

/**
 * A port that never completes a TCP handshake: a stopped child process listens with a backlog of
 * one, and the backlog is filled, so the kernel drops further connection attempts (a connect timeout).
 */
export async function startStalledListener(): Promise<{ port: number; close(): void }> {
  const script = `const s=require('node:net').createServer();s.listen({port:0,host:'127.0.0.1',backlog:1},()=>console.log(s.address().port))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (data) => resolve(Number(String(data).trim()))),
  );
  child.kill('SIGSTOP');
  // The fillers are reset when the child is killed; that error is expected and of no interest.
  const fillers = Array.from({ length: 4 }, () => connect(port, '127.0.0.1').on('error', () => {}));
  // Let the handshakes of the fillers land in the backlog before the test connects.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    port,
    close() {
      for (const filler of fillers) filler.destroy();
      child.kill('SIGKILL');
    },
  };
}
