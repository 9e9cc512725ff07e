import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isAnalyticsDay,
  previousPeriod,
  resolveAnalyticsPeriod,
} from './analytics-period.ts';

const today = '2026-03-01';

describe('resolveAnalyticsPeriod', () => {
  it('given nothing, then the last 30 days ending today', () => {
    expect(resolveAnalyticsPeriod({}, today)).toEqual({
      ok: true,
      value: { name: '30d', from: '2026-01-31', to: today },
    });
  });

  it('given a named period, then it ends today whatever from and to say', () => {
    expect(resolveAnalyticsPeriod({ period: '7d', from: '2020-01-01' }, today)).toEqual({
      ok: true,
      value: { name: '7d', from: '2026-02-23', to: today },
    });
    expect(resolveAnalyticsPeriod({ period: '90d' }, '2024-03-01')).toMatchObject({
      value: { from: '2023-12-03', to: '2024-03-01' },
    });
  });

  it('given from or to alone, then custom with the other one defaulted', () => {
    expect(resolveAnalyticsPeriod({ from: '2026-02-10' }, today)).toMatchObject({
      value: { name: 'custom', from: '2026-02-10', to: today },
    });
    expect(resolveAnalyticsPeriod({ to: '2026-01-30' }, today)).toMatchObject({
      value: { name: 'custom', from: '2026-01-01', to: '2026-01-30' },
    });
  });

  it('given bad input, then one message naming the problem', () => {
    expect(resolveAnalyticsPeriod({ period: '2w' }, today)).toEqual({
      ok: false,
      error: "The period must be one of 7d, 30d, 90d or custom (got '2w').",
    });
    expect(resolveAnalyticsPeriod({ from: '2026-02-30' }, today)).toEqual({
      ok: false,
      error: "The start date must be a date written YYYY-MM-DD (got '2026-02-30').",
    });
    expect(resolveAnalyticsPeriod({ from: '2026-02-10', to: '2026-02-09' }, today)).toEqual({
      ok: false,
      error: 'The start date (2026-02-10) must not be after the end date (2026-02-09).',
    });
    expect(resolveAnalyticsPeriod({ from: '2020-01-01', to: '2026-01-01' }, today)).toMatchObject({
      ok: false,
      error: expect.stringContaining('at most 1096 days'),
    });
  });
});

describe('days', () => {
  it('counts, moves and checks calendar days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(['2024-02-29', '2023-02-29', '2026-1-01', 'x'].map(isAnalyticsDay)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(previousPeriod({ from: '2026-02-23', to: '2026-03-01' })).toEqual({
      from: '2026-02-16',
      to: '2026-02-22',
    });
  });
});
