import type { AnalyticsQueryRow, AnalyticsResultRow, AnalyticsSummary } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { toHtmlString } from '../../html/html.ts';
import type { AnalyticsReader } from '../reports.ts';
import { blocksHtml, tableCsv, tablesOf } from './blocks.ts';
import type { FrameContext } from './card-parts.ts';
import { CARDS } from './cards.ts';

/** U+202A–U+202E and U+2066–U+2069: what would make a query or URL read as another. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

const SUMMARY: AnalyticsSummary = {
  searches: 3,
  zeroResultSearches: 3,
  zeroResultRate: 1,
  visitors: 1,
  clicks: 1,
  clickedSearches: 1,
  clickThroughRate: 1 / 3,
  averageClickPosition: 1,
  averageLatencyMs: 2,
};

// Recorded before queries were stripped when parsed, or sent by a visitor's browser (a click's URL).
const QUERY: AnalyticsQueryRow = {
  query: 'cheap \u202eflights\u202c \u2067now\u2069',
  searches: 3,
  zeroResultSearches: 3,
  clicks: 0,
  clickedSearches: 0,
  clickThroughRate: 0,
  averageClickPosition: null,
};
const RESULT: AnalyticsResultRow = {
  url: 'https://shop.example/\u202efdp.exe',
  clicks: 1,
  averageClickPosition: 1,
};

function context(charts: boolean): FrameContext {
  const reader = {
    range: { from: '2031-05-06', to: '2031-05-07' },
    summary: async () => SUMMARY,
    previousSummary: async () => SUMMARY,
    queries: async () => [QUERY],
    results: async () => [RESULT],
  } as unknown as AnalyticsReader;
  return {
    reader,
    target: { accountId: 'a', engineId: 'e', engineName: 'Shop search', engineType: 'kw', clientId: 'c' },
    abilities: { editKeyword: { resultRanking: true, synonyms: true } },
    filterLabels: async () => new Map(),
    rows: 10,
    width: 700,
    charts,
  };
}

/**
 * The frame's HTML with its charts' SVGs decoded, so their labels can be read too. Link addresses
 * are left out: a link goes to the URL as recorded, which the browser percent-encodes to follow it.
 */
async function frameText(card: keyof typeof CARDS): Promise<string> {
  const markup = toHtmlString(await blocksHtml(await CARDS[card](context(true)), () => '/csv'));
  const page = markup.replace(/ href="[^"]*"/g, '');
  const svgs = [...page.matchAll(/data:image\/svg\+xml;base64,([^"]+)/g)].map((match) =>
    Buffer.from(match[1] ?? '', 'base64').toString('utf8'),
  );
  return [page, ...svgs].join('\n');
}

async function csvOf(card: keyof typeof CARDS): Promise<string> {
  return tablesOf(await CARDS[card](context(false)))
    .map(tableCsv)
    .join('\n');
}

describe('bidirectional controls in what visitors typed or sent (was: shown and exported as they are)', () => {
  it('given a query holding them, then the top queries frame, its chart and its CSV show it without them', async () => {
    const page = await frameText('top-queries');
    expect(page).toContain('cheap flights now');
    expect(page).not.toMatch(BIDI);
    const csv = await csvOf('top-queries');
    expect(csv).toContain('cheap flights now,3,3');
    expect(csv).not.toMatch(BIDI);
  });

  it('given a query holding them, then the zero-result frame (its fix links too) and CSV show it without them', async () => {
    const page = await frameText('zero-result-queries');
    expect(page).toContain('for “cheap flights now”');
    expect(page).not.toMatch(BIDI);
    expect(await csvOf('zero-result-queries')).not.toMatch(BIDI);
  });

  it('given a clicked URL holding them, then the top clicked results frame and CSV show it without them', async () => {
    const page = await frameText('top-clicked-results');
    expect(page).toContain('https://shop.example/fdp.exe');
    expect(page).not.toMatch(BIDI);
    const csv = await csvOf('top-clicked-results');
    expect(csv).toContain('https://shop.example/fdp.exe,1,1');
    expect(csv).not.toMatch(BIDI);
  });
});
