import type { AnalyticsDashboardId } from '@siteseer/core';
import type { Block } from './blocks.ts';
import { dayChart, type FrameContext, queryTable, resultsTable, summaryKpis } from './card-parts.ts';
import { NO_SEARCHES, noUnclickedText, noZeroResultsText } from './empty-lists.ts';
import { formatCount, formatCountOf, formatRate } from './format.ts';
import { filterUse, tabUse } from './use-cards.ts';

// Dashboards (1248×1620): several cards' figures for one period, laid out for one screen.

const GAP = 24;
const half = (ctx: FrameContext) => Math.floor((ctx.width - GAP) / 2);
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The engine's use at a glance: figures, traffic and quality over time, what is searched. */
async function overview(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days, queries] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
    ctx.reader.queries('searches', ctx.rows),
  ]);
  const charts: Block[] = ctx.charts
    ? [
        {
          kind: 'chart',
          title: 'Searches and visitors per day',
          chart: dayChart(
            ctx,
            days,
            [
              { name: 'Searches', value: (d) => d.searches },
              { name: 'Visitors', value: (d) => d.visitors },
            ],
            'count',
            `Searches and visitors per day: ${formatCountOf(now.searches, 'search', 'searches')} and ${formatCountOf(now.visitors, 'visitor-day', 'visitor-days')}`,
            { width: ctx.width, height: 300 },
          ),
        },
        {
          kind: 'chart',
          title: 'Zero-result and click-through rates per day',
          chart: dayChart(
            ctx,
            days,
            [
              { name: 'Zero-result rate', value: (d) => rate(d.zeroResultSearches, d.searches) },
              { name: 'Click-through rate', value: (d) => rate(d.clickedSearches, d.searches) },
            ],
            'percent',
            `Zero-result rate ${formatRate(now.zeroResultRate)} and click-through rate ${formatRate(now.clickThroughRate)} per day`,
            { width: ctx.width, height: 240 },
          ),
        },
      ]
    : [];
  // What visitors narrow their searches by: keyword tabs, parametric filters.
  const use = ctx.target.engineType === 'kw' ? await tabUse(ctx, half(ctx)) : await filterUse(ctx, half(ctx));
  return [
    {
      kind: 'kpis',
      items: summaryKpis(now, before, [
        'searches',
        'visitors',
        'zeroResultRate',
        'clickThroughRate',
        'averageClickPosition',
        'latency',
      ]),
    },
    ...charts,
    {
      kind: 'columns',
      columns: [
        [
          {
            kind: 'table',
            table: queryTable(ctx, 'top-queries', 'Top queries', queries, {
              empty: NO_SEARCHES,
            }),
          },
        ],
        use,
      ],
    },
  ];
}

/** What visitors did not find, and what they chose when they did. */
async function contentGaps(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days, lists, results] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
    ctx.reader.queryLists(['zero-results', 'no-clicks'], ctx.rows),
    ctx.reader.results(ctx.rows),
  ]);
  const chart: Block[] = ctx.charts
    ? [
        {
          kind: 'chart',
          title: 'Searches with no results per day',
          chart: dayChart(
            ctx,
            days,
            [{ name: 'With no results', value: (d) => d.zeroResultSearches }],
            'count',
            `Searches with no results per day: ${formatCount(now.zeroResultSearches)} in all`,
            { width: ctx.width, height: 220 },
          ),
        },
      ]
    : [];
  return [
    {
      kind: 'kpis',
      items: summaryKpis(now, before, ['zeroResultRate', 'clickThroughRate', 'averageClickPosition']),
    },
    ...chart,
    {
      kind: 'columns',
      columns: [
        [
          {
            kind: 'table',
            table: queryTable(
              ctx,
              'zero-result-queries',
              'Searches with no results',
              lists['zero-results'] ?? [],
              {
                fix: true,
                clicks: false,
                empty: noZeroResultsText(now),
              },
            ),
          },
        ],
        [
          {
            kind: 'table',
            table: queryTable(
              ctx,
              'no-click-queries',
              // Its rows are queries (see noUnclickedText), its Searches column their searches.
              'Queries with results but no click',
              lists['no-clicks'] ?? [],
              {
                fix: true,
                clicks: false,
                empty: noUnclickedText(now),
              },
            ),
          },
        ],
      ],
    },
    { kind: 'table', table: resultsTable('top-clicked-results', 'Top clicked results', results) },
  ];
}

export const DASHBOARDS: Record<AnalyticsDashboardId, (ctx: FrameContext) => Promise<Block[]>> = {
  overview,
  'content-gaps': contentGaps,
};
