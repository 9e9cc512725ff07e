import type { AnalyticsSummary } from '@siteseer/core';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { toHtmlString } from '../../html/html.ts';
import type { AnalyticsReader } from '../reports.ts';
import { blocksHtml } from './blocks.ts';
import { type FrameContext, summaryKpis } from './card-parts.ts';
import { CARDS } from './cards.ts';
import { DASHBOARDS } from './dashboards.ts';
import {
  fileNameOf,
  formatChange,
  formatCountOf,
  formatDay,
  formatRange,
  formatRateChange,
  formatShortDay,
} from './format.ts';

describe('formatChange', () => {
  it('given a figure that was 0 in the previous period, then the tile says there was none, not "new vs previous period"', () => {
    expect(formatChange(12, 0)).toBe('none in the previous period');
    expect(formatChange(0.25, 0)).toBe('none in the previous period');
  });

  it('given figures in both periods, then the change reads against the previous period', () => {
    expect(formatChange(9, 8)).toBe('+12.5% vs previous period');
    expect(formatChange(0.97, 1)).toBe('−3.0% vs previous period');
    expect(formatChange(5, 5)).toBe('no change vs previous period');
  });

  it('given no figure in either period, then no change is said', () => {
    expect(formatChange(0, 0)).toBeNull();
    expect(formatChange(null, 0.5)).toBeNull();
  });
});

const summary = (searches: number): AnalyticsSummary => ({
  searches,
  zeroResultSearches: 0,
  zeroResultRate: searches > 0 ? 0 : null,
  visitors: searches,
  clicks: 0,
  clickedSearches: 0,
  clickThroughRate: searches > 0 ? 0 : null,
  averageClickPosition: null,
  averageLatencyMs: null,
});

describe('a KPI tile', () => {
  it('given 12 searches after a period with none, then it reads "none in the previous period"', async () => {
    const tiles = await blocksHtml(
      [{ kind: 'kpis', items: summaryKpis(summary(12), summary(0), ['searches']) }],
      () => '',
    );
    expect(load(toHtmlString(tiles))('.kpi-change').text()).toBe('none in the previous period');
  });
});

/** A frame's context that draws charts, over a period of one day holding `now`. */
function chartContext(now: AnalyticsSummary): FrameContext {
  const reader = {
    range: { from: '2031-05-07', to: '2031-05-07' },
    summary: async () => now,
    previousSummary: async () => summary(0),
    days: async () => [],
    queries: async () => [],
    tabs: async () => [],
  } as unknown as AnalyticsReader;
  return {
    reader,
    target: { accountId: 'a', engineId: 'e', engineName: 'Shop search', engineType: 'kw', clientId: 'c' },
    abilities: { editKeyword: null },
    filterLabels: async () => new Map(),
    rows: 10,
    width: 700,
    charts: true,
  };
}

const chartAlts = (blocks: Awaited<ReturnType<(typeof CARDS)['unique-visitors']>>) =>
  blocks.flatMap((block) => (block.kind === 'chart' ? [block.chart.alt] : []));

describe('chart descriptions', () => {
  it('given one search by one visitor, then they are counted in the singular', async () => {
    const one = summary(1);
    expect(chartAlts(await CARDS['unique-visitors'](chartContext(one)))).toEqual([
      'Visitors per day: 1 visitor-day, 7 May 2031.',
    ]);
    expect(chartAlts(await DASHBOARDS.overview(chartContext(one)))[0]).toBe(
      'Searches and visitors per day: 1 search and 1 visitor-day, 7 May 2031.',
    );
    expect(formatCountOf(1200, 'search', 'searches')).toBe('1,200 searches');
  });
});

describe('formatRateChange', () => {
  it('given a rate in both periods, then its change is in percentage points, not a percentage of a percentage', () => {
    expect(formatRateChange(0.25, 1 / 6)).toBe('+8.3 points vs previous period');
    expect(formatRateChange(0.25, 0)).toBe('+25.0 points vs previous period');
    expect(formatRateChange(0.4, 0.5)).toBe('−10.0 points vs previous period');
    expect(formatRateChange(0.5, 0.5)).toBe('no change vs previous period');
    expect(formatRateChange(0.5, null)).toBeNull();
  });

  it('given the KPI tiles, then the rates use points and the counts a percentage', async () => {
    const now = { ...summary(12), zeroResultSearches: 3, zeroResultRate: 0.25 };
    const before = { ...summary(6), zeroResultSearches: 1, zeroResultRate: 1 / 6 };
    const tiles = summaryKpis(now, before, ['searches', 'zeroResultRate']);
    expect(tiles.map((tile) => tile.change)).toEqual([
      '+100.0% vs previous period',
      '+8.3 points vs previous period',
    ]);
  });
});

describe('formatDay', () => {
  it('given days of every month, then three-letter months, September too (not "Sept")', () => {
    expect(formatRange('2026-09-30', '2026-10-29')).toBe('30 Sep 2026 – 29 Oct 2026');
    expect(['2031-01-01', '2031-05-06', '2031-12-31'].map(formatDay)).toEqual([
      '1 Jan 2031',
      '6 May 2031',
      '31 Dec 2031',
    ]);
    expect(formatShortDay('2026-09-07')).toBe('7 Sep');
  });
});

describe('fileNameOf', () => {
  it('given engine names, then a lowercase ASCII part for a quoted file name', () => {
    expect(
      ['Shop search', 'Café Süd / "Docs"', 'Empty <b>&amp; "Co"', '検索', '  --a--  ', 'x'.repeat(80)].map(
        fileNameOf,
      ),
    ).toEqual(['shop-search', 'cafe-sud-docs', 'empty-b-amp-co', '', 'a', 'x'.repeat(60)]);
  });
});
