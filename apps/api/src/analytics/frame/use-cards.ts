import type { Block, Cell, ReportTable } from './blocks.ts';
import {
  CHART_ROWS,
  dayRate,
  type FrameContext,
  horizontalBars,
  num,
  rateCell,
  withChart,
} from './card-parts.ts';
import { formatCount, NONE } from './format.ts';

// The cards of what visitors narrow their searches by: keyword tabs, parametric filters.

export async function tabUse(ctx: FrameContext, width = ctx.width): Promise<Block[]> {
  const tabs = await ctx.reader.tabs();
  const table: ReportTable = {
    id: 'tab-use',
    caption: 'Tab use',
    columns: [
      { label: 'Tab' },
      { label: 'Searches', numeric: true },
      { label: 'Zero-result rate', numeric: true },
      { label: 'Click-through rate', numeric: true },
    ],
    rows: tabs.map((t) => [
      { text: t.tab },
      num(t.searches),
      rateCell(dayRate(t.zeroResultSearches, t.searches)),
      rateCell(t.clickThroughRate),
    ]),
    empty: 'No searches in this period.',
  };
  const top = tabs.slice(0, CHART_ROWS);
  return withChart(
    ctx,
    'Searches per tab',
    () =>
      horizontalBars(
        ctx,
        top.map((t) => t.tab),
        top.map((t) => t.searches),
        'Searches',
        'Searches per tab',
        width,
      ),
    [{ kind: 'table', table }],
  );
}

/**
 * A filter's most selected values, "2017 (3), 2019 (1)". A range filter has none: "–" on screen,
 * an empty cell in the CSV, as every other missing figure.
 */
function valuesCell(values: { value: string; searches: number }[]): Cell {
  const text = values.map((v) => `${v.value} (${formatCount(v.searches)})`).join(', ');
  return { text: text || NONE, value: text };
}

export async function filterUse(ctx: FrameContext, width = ctx.width): Promise<Block[]> {
  const [filters, labels] = await Promise.all([ctx.reader.filters(5), ctx.filterLabels()]);
  const label = (id: string) => labels.get(id) ?? id;
  const table: ReportTable = {
    id: 'filter-use',
    caption: 'Filter use',
    columns: [
      { label: 'Filter' },
      { label: 'Searches using it', numeric: true },
      { label: 'Zero-result rate', numeric: true },
      { label: 'Most selected values' },
    ],
    rows: filters.map((f) => [
      { text: label(f.filterId) },
      num(f.searches),
      rateCell(dayRate(f.zeroResultSearches, f.searches)),
      valuesCell(f.values),
    ]),
    empty: 'No search used a filter in this period.',
  };
  const top = filters.slice(0, CHART_ROWS);
  return withChart(
    ctx,
    'Searches per filter',
    () =>
      horizontalBars(
        ctx,
        top.map((f) => label(f.filterId)),
        top.map((f) => f.searches),
        'Searches',
        'Searches using each filter',
        width,
      ),
    [{ kind: 'table', table }],
  );
}
