import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacedTurn } from './event-loop.ts';

describe('pacedTurn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a loop not delayed, then the work goes on at the next turn of the loop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let resumed = false;
    void pacedTurn(5, () => false).then(() => {
      resumed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed).toBe(true);
  });

  it('given a delayed loop, then the work pauses as long as its turn before it goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let resumed = false;
    void pacedTurn(5, () => true).then(() => {
      resumed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed).toBe(false);
    vi.advanceTimersByTime(4);
    await Promise.resolve();
    expect(resumed).toBe(false);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(resumed).toBe(true);
  });
});
