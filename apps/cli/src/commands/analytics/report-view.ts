import type { AnalyticsDayRow, AnalyticsQueryRow, AnalyticsReport, AnalyticsSummary } from '@siteseer/core';
import type { Output } from '../../output/output.ts';

// How a report reads on a terminal: figures as the portal's frames write them.

const count = (n: number) => n.toLocaleString('en');
const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);
const decimal = (n: number | null) => (n === null ? '-' : n.toFixed(1));

/** "+12.5% vs previous" against the period before, or nothing when there is nothing to compare. */
function change(now: number | null, before: number | null): string {
  if (now === null || before === null || (before === 0 && now === 0)) return '';
  if (before === 0) return '  (new)';
  const delta = ((now - before) / before) * 100;
  return `  (${delta >= 0 ? '+' : ''}${delta.toFixed(1)}% vs previous)`;
}

function summaryPairs(now: AnalyticsSummary, before: AnalyticsSummary): [string, string][] {
  return [
    ['Searches', `${count(now.searches)}${change(now.searches, before.searches)}`],
    [
      'Zero-result rate',
      `${percent(now.zeroResultRate)} (${count(now.zeroResultSearches)})${change(now.zeroResultRate, before.zeroResultRate)}`,
    ],
    ['Visitors (per day, summed)', `${count(now.visitors)}${change(now.visitors, before.visitors)}`],
    ['Clicks', `${count(now.clicks)}${change(now.clicks, before.clicks)}`],
    [
      'Click-through rate',
      `${percent(now.clickThroughRate)}${change(now.clickThroughRate, before.clickThroughRate)}`,
    ],
    ['Average click position', decimal(now.averageClickPosition)],
    ['Average search time (ms)', decimal(now.averageLatencyMs)],
  ];
}

function queryRows(queries: AnalyticsQueryRow[]) {
  return queries.map((q) => [
    q.query === '' ? '(no text)' : q.query,
    count(q.searches),
    count(q.zeroResultSearches),
    percent(q.clickThroughRate),
    decimal(q.averageClickPosition),
  ]);
}

/** Runs of days listed by name in the line about days without searches; more are only counted. */
const QUIET_RUNS_NAMED = 3;

/** Consecutive days without a search or a click, as [first, last] pairs. */
function quietRuns(days: readonly AnalyticsDayRow[]): [string, string][] {
  const runs: [string, string][] = [];
  let open = false;
  for (const d of days) {
    const quiet = d.searches === 0 && d.clicks === 0;
    const last = runs.at(-1);
    if (quiet && open && last) last[1] = d.day;
    else if (quiet) runs.push([d.day, d.day]);
    open = quiet;
  }
  return runs;
}

/**
 * The days table holds the days with searches or clicks; one line says which days had none, so a
 * quiet month reads as one line instead of thirty rows of zeros.
 */
function printDays(output: Output, days: readonly AnalyticsDayRow[]): void {
  const busy = days.filter((d) => d.searches > 0 || d.clicks > 0);
  const quiet = days.length - busy.length;
  if (busy.length === 0) {
    output.line(
      days.length === 1 ? 'No searches on the one day.' : `No searches on any of the ${days.length} days.`,
    );
    return;
  }
  output.table(
    ['DAY', 'SEARCHES', 'NO RESULTS', 'VISITORS', 'CLICKS'],
    busy.map((d) => [
      d.day,
      count(d.searches),
      count(d.zeroResultSearches),
      count(d.visitors),
      count(d.clicks),
    ]),
  );
  if (quiet === 0) return;
  const runs = quietRuns(days);
  const named =
    runs.length <= QUIET_RUNS_NAMED
      ? `: ${runs.map(([first, last]) => (first === last ? first : `${first} to ${last}`)).join(', ')}`
      : '';
  output.line(`No searches on ${quiet} ${quiet === 1 ? 'day' : 'days'}${named}.`);
}

/** A report as tables and figures, for a person at a terminal. */
export function printReport(output: Output, engineName: string, report: AnalyticsReport): void {
  output.details([
    ['Engine', engineName],
    ['Period', `${report.from} to ${report.to} (UTC days)`],
  ]);
  output.line();
  switch (report.report) {
    case 'summary':
      output.details(summaryPairs(report.summary, report.previous));
      output.line();
      printDays(output, report.days);
      return;
    case 'top-queries':
    case 'zero-results':
      output.table(
        ['QUERY', 'SEARCHES', 'NO RESULTS', 'CLICK-THROUGH', 'AVG POSITION'],
        queryRows(report.queries),
        report.report === 'top-queries'
          ? 'No searches in this period.'
          : 'Every search found something in this period.',
      );
      return;
    case 'clicks':
      output.table(
        ['RESULT', 'CLICKS', 'AVG POSITION'],
        report.results.map((r) => [r.url, count(r.clicks), decimal(r.averageClickPosition)]),
        'No clicks in this period.',
      );
      return;
  }
}
