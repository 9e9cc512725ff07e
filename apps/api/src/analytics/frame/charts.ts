import { withoutBidiControls } from '@siteseer/core';
import type { EChartsOption } from 'echarts';
import { html, type RawHtml } from '../../html/html.ts';

/**
 * A chart of a frame: categories (days, queries, tabs) and one or more series of values. Drawn on
 * the server by ECharts' SVG renderer (ADR 0024): the frames run no script.
 */
export interface ChartSpec {
  kind: 'line' | 'bar';
  /** Bars drawn left to right from the category axis on the left (long labels: queries, filters). */
  horizontal?: boolean;
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
  /** How values and the value axis read. */
  format: 'count' | 'percent' | 'decimal';
  /** What the chart says, for people who cannot see it (the image's alt text). */
  alt: string;
  width: number;
  height: number;
}

let library: Promise<typeof import('echarts')> | undefined;

/** ECharts, loaded with the first chart (a megabyte the API needs only for analytics). */
function echarts(): Promise<typeof import('echarts')> {
  library ??= import('echarts');
  return library;
}

const axisLabel = (format: ChartSpec['format']) =>
  format === 'percent'
    ? { formatter: (value: number) => `${Math.round(value * 1000) / 10}%` }
    : format === 'count'
      ? { formatter: (value: number) => (Number.isInteger(value) ? String(value) : '') }
      : {};

function option(spec: ChartSpec): EChartsOption {
  const categoryAxis = {
    type: 'category' as const,
    // Categories may be visitors' queries: their bidi controls dropped, as in the tables (blocks.ts).
    data: spec.categories.map(withoutBidiControls),
    axisLabel: {
      hideOverlap: true,
      ...(spec.horizontal ? { width: 160, overflow: 'truncate' as const } : {}),
    },
    ...(spec.horizontal ? { inverse: true } : {}),
  };
  const valueAxis = {
    type: 'value' as const,
    minInterval: spec.format === 'count' ? 1 : 0,
    ...(spec.format === 'percent'
      ? { max: (extent: { max: number }) => Math.min(1, extent.max * 1.1 || 1) }
      : {}),
    axisLabel: axisLabel(spec.format),
  };
  const legend = spec.series.length > 1;
  return {
    animation: false,
    backgroundColor: 'transparent',
    // An image cannot use the page's web fonts: the portal's own fallbacks after Roboto.
    textStyle: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' },
    grid: { left: 8, right: 24, top: legend ? 36 : 16, bottom: 8, containLabel: true },
    // ECharts lays the legend out with estimated text widths; the browser's system-ui font is often
    // wider, and at the default 10 px gap the items ran into each other.
    ...(legend ? { legend: { top: 0, itemGap: 24 } } : {}),
    xAxis: spec.horizontal ? valueAxis : categoryAxis,
    yAxis: spec.horizontal ? categoryAxis : valueAxis,
    series: spec.series.map((s) => ({
      type: spec.kind,
      name: s.name,
      data: s.values,
      ...(spec.kind === 'line'
        ? { showSymbol: spec.categories.length <= 31, connectNulls: false }
        : { barMaxWidth: 32 }),
    })),
  };
}

/** The chart as SVG in `theme` ('dark' is ECharts' own dark theme). */
async function svg(spec: ChartSpec, theme: 'light' | 'dark'): Promise<string> {
  const { init } = await echarts();
  const chart = init(null, theme === 'dark' ? 'dark' : undefined, {
    renderer: 'svg',
    ssr: true,
    width: spec.width,
    height: spec.height,
  });
  try {
    chart.setOption(option(spec));
    return chart.renderToSVGString();
  } finally {
    // Without it ECharts keeps a timer alive and the process cannot exit.
    chart.dispose();
  }
}

const dataUri = (markup: string) => `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;

/**
 * The chart as a picture: in the scheme the portal named, else a light and a dark SVG, the browser
 * picking by prefers-color-scheme. As images (data: URIs, allowed by the frame's img-src), the SVGs'
 * own styles need no exception in the frame's Content-Security-Policy, and nothing in them can run.
 */
export async function chartPicture(spec: ChartSpec, scheme?: 'light' | 'dark'): Promise<RawHtml> {
  const alt = withoutBidiControls(spec.alt);
  if (scheme)
    return html`<picture class="chart"><img src="${dataUri(await svg(spec, scheme))}" alt="${alt}" width="${spec.width}" height="${spec.height}"></picture>`;
  const [light, dark] = await Promise.all([svg(spec, 'light'), svg(spec, 'dark')]);
  return html`<picture class="chart"><source media="(prefers-color-scheme: dark)" srcset="${dataUri(dark)}"><img src="${dataUri(light)}" alt="${alt}" width="${spec.width}" height="${spec.height}"></picture>`;
}
