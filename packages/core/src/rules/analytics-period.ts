import type { AnalyticsDay, AnalyticsPeriodName } from '../domain/analytics.ts';
import { fail, ok, type RuleResult } from './rule-result.ts';

/** Days of the named periods, today included. */
export const ANALYTICS_PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
/** The period shown when none is chosen. */
export const ANALYTICS_DEFAULT_PERIOD = '30d';
/** The longest period a report covers (three years: longer than any retention worth reporting on). */
export const ANALYTICS_PERIOD_MAX_DAYS = 1096;

/** A resolved period: its name and its first and last UTC days, both included. */
export interface AnalyticsPeriod {
  name: AnalyticsPeriodName;
  from: AnalyticsDay;
  to: AnalyticsDay;
}

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: AnalyticsDay, days: number): AnalyticsDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: AnalyticsDay, to: AnalyticsDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The UTC day of `date`. */
export function utcDay(date: Date): AnalyticsDay {
  return date.toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isAnalyticsDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** What a report is asked for: a named period, or custom days (either may be left out). */
export interface AnalyticsPeriodInput {
  period?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The period of a report. A named period (7d, 30d, 90d) ends today and ignores from/to; custom
 * (also meant when from or to is given without a period) runs from `from` (default: 30 days
 * before `to`) to `to` (default: today). Nothing given: the last 30 days.
 */
export function resolveAnalyticsPeriod(
  input: AnalyticsPeriodInput,
  today: AnalyticsDay,
): RuleResult<AnalyticsPeriod> {
  const from = input.from?.trim() || undefined;
  const to = input.to?.trim() || undefined;
  const name = input.period?.trim() || (from || to ? 'custom' : ANALYTICS_DEFAULT_PERIOD);
  if (name !== 'custom') {
    const days = ANALYTICS_PERIOD_DAYS[name as keyof typeof ANALYTICS_PERIOD_DAYS];
    if (days === undefined) return fail(`The period must be one of 7d, 30d, 90d or custom (got '${name}').`);
    return ok({ name: name as AnalyticsPeriodName, from: addDays(today, 1 - days), to: today });
  }
  for (const [field, value] of [
    ['start', from],
    ['end', to],
  ] as const) {
    if (value !== undefined && !isAnalyticsDay(value))
      return fail(`The ${field} date must be a date written YYYY-MM-DD (got '${value}').`);
  }
  const end = to ?? today;
  const start = from ?? addDays(end, 1 - ANALYTICS_PERIOD_DAYS[ANALYTICS_DEFAULT_PERIOD]);
  if (start > end) return fail(`The start date (${start}) must not be after the end date (${end}).`);
  if (daysBetween(start, end) > ANALYTICS_PERIOD_MAX_DAYS)
    return fail(`A period covers at most ${ANALYTICS_PERIOD_MAX_DAYS} days (${start} to ${end} is longer).`);
  return ok({ name: 'custom', from: start, to: end });
}

/** The period of the same length just before `period` (what its figures are compared with). */
export function previousPeriod(period: Pick<AnalyticsPeriod, 'from' | 'to'>): {
  from: AnalyticsDay;
  to: AnalyticsDay;
} {
  const length = daysBetween(period.from, period.to);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}
