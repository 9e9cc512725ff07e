import type { AnalyticsDay } from '@siteseer/core';

// How figures read in the frames and their CSV files: English, thousands separated, rates as
// percentages with one decimal, days as "6 May 2031" (UTC days, as the rollups count them).

const count = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
/**
 * Month names as the days show them: three letters each. Not Intl's en-GB short months, which
 * write September "Sept" (CLDR 38 on) beside "Oct" and "Nov", and change with the ICU data of the
 * Node that runs the server.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "6 May" of a YYYY-MM-DD day. */
function dayAndMonth(day: AnalyticsDay): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

/** What a missing figure (a rate with nothing to divide) reads as. */
export const NONE = '–';

export function formatCount(n: number): string {
  return count.format(n);
}

/** A count and its noun, singular for 1: "1 search", "12 searches". */
export function formatCountOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function formatRate(rate: number | null): string {
  return rate === null ? NONE : percent.format(rate);
}

export function formatDecimal(n: number | null): string {
  return n === null ? NONE : decimal.format(n);
}

export function formatDay(day: AnalyticsDay): string {
  return `${dayAndMonth(day)} ${day.slice(0, 4)}`;
}

/** A chart's category label for a day: "6 May". */
export function formatShortDay(day: AnalyticsDay): string {
  return dayAndMonth(day);
}

/** "6 May 2031 – 7 May 2031", or one day. */
export function formatRange(from: AnalyticsDay, to: AnalyticsDay): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/**
 * The change of a figure against the previous period, as a KPI tile says it under the figure:
 * "+12.5% vs previous period", "−3.0% vs …", "no change vs …", or "none in the previous period"
 * when it was 0 then (no percentage of nothing); null when neither period had any.
 */
export function formatChange(now: number | null, before: number | null): string | null {
  if (now === null || before === null) return null;
  if (before === 0) return now === 0 ? null : 'none in the previous period';
  const change = (now - before) / before;
  if (Math.abs(change) < 0.0005) return 'no change vs previous period';
  return `${change > 0 ? '+' : '−'}${decimal.format(Math.abs(change) * 100)}% vs previous period`;
}

/**
 * The change of a rate against the previous period, in percentage points: "+8.3 points vs previous
 * period". A rate's relative change ("+50.0%" for 16.7 % to 25.0 %) reads as if the rate itself had
 * risen by 50; null when either period has no rate.
 */
export function formatRateChange(now: number | null, before: number | null): string | null {
  if (now === null || before === null) return null;
  const points = (now - before) * 100;
  if (Math.abs(points) < 0.05) return 'no change vs previous period';
  return `${points > 0 ? '+' : '−'}${decimal.format(Math.abs(points))} points vs previous period`;
}

/** The empty query (a parametric search with filters only) as a table shows it. */
export function queryText(query: string): string {
  return query === '' ? '(no text: filters only)' : query;
}

/**
 * An engine's name as the start of a download's file name: "Shop search" gives "shop-search", so
 * the files of two engines' reports differ (and sort by engine). ASCII letters and digits only
 * (accents dropped, the rest made dashes, at most 60 characters): it goes into a quoted
 * Content-Disposition file name. A name with none gives "" (the file name then starts with the table).
 */
export function fileNameOf(engineName: string): string {
  return engineName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}
