import type { KeywordSearchResult } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import { keywordJson, keywordLines, summaryLine } from './keyword-results.ts';

function result(overrides: Partial<KeywordSearchResult> = {}): KeywordSearchResult {
  return {
    total: 12,
    page: 1,
    pageSize: 10,
    tabs: [
      { name: 'all', icon: 'all', count: 12 },
      { name: 'docs', icon: 'documentation', count: 8 },
      { name: 'blog', icon: 'blog', count: 4 },
    ],
    hits: [
      {
        url: 'https://docs.test/install',
        title: 'Install the widget',
        snippet: 'Paste the <mark>snippet</mark> into &lt;head&gt;.',
        pinned: true,
        position: 1,
        type: 'html',
      },
      {
        url: 'https://docs.test/faq',
        title: '',
        snippet: 'No match here.',
        pinned: false,
        position: 2,
        type: 'html',
      },
    ],
    took: 3.25,
    searchId: 's-1',
    ...overrides,
  };
}

const plain = { style: (_style: string, text: string) => text, width: 100 };

describe('keyword results as JSON', () => {
  it('keeps rank order, the snippets as given, the tabs and the page, and leaves the search id out', () => {
    expect(keywordJson(result())).toEqual({
      total: 12,
      hits: [
        {
          url: 'https://docs.test/install',
          title: 'Install the widget',
          snippet: 'Paste the <mark>snippet</mark> into &lt;head&gt;.',
          pinned: true,
          position: 1,
        },
        { url: 'https://docs.test/faq', title: '', snippet: 'No match here.', pinned: false, position: 2 },
      ],
      tabs: result().tabs,
      page: 1,
    });
  });
});

describe('keyword results on a terminal', () => {
  it('given hits, then the tabs with counts, a numbered list with plain snippets, and the summary', () => {
    expect(keywordLines(result(), { q: 'snippet', tab: 'all' }, plain)).toEqual([
      'Tabs: [all 12] · docs 8 · blog 4',
      '',
      '1. Install the widget [pinned]',
      '   https://docs.test/install',
      '   Paste the snippet into <head>.',
      '',
      '2. (no title)',
      '   https://docs.test/faq',
      '   No match here.',
      '',
      '12 results (3.3 ms) · page 1 of 2',
    ]);
  });

  it('given colours, then the matched words and the chosen tab are bold', () => {
    const { output } = memoryOutput({ color: true });
    const view = { style: output.style.bind(output), width: 100 };
    const lines = keywordLines(result(), { q: 'snippet', tab: 'docs' }, view);
    expect(lines[0]).toBe('Tabs: all 12 · \u001b[1m[docs 8]\u001b[22m · blog 4');
    expect(lines).toContain('   Paste the \u001b[1msnippet\u001b[22m into <head>.');
  });

  it('given a narrow terminal, then snippets wrap under the number, aligned for two-digit positions', () => {
    const hits = [
      {
        url: 'u',
        title: 't',
        snippet: 'alpha beta gamma delta epsilon',
        pinned: false,
        position: 10,
        type: 'html' as const,
      },
    ];
    const lines = keywordLines(result({ hits, page: 2 }), { q: 'x', tab: 'all' }, { ...plain, width: 24 });
    expect(lines.slice(2, 7)).toEqual(['10. t', '    u', '    alpha beta gamma', '    delta epsilon', '']);
  });

  it('given no results, then it says so, with the tabs line left out when only all is there', () => {
    const none = result({ total: 0, hits: [], tabs: [{ name: 'all', icon: 'all', count: 0 }], took: 12.6 });
    expect(keywordLines(none, { q: 'zzz', tab: 'all' }, plain)).toEqual([
      'No results for "zzz".',
      '0 results (13 ms)',
    ]);
    const beyond = result({ hits: [], page: 5 });
    expect(keywordLines(beyond, { q: 'x', tab: 'all' }, plain).slice(-2)).toEqual([
      'No results on page 5: the last page is 2.',
      '12 results (3.3 ms) · page 5 of 2',
    ]);
  });

  it('counts one result in the singular and thousands with separators', () => {
    expect(summaryLine(1, 0.4, 1, 10)).toBe('1 result (0.4 ms)');
    expect(summaryLine(12_345, 1500, 3, 100)).toBe('12,345 results (1,500 ms) · page 3 of 124');
  });
});

describe('keyword results with a correction', () => {
  it('given a correction offered, then "Did you mean" first, in JSON too', () => {
    const offered = result({ didYouMean: 'resistor' });
    expect(keywordLines(offered, { q: 'resistr', tab: 'all' }, plain).slice(0, 2)).toEqual([
      'Did you mean "resistor"?',
      '',
    ]);
    expect(keywordJson(offered)).toMatchObject({ didYouMean: 'resistor' });
    expect(keywordJson(offered)).not.toHaveProperty('correctedFrom');
  });

  it('given auto-corrected results, then what they are for and what was typed', () => {
    const corrected = result({ didYouMean: 'carbon film ', correctedFrom: 'caron flim ' });
    expect(keywordLines(corrected, { q: 'caron flim ', tab: 'all' }, plain)[0]).toBe(
      'Showing results for "carbon film" · Search instead for "caron flim" (--no-auto-correct)',
    );
    expect(keywordJson(corrected)).toMatchObject({
      didYouMean: 'carbon film ',
      correctedFrom: 'caron flim ',
    });
  });
});
