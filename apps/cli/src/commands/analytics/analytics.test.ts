import type { AnalyticsReport } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { input } from '../../../test/fakes.ts';
import { UsageError } from '../../errors.ts';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import { parse } from './analytics.ts';
import { printReport } from './report-view.ts';

describe('analytics options', () => {
  it('given no options, then the summary of the server’s default period', () => {
    expect(parse(input(['Docs search']))).toEqual({
      engine: 'Docs search',
      account: undefined,
      report: 'summary',
      from: undefined,
      to: undefined,
      period: undefined,
      limit: undefined,
      includeCli: false,
    });
  });

  it('given dates, a period, a report and a limit, then they are checked before any call', () => {
    expect(
      parse(input(['e'], { from: '2026-01-01', to: '2026-01-31', report: 'zero-results', limit: '50' })),
    ).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      report: 'zero-results',
      limit: 50,
    });
    const refused = (opts: Record<string, unknown>) => () => parse(input(['e'], opts));
    expect(refused({ from: '2026-02-30' })).toThrow(
      "--from must be a date written YYYY-MM-DD (got '2026-02-30').",
    );
    expect(refused({ from: '2026-02-02', to: '2026-02-01' })).toThrow(
      '--from (2026-02-02) must not be after --to (2026-02-01).',
    );
    expect(refused({ period: '7d', from: '2026-02-01' })).toThrow(
      '--period cannot be used with --from or --to.',
    );
    expect(refused({ period: 'custom' })).toThrow("--period must be one of 7d, 30d, 90d (got 'custom').");
    expect(refused({ report: 'everything' })).toThrow(UsageError);
    expect(refused({ limit: '1001' })).toThrow('--limit is at most 1000 (got 1001).');
  });
});

const head = { engineId: 'e', clientId: 'c', from: '2026-01-01', to: '2026-01-02' };
const summary = {
  searches: 1200,
  zeroResultSearches: 120,
  zeroResultRate: 0.1,
  visitors: 300,
  clicks: 700,
  clickedSearches: 600,
  clickThroughRate: 0.5,
  averageClickPosition: 1.75,
  averageLatencyMs: 3.25,
};

function printed(report: AnalyticsReport): string[] {
  const tty = memoryOutput({ isTTY: true });
  printReport(tty.output, 'Docs search', report);
  return tty.stdout.trimEnd().split('\n');
}

describe('analytics on a terminal', () => {
  it('given a summary, then totals against the previous period and a table of days', () => {
    const lines = printed({
      report: 'summary',
      ...head,
      summary,
      previous: { ...summary, searches: 1000, zeroResultRate: 0.2, clicks: 0, clickThroughRate: 0.5 },
      days: [
        {
          day: '2026-01-01',
          searches: 1000,
          zeroResultSearches: 100,
          visitors: 250,
          clicks: 600,
          clickedSearches: 500,
        },
        {
          day: '2026-01-02',
          searches: 200,
          zeroResultSearches: 20,
          visitors: 50,
          clicks: 100,
          clickedSearches: 100,
        },
      ],
    });
    expect(lines.slice(0, 2)).toEqual(['Engine: Docs search', 'Period: 2026-01-01 to 2026-01-02 (UTC days)']);
    expect(lines).toContain('Searches:                   1,200  (+20.0% vs previous)');
    expect(lines).toContain('Zero-result rate:           10.0% (120)  (-50.0% vs previous)');
    expect(lines).toContain('Clicks:                     700  (new)');
    expect(lines).toContain('Click-through rate:         50.0%  (+0.0% vs previous)');
    expect(lines.at(-3)).toMatch(/^DAY\s+SEARCHES\s+NO RESULTS\s+VISITORS\s+CLICKS$/);
    expect(lines.at(-1)).toMatch(/^2026-01-02\s+200\s+20\s+50\s+100$/);
  });

  it('given days without searches, then one line names them instead of rows of zeros', () => {
    const quiet = (day: string) => ({
      day,
      searches: 0,
      zeroResultSearches: 0,
      visitors: 0,
      clicks: 0,
      clickedSearches: 0,
    });
    const busy = { ...quiet('2026-01-03'), searches: 4, visitors: 2 };
    const lines = printed({
      report: 'summary',
      ...head,
      to: '2026-01-05',
      summary,
      previous: summary,
      days: [quiet('2026-01-01'), quiet('2026-01-02'), busy, quiet('2026-01-04'), quiet('2026-01-05')],
    });
    expect(lines.filter((line) => /^2026-01-0\d\s/.test(line))).toEqual([
      expect.stringMatching(/^2026-01-03\s+4\s+0\s+2\s+0$/),
    ]);
    expect(lines.at(-1)).toBe('No searches on 4 days: 2026-01-01 to 2026-01-02, 2026-01-04 to 2026-01-05.');
    const none = printed({
      report: 'summary',
      ...head,
      summary,
      previous: summary,
      days: [quiet('2026-01-01')],
    });
    expect(none.at(-1)).toBe('No searches on the one day.');
  });

  it("given a visitor's query holding escape sequences, then the table shows it without them", () => {
    const esc = String.fromCharCode(27);
    const lines = printed({
      report: 'top-queries',
      ...head,
      queries: [
        {
          query: `${esc}]0;pwned\u0007${esc}[2jevil\u202e query`,
          searches: 1,
          zeroResultSearches: 0,
          clicks: 0,
          clickedSearches: 0,
          clickThroughRate: 0,
          averageClickPosition: null,
        },
      ],
    });
    expect(lines.join('\n')).not.toContain(esc);
    expect(lines.at(-1)).toMatch(/^\]0;pwned\[2jevil query\s+1\s+0\s+0\.0%\s+-$/);
  });

  it('given queries or results, then one table row each; none, the empty message', () => {
    const queries = printed({
      report: 'zero-results',
      ...head,
      queries: [
        {
          query: 'blue hat',
          searches: 2,
          zeroResultSearches: 2,
          clicks: 0,
          clickedSearches: 0,
          clickThroughRate: 0,
          averageClickPosition: null,
        },
      ],
    });
    expect(queries.at(-1)).toMatch(/^blue hat\s+2\s+2\s+0\.0%\s+-$/);
    const results = printed({
      report: 'clicks',
      ...head,
      results: [{ url: 'https://x.test/a', clicks: 3, averageClickPosition: 4 / 3 }],
    });
    expect(results.at(-1)).toMatch(/^https:\/\/x\.test\/a\s+3\s+1\.3$/);
    const tty = memoryOutput({ isTTY: true });
    printReport(tty.output, 'Docs search', { report: 'clicks', ...head, results: [] });
    expect(tty.stderr).toContain('No clicks in this period.');
  });
});
