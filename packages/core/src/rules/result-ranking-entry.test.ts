import { describe, expect, it } from 'vitest';
import { MESSAGES, rankingPinnedAndHiddenMessage } from './messages.ts';
import {
  deleteResultRankingEntry,
  saveResultRankingEntry,
  validateResultRankingEntry,
} from './result-ranking-entry.ts';

const pricing = { query: 'Pricing', results: ['/pricing', '/plans'] };
const docs = { query: 'docs', results: ['/docs'] };

describe('result ranking entries', () => {
  it.each([
    ['nothing', {}, { query: MESSAGES.rankingQueryRequired, results: MESSAGES.rankingResultsRequired }],
    [
      'a blank query and blank URLs',
      { query: '  ', results: [' ', ''] },
      {
        query: MESSAGES.rankingQueryRequired,
        results: MESSAGES.rankingResultsRequired,
      },
    ],
    ['a query and a URL', { query: 'q', results: ['/a'] }, {}],
    ['a query and a hidden URL only', { query: 'q', results: [], hidden: [' /a '] }, {}],
    [
      'a URL both pinned and hidden',
      { query: 'q', results: ['/a'], hidden: ['/a'] },
      { hidden: rankingPinnedAndHiddenMessage('/a') },
    ],
  ])('Given %s, when validated, then the errors are %j', (_case, input, errors) => {
    expect(validateResultRankingEntry(input)).toEqual(errors);
  });

  it('Given a new query, when saved, then it is appended trimmed with its URLs trimmed, non-empty and once', () => {
    expect(
      saveResultRankingEntry([pricing], { query: ' install ', results: [' /a ', '', '/b', '/a'] }),
    ).toEqual({
      ok: true,
      value: [pricing, { query: 'install', results: ['/a', '/b'] }],
    });
  });

  it('Given a query that exists in another case, when added, then that entry gets the new URLs', () => {
    expect(saveResultRankingEntry([pricing, docs], { query: 'PRICING', results: ['/new'] })).toEqual({
      ok: true,
      value: [{ query: 'PRICING', results: ['/new'] }, docs],
    });
  });

  it('Given an entry being edited, when renamed, then it is replaced in place; onto another query it is refused', () => {
    expect(saveResultRankingEntry([pricing, docs], { query: 'costs', results: ['/c'] }, 'pricing')).toEqual({
      ok: true,
      value: [{ query: 'costs', results: ['/c'] }, docs],
    });
    expect(saveResultRankingEntry([pricing, docs], { query: 'Docs', results: ['/c'] }, 'Pricing')).toEqual({
      ok: false,
      error: MESSAGES.rankingQueryTaken,
    });
    expect(saveResultRankingEntry([docs], { query: 'x', results: ['/c'] }, 'gone')).toEqual({
      ok: false,
      error: MESSAGES.rankingEntryNotFound,
    });
  });

  it('Given an invalid entry, when saved, then the first message refuses it', () => {
    expect(saveResultRankingEntry([], { query: 'q', results: [] })).toEqual({
      ok: false,
      error: MESSAGES.rankingResultsRequired,
    });
  });

  it('Given a query in another case, when deleted, then its entry goes', () => {
    expect(deleteResultRankingEntry([pricing, docs], 'PRICING')).toEqual([docs]);
  });
});
