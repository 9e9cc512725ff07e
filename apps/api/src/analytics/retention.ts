import type { AnalyticsDay } from '@siteseer/core';
import { deleteExpiredAnalytics } from '../repositories/analytics-retention.ts';
import { deleteOldVisitorSalts } from '../search-events/visitor-id.ts';
import type { Queryable } from '../store/types.ts';

/** How often each API process deletes what has passed the retention period. */
const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * The first UTC day kept when `months` are kept: the same day of the month `months` before today
 * (the month's last day when it is shorter: 31 March − 1 month keeps from 28 or 29 February).
 */
export function retentionCutoff(now: Date, months: number): AnalyticsDay {
  const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

/**
 * Runs `deleteExpiredAnalytics` for the configured months now and every RETENTION_EVERY_MS.
 * Several processes on one database may all run it: a delete finds nothing the second time.
 * Answers a function that stops it (and waits for a run in progress).
 */
export function startAnalyticsRetention(
  db: Queryable,
  {
    months,
    now = () => new Date(),
    everyMs = RETENTION_EVERY_MS,
    onError,
  }: { months: number; now?: () => Date; everyMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= deleteExpiredAnalytics(db, retentionCutoff(now(), months))
      // The visitor-id salts of past days too (see visitor-id.ts): their ids become untraceable.
      .then(() => deleteOldVisitorSalts(db, now()))
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  // Not at once: a starting process has better things to do with the database.
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
