import { describe, expect, it } from 'vitest';
import { AUTO_INTERVAL, nextCheckAt } from './schedule.ts';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const hoursAfterNow = (date: Date) => (date.getTime() - now.getTime()) / HOUR;
const checkedBefore = (intervalMs: number) => ({
  lastCheck: at(-intervalMs),
  nextCheck: now,
});

describe('nextCheckAt', () => {
  it('adds the hours of a fixed frequency', () => {
    const history = { lastCheck: null, nextCheck: null, previousHash: null, hash: 'a' };
    expect(hoursAfterNow(nextCheckAt('10m', now, history))).toBeCloseTo(1 / 6);
    expect(hoursAfterNow(nextCheckAt('168h', now, history))).toBe(168);
  });

  it('auto: a day at first, doubled while the content stays, halved when it changes', () => {
    const first = { lastCheck: null, nextCheck: null, previousHash: null, hash: 'a' };
    expect(hoursAfterNow(nextCheckAt('auto', now, first))).toBe(24);
    const same = { ...checkedBefore(24 * HOUR), previousHash: 'a', hash: 'a' };
    expect(hoursAfterNow(nextCheckAt('auto', now, same))).toBe(48);
    const changed = { ...checkedBefore(24 * HOUR), previousHash: 'a', hash: 'b' };
    expect(hoursAfterNow(nextCheckAt('auto', now, changed))).toBe(12);
  });

  it('auto: kept between one hour and 30 days, and unchanged by a check that found no page', () => {
    const stable = { ...checkedBefore(AUTO_INTERVAL.maxMs), previousHash: 'a', hash: 'a' };
    expect(nextCheckAt('auto', now, stable)).toEqual(at(AUTO_INTERVAL.maxMs));
    const busy = { ...checkedBefore(AUTO_INTERVAL.minMs), previousHash: 'a', hash: 'b' };
    expect(nextCheckAt('auto', now, busy)).toEqual(at(AUTO_INTERVAL.minMs));
    const failed = { ...checkedBefore(6 * HOUR), previousHash: 'a', hash: null };
    expect(hoursAfterNow(nextCheckAt('auto', now, failed))).toBe(6);
  });
});
