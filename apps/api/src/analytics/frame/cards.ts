import type { AnalyticsCardId } from '@siteseer/core';
import type { Block } from './blocks.ts';
import {
  CHART_ROWS,
  DAILY,
  dailyTable,
  dayChart,
  dayRate,
  type FrameContext,
  horizontalBars,
  peak,
  queryTable,
  resultsTable,
  summaryKpis,
  withChart,
} from './card-parts.ts';
import { NO_SEARCHES, noZeroResultsText } from './empty-lists.ts';
import { formatCount, formatCountOf, formatDecimal, formatRate, queryText } from './format.ts';
import { filterUse, tabUse } from './use-cards.ts';

// The cards (750×750): one question each, for the period chosen in the frame.

async function searchesOverTime(ctx: FrameContext, height = 260): Promise<Block[]> {
  const [now, before, days] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
  ]);
  return [
    { kind: 'kpis', items: summaryKpis(now, before, ['searches', 'zeroResultRate']) },
    ...withChart(
      ctx,
      'Searches per day',
      () =>
        dayChart(
          ctx,
          days,
          [
            { name: 'Searches', value: (d) => d.searches },
            { name: 'With no results', value: (d) => d.zeroResultSearches },
          ],
          'count',
          `Searches per day: ${formatCount(now.searches)} in all${peak(days, (d) => d.searches)}`,
          { width: ctx.width, height },
        ),
      [
        {
          kind: 'table',
          table: dailyTable('daily-searches', 'Searches per day', days, [DAILY.searches, DAILY.zero]),
        },
      ],
    ),
  ];
}

async function uniqueVisitors(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
  ]);
  return [
    { kind: 'kpis', items: summaryKpis(now, before, ['visitors']) },
    ...withChart(
      ctx,
      'Visitors per day',
      () =>
        dayChart(
          ctx,
          days,
          [{ name: 'Visitors', value: (d) => d.visitors }],
          'count',
          `Visitors per day: ${formatCountOf(now.visitors, 'visitor-day', 'visitor-days')}${peak(days, (d) => d.visitors)}`,
          { width: ctx.width, height: 260 },
        ),
      [
        {
          kind: 'table',
          table: dailyTable('daily-visitors', 'Visitors per day', days, [DAILY.visitors, DAILY.searches]),
        },
        {
          kind: 'note',
          text: 'A visitor is recognised within one UTC day only (no cookie, no address is kept), so a period counts visitor-days.',
        },
      ],
    ),
  ];
}

async function zeroResultRate(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
  ]);
  return [
    { kind: 'kpis', items: summaryKpis(now, before, ['zeroResultRate', 'searches']) },
    ...withChart(
      ctx,
      'Zero-result rate per day',
      () =>
        dayChart(
          ctx,
          days,
          [{ name: 'Zero-result rate', value: (d) => dayRate(d.zeroResultSearches, d.searches) }],
          'percent',
          `Share of searches with no results per day: ${formatRate(now.zeroResultRate)} over the period`,
          { width: ctx.width, height: 260 },
        ),
      [
        {
          kind: 'table',
          table: dailyTable('daily-zero-results', 'Zero-result rate per day', days, [
            DAILY.searches,
            DAILY.zero,
            DAILY.zeroRate,
          ]),
        },
      ],
    ),
  ];
}

async function clickThroughRate(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
  ]);
  return [
    { kind: 'kpis', items: summaryKpis(now, before, ['clickThroughRate', 'searches']) },
    ...withChart(
      ctx,
      'Click-through rate per day',
      () =>
        dayChart(
          ctx,
          days,
          [{ name: 'Click-through rate', value: (d) => dayRate(d.clickedSearches, d.searches) }],
          'percent',
          `Share of searches followed by a click per day: ${formatRate(now.clickThroughRate)} over the period`,
          { width: ctx.width, height: 260 },
        ),
      [
        {
          kind: 'table',
          table: dailyTable('daily-clicks', 'Click-through rate per day', days, [
            DAILY.searches,
            DAILY.clicked,
            DAILY.ctr,
          ]),
        },
      ],
    ),
  ];
}

async function averageClickPosition(ctx: FrameContext): Promise<Block[]> {
  const [now, before, days] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.previousSummary(),
    ctx.reader.days(),
  ]);
  const results = await ctx.reader.results(ctx.rows);
  return [
    { kind: 'kpis', items: summaryKpis(now, before, ['averageClickPosition', 'clickThroughRate']) },
    {
      kind: 'note',
      text: 'Position 1 is the first result. An average near 1 means visitors find what they want at the top.',
    },
    ...withChart(
      ctx,
      'Clicks per day',
      () =>
        dayChart(
          ctx,
          days,
          [{ name: 'Clicks', value: (d) => d.clicks }],
          'count',
          `Clicks per day: ${formatCount(now.clicks)} in all, at position ${formatDecimal(now.averageClickPosition)} on average`,
          { width: ctx.width, height: 200 },
        ),
      [
        {
          kind: 'table',
          table: resultsTable('clicked-positions', 'Average position of the most clicked results', results),
        },
      ],
    ),
  ];
}

async function topQueries(ctx: FrameContext): Promise<Block[]> {
  const queries = await ctx.reader.queries('searches', ctx.rows);
  const top = queries.slice(0, CHART_ROWS);
  return withChart(
    ctx,
    'Most searched queries',
    () =>
      horizontalBars(
        ctx,
        top.map((q) => queryText(q.query)),
        top.map((q) => q.searches),
        'Searches',
        'Most searched queries',
        ctx.width,
      ),
    [
      {
        kind: 'table',
        table: queryTable(ctx, 'top-queries', 'Top queries', queries, {
          empty: NO_SEARCHES,
        }),
      },
    ],
  );
}

async function zeroResultQueries(ctx: FrameContext): Promise<Block[]> {
  const [now, queries] = await Promise.all([
    ctx.reader.summary(),
    ctx.reader.queries('zero-results', ctx.rows),
  ]);
  const corrections = ctx.corrections ? await ctx.corrections(queries.map((q) => q.query)) : new Map();
  const { added } = ctx;
  return [
    ...(added
      ? [
          {
            kind: 'notice' as const,
            text: `Synonym added: searches for “${queryText(added.query)}” now also find “${queryText(added.correction)}”.`,
          },
        ]
      : []),
    {
      kind: 'kpis',
      items: summaryKpis(now, now, ['zeroResultRate']).map((kpi) => ({ ...kpi, change: null })),
    },
    // The note speaks of the listed queries: above an empty list it would point at nothing.
    ...(queries.length > 0 ? [zeroResultNote(ctx)] : []),
    {
      kind: 'table',
      table: queryTable(ctx, 'zero-result-queries', 'Searches with no results', queries, {
        fix: true,
        clicks: false,
        // Only keyword engines correct queries: a list without any correction has no such column.
        corrections: corrections.size > 0 ? corrections : undefined,
        empty: noZeroResultsText(now),
      }),
    },
  ];
}

function zeroResultNote(ctx: FrameContext): Block {
  return {
    kind: 'note',
    text:
      ctx.abilities.editKeyword !== null
        ? 'Each of these found nothing. Pin the pages that answer it, or add a synonym that leads to them.'
        : 'Each of these found nothing: add the content, or words that lead to what exists.',
  };
}

async function topClickedResults(ctx: FrameContext): Promise<Block[]> {
  const results = await ctx.reader.results(ctx.rows);
  return [{ kind: 'table', table: resultsTable('top-clicked-results', 'Top clicked results', results) }];
}

/** Each card's blocks. */
export const CARDS: Record<AnalyticsCardId, (ctx: FrameContext) => Promise<Block[]>> = {
  'searches-over-time': (ctx) => searchesOverTime(ctx),
  'unique-visitors': uniqueVisitors,
  'zero-result-rate': zeroResultRate,
  'click-through-rate': clickThroughRate,
  'average-click-position': averageClickPosition,
  'top-queries': topQueries,
  'zero-result-queries': zeroResultQueries,
  'top-clicked-results': topClickedResults,
  'tab-use': (ctx) => tabUse(ctx),
  'filter-use': (ctx) => filterUse(ctx),
};
