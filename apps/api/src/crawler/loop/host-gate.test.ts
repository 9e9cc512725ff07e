import { describe, expect, it } from 'vitest';
import { HostGate, PARALLEL_WITHOUT_DELAY } from './host-gate.ts';

describe('HostGate', () => {
  it('lets one request at a time to a host, the next one a delay after the answer', () => {
    const gate = new HostGate();
    expect(gate.waitFor('a.test', 500, 1000)).toBe(0);
    gate.begin('a.test');
    expect(gate.waitFor('a.test', 500, 1000)).toBe(Infinity);
    expect(gate.waitFor('b.test', 500, 1000)).toBe(0);
    gate.end('a.test', 1200, 500);
    expect(gate.waitFor('a.test', 500, 1300)).toBe(400);
    expect(gate.waitFor('a.test', 500, 1700)).toBe(0);
  });

  it('allows a few requests at once when there is no delay', () => {
    const gate = new HostGate();
    for (let n = 0; n < PARALLEL_WITHOUT_DELAY; n += 1) {
      expect(gate.waitFor('a.test', 0, 0)).toBe(0);
      gate.begin('a.test');
    }
    expect(gate.waitFor('a.test', 0, 0)).toBe(Infinity);
    gate.end('a.test', 5, 0);
    expect(gate.waitFor('a.test', 0, 5)).toBe(0);
  });

  it('keeps a pause asked by the host (Retry-After) over the delay', () => {
    const gate = new HostGate();
    gate.begin('a.test');
    gate.end('a.test', 0, 100, 60_000);
    gate.begin('a.test');
    gate.end('a.test', 10, 100);
    expect(gate.waitFor('a.test', 100, 1000)).toBe(59_000);
  });
});
