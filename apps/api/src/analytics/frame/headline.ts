import type { AnalyticsDayRow, AnalyticsPeriod } from '@siteseer/core';
import { html } from '../../html/html.ts';
import type { AnalyticsReader } from '../reports.ts';
import { formatChange, formatCount, formatRange, formatRate, formatRateChange } from './format.ts';
import { type FrameLook, frameDocument } from './page.ts';
import { sparkline } from './sparkline.ts';

/** The title of the headline strip (its frame's accessible name in the portal names the engine). */
export const HEADLINE_TITLE = 'Headline figures';

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** One figure of the strip: its value, its change against the period before, its days. */
interface HeadlineFigure {
  label: string;
  value: string;
  change: string | null;
  days: (number | null)[];
}

/**
 * The headline strip above the portal's report frames: searches, zero-result rate and click-through
 * for the period the page chose, each with its change against the period of the same length before
 * and a sparkline of its days (rates: a gap on days without searches).
 */
export async function renderHeadline(options: {
  reader: AnalyticsReader;
  engineName: string;
  period: AnalyticsPeriod;
  nonce: string;
  look: FrameLook;
}): Promise<string> {
  const { reader, period } = options;
  const [now, before, days] = await Promise.all([reader.summary(), reader.previousSummary(), reader.days()]);
  const perDay = (value: (d: AnalyticsDayRow) => number | null) => days.map(value);
  const figures: HeadlineFigure[] = [
    {
      label: 'Searches',
      value: formatCount(now.searches),
      change: formatChange(now.searches, before.searches),
      days: perDay((d) => d.searches),
    },
    {
      label: 'Zero-result rate',
      value: formatRate(now.zeroResultRate),
      change: formatRateChange(now.zeroResultRate, before.zeroResultRate),
      days: perDay((d) => rate(d.zeroResultSearches, d.searches)),
    },
    {
      label: 'Click-through rate',
      value: formatRate(now.clickThroughRate),
      change: formatRateChange(now.clickThroughRate, before.clickThroughRate),
      days: perDay((d) => rate(d.clickedSearches, d.searches)),
    },
  ];
  const range = formatRange(period.from, period.to);
  return frameDocument(
    `${HEADLINE_TITLE}: ${options.engineName}`,
    options.nonce,
    options.look,
    html`<main><h1 class="visually-hidden">${HEADLINE_TITLE}, ${range} (UTC days)</h1><ul class="kpis headline">${figures.map(
      (f) =>
        html`<li><span class="kpi-label">${f.label}</span><span class="kpi-value">${f.value}</span><span class="kpi-change">${f.change ?? 'nothing to compare with'}</span>${sparkline(f.days, `${f.label} per day, ${range}`)}</li>`,
    )}</ul></main>`,
    'strip',
  );
}
