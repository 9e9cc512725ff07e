import type { AnalyticsQueryRow, AnalyticsReport, AnalyticsSummary } from '@siteseer/core';
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
      output.table(
        ['DAY', 'SEARCHES', 'NO RESULTS', 'VISITORS', 'CLICKS'],
        report.days.map((d) => [
          d.day,
          count(d.searches),
          count(d.zeroResultSearches),
          count(d.visitors),
          count(d.clicks),
        ]),
      );
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
