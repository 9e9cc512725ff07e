import { describe, expect, it } from 'vitest';
import {
  type DelaySource,
  FIRST_FETCHING,
  LoopGovernor,
  MAX_FETCHING,
  TARGET_DELAY_MS,
  WINDOW_MS,
} from './loop-governor.ts';

/** A delay the test sets, as the event loop's histogram would report it for a window. */
function delayOf(ms: number): DelaySource & { ms: number; resets: number } {
  const source = {
    ms,
    resets: 0,
    maxMs: () => source.ms,
    reset: () => {
      source.resets += 1;
    },
  };
  return source;
}

/** Fetches started until the governor refuses one, at `now`. */
function fill(governor: LoopGovernor, now: number): number {
  let started = 0;
  while (governor.mayStart(now)) {
    governor.begin();
    started += 1;
  }
  return started;
}

describe('the crawl loop governor', () => {
  it('given a quiet event loop, then fetches at once grow by one a window, up to the maximum', () => {
    const governor = new LoopGovernor(delayOf(2));
    expect(fill(governor, 0)).toBe(FIRST_FETCHING);
    expect(governor.mayStart(WINDOW_MS)).toBe(true);
    expect(governor.limit).toBe(FIRST_FETCHING + 1);
    for (let window = 2; window < 200; window++) governor.mayStart(window * WINDOW_MS);
    expect(governor.limit).toBe(MAX_FETCHING);
  });

  it('given a delayed event loop, then fetches at once halve each window, never below one, and a fetch ending lets the next start', () => {
    const delay = delayOf(TARGET_DELAY_MS * 4);
    const governor = new LoopGovernor(delay);
    expect(fill(governor, 0)).toBe(FIRST_FETCHING);
    expect(governor.mayStart(WINDOW_MS)).toBe(false);
    expect(governor.limit).toBe(FIRST_FETCHING / 2);
    for (let window = 2; window < 10; window++) governor.mayStart(window * WINDOW_MS);
    expect(governor.limit).toBe(1);
    // Eight fetches still under way: none starts until all but none have ended.
    for (let n = 0; n < FIRST_FETCHING - 1; n++) {
      expect(governor.mayStart(10 * WINDOW_MS)).toBe(false);
      governor.end();
    }
    expect(governor.mayStart(10 * WINDOW_MS)).toBe(false);
    governor.end();
    expect(governor.mayStart(10 * WINDOW_MS)).toBe(true);
  });

  it('given a delay between the two bounds, then the limit holds; each judgement starts a new window', () => {
    const delay = delayOf(TARGET_DELAY_MS * 0.75);
    const governor = new LoopGovernor(delay);
    governor.mayStart(0);
    governor.mayStart(WINDOW_MS / 2);
    expect(delay.resets).toBe(1);
    governor.mayStart(WINDOW_MS);
    governor.mayStart(3 * WINDOW_MS);
    expect(governor.limit).toBe(FIRST_FETCHING);
    expect(delay.resets).toBe(3);
  });
});
