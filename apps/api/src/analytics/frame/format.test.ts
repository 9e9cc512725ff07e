import type { AnalyticsSummary } from '@siteseer/core';
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { toHtmlString } from '../../html/html.ts';
import { blocksHtml } from './blocks.ts';
import { summaryKpis } from './card-parts.ts';
import { formatChange } from './format.ts';

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
