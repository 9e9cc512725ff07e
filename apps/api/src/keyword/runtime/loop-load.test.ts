import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EventLoopLoad } from './loop-load.ts';

function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Running code, as a search does.
  }
}

describe('the event loop load', () => {
  it('given a loop that ran code without a pause, then it is busy; after an idle while, it is not', async () => {
    await sleep(60);
    const load = new EventLoopLoad();
    expect(load.busy()).toBe(false);
    spin(120);
    expect(load.busy()).toBe(true);
    // Judged again only once a window has passed: a moment later it is still busy.
    expect(load.busy()).toBe(true);
    await sleep(150);
    expect(load.busy()).toBe(false);
  });
});
