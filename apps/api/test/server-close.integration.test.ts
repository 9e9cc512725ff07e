import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../src/server.ts';
import { startTestServer } from './harness.ts';

describe('closing the server', () => {
  it('given a client that stalls in the middle of its request, when the server closes, then it is closed once the grace period is over', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers of a 1,000-byte body, then 10 bytes of it: the request stays in flight.
    socket.write(
      `POST /api/profile/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"a":"bcd"`,
    );
    const dropped = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    await server.close();

    await dropped;
    // Closed by the grace period, not at once (the request was in flight) and not never.
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100);
  }, 30_000);
});
