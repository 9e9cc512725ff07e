import { describe, expect, it } from 'vitest';
import { runOpenLoad } from './load.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runOpenLoad', () => {
  it('sends at its rate and measures each request from when it was due, a stall in every one it delays', async () => {
    // A server that answers one request at a time in 2 ms, but stalls 150 ms on request 10.
    let busyUntil = 0;
    const sent: number[] = [];
    const result = await runOpenLoad({
      perSecond: 100,
      warmupMs: 0,
      maxMs: 400,
      send: async (i) => {
        sent.push(i);
        const start = Math.max(performance.now(), busyUntil);
        busyUntil = start + (i === 10 ? 150 : 2);
        await sleep(busyUntil - performance.now());
      },
    });
    expect(sent).toHaveLength(40);
    expect(result.n).toBe(40);
    // Requests 11 to ~24 were due during the stall: each waited for it, not only request 10.
    expect(result.p50).toBeLessThan(50);
    expect(result.p95).toBeGreaterThanOrEqual(50);
    expect(result.max).toBeGreaterThanOrEqual(145);
  });

  it('fails with the first wrong answer', async () => {
    await expect(
      runOpenLoad({
        perSecond: 200,
        warmupMs: 0,
        maxMs: 100,
        send: async (i) => {
          if (i === 3) throw new Error('wrong answer 3');
        },
      }),
    ).rejects.toThrow('wrong answer 3');
  });
});
