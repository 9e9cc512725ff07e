import { CRAWL_FREQUENCIES, type CrawlFrequency } from '@siteseer/core';

const HOUR_MS = 60 * 60 * 1000;

/** The `auto` frequency's bounds: a URL is checked at least every 30 days, at most every hour. */
export const AUTO_INTERVAL = { minMs: HOUR_MS, maxMs: 30 * 24 * HOUR_MS, firstMs: 24 * HOUR_MS } as const;

/** What the previous check of a URL left, and what this one found. */
export interface CheckHistory {
  lastCheck: Date | null;
  nextCheck: Date | null;
  previousHash: string | null;
  /** The content hash this check found; null when it found no page (an error, a redirect...). */
  hash: string | null;
}

/**
 * When a URL fetched `now` is due again. A fixed frequency adds its hours. `auto` adapts per URL to
 * how often its content changes: the interval since the previous check doubles when the content
 * is the same and halves when it changed, from one day at the first check, kept between one hour
 * and 30 days (the rule of adaptive re-crawl schedulers: check often what changes often). A check
 * that found no page keeps the interval.
 */
export function nextCheckAt(frequency: CrawlFrequency, now: Date, history: CheckHistory): Date {
  const fixed = CRAWL_FREQUENCIES.find((entry) => entry.value === frequency)?.hours;
  if (fixed) return new Date(now.getTime() + fixed * HOUR_MS);
  const { lastCheck, nextCheck, previousHash, hash } = history;
  const previous = lastCheck && nextCheck ? nextCheck.getTime() - lastCheck.getTime() : null;
  let interval: number = AUTO_INTERVAL.firstMs;
  if (previous !== null) {
    if (hash === null || previousHash === null) interval = previous;
    else interval = hash === previousHash ? previous * 2 : previous / 2;
  }
  const bounded = Math.min(AUTO_INTERVAL.maxMs, Math.max(AUTO_INTERVAL.minMs, interval));
  return new Date(now.getTime() + bounded);
}
