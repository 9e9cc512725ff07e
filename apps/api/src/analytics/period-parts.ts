import { type AnalyticsDay, addDays } from '@siteseer/core';
import type { PeriodParts } from '../repositories/analytics-lists.ts';
import type { DayRange } from '../repositories/analytics-reports.ts';
import type { PartKeys } from '../repositories/analytics-top-lists.ts';

// A period split into whole months, whole ISO weeks and single days, so the reports that group by
// query or URL read the monthly and weekly rollups where they can (0011-analytics-rollups.sql,
// analytics_span_*): a 90-day period is two or three months, a few weeks and a few days, not 90
// days of rows per query.

const weekday = (day: AnalyticsDay) => new Date(`${day}T00:00:00Z`).getUTCDay();
const monthStart = (day: AnalyticsDay): AnalyticsDay => `${day.slice(0, 8)}01`;
const nextMonthStart = (day: AnalyticsDay): AnalyticsDay => {
  const d = new Date(`${monthStart(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const monthEnd = (day: AnalyticsDay): AnalyticsDay => addDays(nextMonthStart(day), -1);
/** The Monday of a day's ISO week. */
const weekStart = (day: AnalyticsDay): AnalyticsDay => addDays(day, -((weekday(day) + 6) % 7));

/**
 * Whole spans of `range` (months or weeks): the range of their starts, and what is left before and
 * after them; or null when no whole span fits.
 */
function wholeSpans(
  range: DayRange,
  startOf: (day: AnalyticsDay) => AnalyticsDay,
  endOf: (start: AnalyticsDay) => AnalyticsDay,
  next: (start: AnalyticsDay) => AnalyticsDay,
): { starts: DayRange; before: DayRange | null; after: DayRange | null } | null {
  const first = startOf(range.from) === range.from ? range.from : next(startOf(range.from));
  if (endOf(first) > range.to) return null;
  const lastEnd = endOf(startOf(range.to)) === range.to ? range.to : addDays(startOf(range.to), -1);
  return {
    starts: { from: first, to: startOf(lastEnd) },
    before: first > range.from ? { from: range.from, to: addDays(first, -1) } : null,
    after: lastEnd < range.to ? { from: addDays(lastEnd, 1), to: range.to } : null,
  };
}

const weeksOf = (range: DayRange) =>
  wholeSpans(
    range,
    weekStart,
    (start) => addDays(start, 6),
    (start) => addDays(start, 7),
  );

/** A range as weeks where they fit, days for the rest. */
function intoWeeks(range: DayRange, parts: PeriodParts): void {
  const weeks = weeksOf(range);
  if (!weeks) {
    parts.days.push(range);
    return;
  }
  parts.weeks.push(weeks.starts);
  if (weeks.before) parts.days.push(weeks.before);
  if (weeks.after) parts.days.push(weeks.after);
}

/** `range` as whole months, then whole weeks, then days. */
export function periodParts(range: DayRange): PeriodParts {
  const parts: PeriodParts = { days: [], weeks: [], months: [] };
  const months = wholeSpans(range, monthStart, monthEnd, nextMonthStart);
  if (!months) {
    intoWeeks(range, parts);
    return parts;
  }
  parts.months.push(months.starts);
  if (months.before) intoWeeks(months.before, parts);
  if (months.after) intoWeeks(months.after, parts);
  return parts;
}

function each(range: DayRange, step: (start: string) => string): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = step(d)) out.push(d);
  return out;
}

/** Each day, week start and month start of `range`'s parts, as the rollups key them (readTopList). */
export function partKeys(range: DayRange): PartKeys {
  const parts = periodParts(range);
  return {
    days: parts.days.flatMap((r) => each(r, (d) => addDays(d, 1))),
    weeks: parts.weeks.flatMap((r) => each(r, (d) => addDays(d, 7))),
    months: parts.months.flatMap((r) =>
      each(r, (d) => {
        const next = new Date(`${d}T00:00:00Z`);
        next.setUTCMonth(next.getUTCMonth() + 1);
        return next.toISOString().slice(0, 10);
      }),
    ),
  };
}
