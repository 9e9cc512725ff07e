import { INSPECTIONS_AT_ONCE, INSPECTIONS_PER_MINUTE } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../errors.ts';
import { InspectionLimit } from './inspection-limit.ts';

describe('InspectionLimit', () => {
  it('refuses the inspection past the minute budget, saying when to try again, and frees it a minute on', () => {
    let now = 0;
    const limit = new InspectionLimit(() => now);
    for (let n = 0; n < INSPECTIONS_PER_MINUTE; n++) {
      limit.take('a')();
      now += 1000;
    }
    const refusal = (() => {
      try {
        limit.take('a');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    // The first of them, at 0 s, leaves the window at 60 s.
    expect((refusal as TooManyRequestsError).retryAfterSeconds).toBe(60 - INSPECTIONS_PER_MINUTE);
    // Another account has a budget of its own.
    expect(() => limit.take('b')).not.toThrow();
    now = 60_000;
    expect(() => limit.take('a')).not.toThrow();
  });

  it('refuses a third inspection while two run, and takes one again when one ends', () => {
    const limit = new InspectionLimit(() => 0);
    const running = Array.from({ length: INSPECTIONS_AT_ONCE }, () => limit.take('a'));
    expect(() => limit.take('a')).toThrow(/inspections of this account are running/);
    running[0]?.();
    running[0]?.();
    expect(() => limit.take('a')).not.toThrow();
    expect(() => limit.take('a')).toThrow(TooManyRequestsError);
  });
});
