import type { AnalyticsQueryRow, AnalyticsSummary } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import type { AnalyticsReader } from '../reports.ts';
import { tablesOf } from './blocks.ts';
import type { FrameContext } from './card-parts.ts';
import { CARDS } from './cards.ts';
import { DASHBOARDS } from './dashboards.ts';

const NONE: AnalyticsSummary = {
  searches: 0,
  zeroResultSearches: 0,
  zeroResultRate: null,
  visitors: 0,
  clicks: 0,
  clickedSearches: 0,
  clickThroughRate: null,
  averageClickPosition: null,
  averageLatencyMs: null,
};

/**
 * A frame's context whose reader answers `summary` and lists of `queries` (none unless given),
 * with no chart drawn.
 */
function context(summary: AnalyticsSummary, queries: AnalyticsQueryRow[] = []): FrameContext {
  const reader = {
    range: { from: '2031-05-06', to: '2031-05-07' },
    summary: async () => summary,
    previousSummary: async () => NONE,
    days: async () => [],
    queries: async (): Promise<AnalyticsQueryRow[]> => queries,
    queryLists: async (orders: readonly string[]) => Object.fromEntries(orders.map((o) => [o, []])),
    results: async () => [],
  } as unknown as AnalyticsReader;
  return {
    reader,
    target: {
      accountId: 'a',
      engineId: 'e',
      engineName: 'Shop search',
      engineType: 'kw',
      clientId: 'c',
    },
    abilities: { editKeyword: null },
    filterLabels: async () => new Map(),
    rows: 10,
    width: 700,
    charts: false,
  };
}

/** What each empty table of the content-gaps dashboard and the zero-result card says. */
async function emptyTexts(summary: AnalyticsSummary): Promise<Record<string, string>> {
  const ctx = context(summary);
  const gaps = tablesOf(await DASHBOARDS['content-gaps'](ctx));
  const card = tablesOf(await CARDS['zero-result-queries'](ctx));
  const text = (tables: typeof gaps, id: string) => tables.find((t) => t.id === id)?.empty;
  return {
    dashboardZero: text(gaps, 'zero-result-queries') ?? '',
    dashboardNoClick: text(gaps, 'no-click-queries') ?? '',
    cardZero: text(card, 'zero-result-queries') ?? '',
  };
}

/** The notes of the zero-result card. */
async function zeroResultCardNotes(summary: AnalyticsSummary, queries: AnalyticsQueryRow[] = []) {
  const blocks = await CARDS['zero-result-queries'](context(summary, queries));
  return blocks.flatMap((block) => (block.kind === 'note' ? [block.text] : []));
}

describe('the empty lists of what visitors did not find', () => {
  it('given no searches in the period, then they say there were none, not that every search succeeded', async () => {
    expect(await emptyTexts(NONE)).toEqual({
      dashboardZero: 'No searches in this period.',
      dashboardNoClick: 'No searches in this period.',
      cardZero: 'No searches in this period.',
    });
  });

  it('given searches that found something and a 64% click-through rate, then the no-click list speaks of queries clicked at least once', async () => {
    const texts = await emptyTexts({
      ...NONE,
      searches: 25,
      clicks: 16,
      clickedSearches: 16,
      clickThroughRate: 0.64,
    });
    expect(texts).toEqual({
      dashboardZero: 'Every search found something in this period.',
      dashboardNoClick: 'Every query that found something was clicked at least once in this period.',
      cardZero: 'Every search found something in this period.',
    });
  });

  it('given searches that all found nothing, then the no-click list does not claim any query was clicked', async () => {
    const texts = await emptyTexts({ ...NONE, searches: 3, zeroResultSearches: 3, zeroResultRate: 1 });
    expect(texts.dashboardNoClick).toBe('No search found anything in this period.');
  });

  it('given no searches, or searches that all found something, then the zero-result card has no note about the queries it does not list', async () => {
    expect(await zeroResultCardNotes(NONE)).toEqual([]);
    expect(await zeroResultCardNotes({ ...NONE, searches: 25, zeroResultRate: 0 })).toEqual([]);
  });

  it('given a query that found nothing, then the zero-result card says what to do about it', async () => {
    const rivet: AnalyticsQueryRow = {
      query: 'rivet',
      searches: 2,
      zeroResultSearches: 2,
      clicks: 0,
      clickedSearches: 0,
      clickThroughRate: 0,
      averageClickPosition: null,
    };
    expect(
      await zeroResultCardNotes({ ...NONE, searches: 4, zeroResultSearches: 2, zeroResultRate: 0.5 }, [
        rivet,
      ]),
    ).toEqual(['Each of these found nothing: add the content, or words that lead to what exists.']);
  });
});

describe('the content-gaps dashboard', () => {
  it('given its lists, then the no-click list is captioned by what its rows are: queries', async () => {
    const tables = tablesOf(await DASHBOARDS['content-gaps'](context(NONE)));
    expect(tables.find((t) => t.id === 'no-click-queries')?.caption).toBe(
      'Queries with results but no click',
    );
  });
});
