import { describe, expect, it } from 'vitest';
import { runOpenLoad, startOpenLoad } from './load.ts';

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

describe('startOpenLoad', () => {
  it('measures a window of the requests and counts their failures instead of stopping', async () => {
    const load = startOpenLoad({
      perSecond: 200,
      send: async (i) => {
        if (i % 4 === 3) throw new Error(`wrong answer ${i}`);
        await sleep(1);
      },
    });
    await sleep(50);
    load.measure();
    await sleep(200);
    const window = await load.result();
    await load.stop();
    // About 40 requests were due in 200 ms (fewer on a starved machine); a quarter of them failed.
    expect(window.n).toBeGreaterThan(0);
    expect(window.failed).toBeGreaterThan(0);
    expect(window.failed).toBeLessThan(window.n);
    expect(window.firstFailure).toMatch(/^wrong answer \d+$/);
  });

  it('refuses a result when no window is being measured', async () => {
    const load = startOpenLoad({ perSecond: 100, send: async () => {} });
    await expect(load.result()).rejects.toThrow('No window is being measured');
    await load.stop();
  });
});
