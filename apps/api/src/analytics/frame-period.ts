import {
  ANALYTICS_DEFAULT_PERIOD,
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsDay,
  type AnalyticsPeriod,
  type AnalyticsPeriodInput,
  addDays,
  isAnalyticsDay,
  resolveAnalyticsPeriod,
} from '@siteseer/core';
import { InputError } from '../errors.ts';

// A frame's period. A bad one (reversed, too long, not a date) is answered by the report's own
// page with the problem and the period chooser, so the person picks another without leaving the
// frame: a page with the message alone left them no way on.

/** A period a frame cannot show: its page keeps the report's title and offers `chooser`. */
export class FramePeriodError extends InputError {
  /** The report's title. */
  readonly reportTitle: string;
  /** What the chooser holds: the days asked for, those that are days. */
  readonly chooser: AnalyticsPeriod;

  constructor(message: string, reportTitle: string, chooser: AnalyticsPeriod) {
    super(message);
    this.reportTitle = reportTitle;
    this.chooser = chooser;
  }
}

/** The period of the frame titled `title`, or a FramePeriodError naming the problem. */
export function framePeriod(
  input: AnalyticsPeriodInput,
  today: AnalyticsDay,
  title: string,
): AnalyticsPeriod {
  const resolved = resolveAnalyticsPeriod(input, today);
  if (resolved.ok) return resolved.value;
  const day = (text: string | undefined) => {
    const trimmed = text?.trim();
    return trimmed && isAnalyticsDay(trimmed) ? trimmed : undefined;
  };
  const to = day(input.to) ?? today;
  const from = day(input.from) ?? addDays(to, 1 - ANALYTICS_PERIOD_DAYS[ANALYTICS_DEFAULT_PERIOD]);
  // Custom: none of the named periods is marked as the one shown.
  throw new FramePeriodError(resolved.error, title, { name: 'custom', from, to });
}
