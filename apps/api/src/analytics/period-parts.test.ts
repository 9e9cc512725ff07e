import { addDays, daysBetween } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import type { DayRange } from '../repositories/analytics-reports.ts';
import { periodParts } from './period-parts.ts';

/** Every day a split covers, in order: each day exactly once is what the reports need. */
function covered(parts: ReturnType<typeof periodParts>): string[] {
  const days: string[] = [];
  const each = (r: DayRange, step: (start: string) => string[]) => {
    for (
      let d = r.from;
      d <= r.to;
      d = step(d).at(-1) === undefined ? d : addDays(step(d).at(-1) as string, 1)
    )
      days.push(...step(d));
  };
  for (const r of parts.days) each(r, (d) => [d]);
  for (const r of parts.weeks) each(r, (start) => Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  for (const r of parts.months)
    each(r, (start) => {
      const out: string[] = [];
      for (let d = start; d.slice(0, 7) === start.slice(0, 7); d = addDays(d, 1)) out.push(d);
      return out;
    });
  return days.sort();
}

describe('periodParts', () => {
  it('given 90 days ending mid-month, then whole months, whole weeks and the days left', () => {
    // 2026-08-29 (a Saturday) to 2026-11-26 (a Thursday).
    expect(periodParts({ from: '2026-08-29', to: '2026-11-26' })).toEqual({
      months: [{ from: '2026-09-01', to: '2026-10-01' }],
      weeks: [{ from: '2026-11-02', to: '2026-11-16' }],
      days: [
        { from: '2026-08-29', to: '2026-08-31' },
        { from: '2026-11-01', to: '2026-11-01' },
        { from: '2026-11-23', to: '2026-11-26' },
      ],
    });
  });

  it('given a week or less, then days only; given exactly a month, then that month', () => {
    expect(periodParts({ from: '2026-11-20', to: '2026-11-26' })).toEqual({
      months: [],
      weeks: [],
      days: [{ from: '2026-11-20', to: '2026-11-26' }],
    });
    expect(periodParts({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: [{ from: '2024-02-01', to: '2024-02-01' }],
      weeks: [],
      days: [],
    });
  });

  it('given any period, then every day is covered exactly once', () => {
    for (const [from, length] of [
      ['2026-01-01', 1],
      ['2026-01-05', 7],
      ['2026-01-06', 13],
      ['2025-12-28', 40],
      ['2026-02-27', 90],
      ['2024-02-29', 366],
      ['2023-07-17', 1096],
    ] as const) {
      const to = addDays(from, length - 1);
      const days = covered(periodParts({ from, to }));
      expect(days).toHaveLength(daysBetween(from, to));
      expect(new Set(days).size).toBe(days.length);
      expect([days[0], days.at(-1)]).toEqual([from, to]);
    }
  });
});
