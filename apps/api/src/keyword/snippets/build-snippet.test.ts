import { parseCharacterMapping } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../html/html.ts';
import { cachedStemmer } from '../analysis/index.ts';
import { randomTexts } from '../analysis/tricky-texts.test-kit.ts';
import { buildSnippet, type SnippetOptions } from './build-snippet.ts';
import { keyHash } from './snippet-table-format.ts';
import { SnippetTableWriter } from './snippet-table-writer.ts';

const MAPPINGS = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;

function options(terms: string[], size = 120, extra: Partial<SnippetOptions> = {}): SnippetOptions {
  return { terms, mappings: MAPPINGS, language: 'en', size, ...extra };
}

/** The text a reader sees: marks removed, entities decoded. */
function visible(html: string): string {
  return html
    .replace(/<\/?mark>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

function marked(html: string): string[] {
  return [...html.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1] as string);
}

const stem = cachedStemmer('en');

describe('buildSnippet: choosing the passage', () => {
  const body = [
    'Welcome to the garden shop.',
    'We sell tools for every season and every budget.',
    'Our roses are grown in the valley.',
    'Pruning roses in spring keeps them healthy, and pruning tools make it easy.',
    'Delivery is free on orders over fifty euros.',
  ].join(' ');

  it('given the terms, then the window with the most distinct terms, starting at its sentence', () => {
    const html = buildSnippet(body, options(['prune', 'rose', 'tool'].map(stem), 80));
    expect(visible(html).startsWith('…Pruning roses in spring')).toBe(true);
    expect(marked(html)).toEqual(['Pruning', 'roses', 'pruning', 'tools']);
  });

  it('given one term, then the sentence holding it most often wins over an earlier single hit', () => {
    const text = 'Tools are sold here. Other things too. Tools, tools and more tools for you. The end.';
    const html = buildSnippet(text, options([stem('tools')], 50));
    expect(visible(html)).toBe('…Tools, tools and more tools for you. The end.');
  });

  it('given equal windows, then the earliest wins', () => {
    const text = `${'filler words here. '.repeat(10)}Apples are red. ${'more filler text. '.repeat(10)}Apples are red.`;
    const html = buildSnippet(text, options(['appl'], 50));
    expect(visible(html)).toBe('…Apples are red. more filler text. more filler…');
  });

  it('given no term in the page, then the start of the page', () => {
    expect(visible(buildSnippet(body, options(['zebra'], 40)))).toBe('Welcome to the garden shop. We sell…');
    expect(visible(buildSnippet(body, options([], 40)))).toBe('Welcome to the garden shop. We sell…');
  });

  it('given an empty page, then an empty snippet', () => {
    expect(buildSnippet('', options(['rose']))).toBe('');
  });

  it('given a page shorter than the size, then all of it, without an ellipsis', () => {
    expect(buildSnippet('Roses are red.', options([stem('roses')]))).toBe('<mark>Roses</mark> are red.');
  });

  it('given a hit near the end, then the window starts earlier to use the whole size', () => {
    const text = `${'a b c d e f g h. '.repeat(20)}The last word is rose.`;
    const html = buildSnippet(text, options(['rose'], 60));
    expect(visible(html).endsWith('The last word is rose.')).toBe(true);
    expect(visible(html).length).toBeGreaterThan(55);
    expect(visible(html).length).toBeLessThanOrEqual(60);
  });

  it('given a hit deep inside a long sentence, then the window starts a little before the hit', () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(40)}orchid ${'consectetur adipiscing elit '.repeat(40)}`;
    const html = buildSnippet(text, options(['orchid'], 100));
    const shown = visible(html);
    expect(shown.length).toBeLessThanOrEqual(100);
    const at = shown.indexOf('orchid');
    expect(at).toBeGreaterThan(5);
    expect(at).toBeLessThan(40);
  });
});

describe('buildSnippet: marks and escaping', () => {
  it('given words of one stem, then each is marked', () => {
    const html = buildSnippet('Running shoes for runners who run and runs.', options([stem('running')]));
    expect(marked(html)).toEqual(['Running', 'run', 'runs']);
  });

  it('given Chinese or Japanese characters, then each one found is marked, in the original text', () => {
    const html = buildSnippet('京都から東京へ。東京タワーは高い。', options(['東', '京']));
    expect(visible(html)).toBe('京都から東京へ。東京タワーは高い。');
    expect(marked(html)).toEqual(['京', '東', '京', '東', '京']);
  });

  it('given a normalised word in the terms (a prefix expansion), then it is marked as typed on the page', () => {
    expect(marked(buildSnippet('Python and CAFÉ culture', options(['python', 'cafe'])))).toEqual([
      'Python',
      'CAFÉ',
    ]);
  });

  it('given HTML in the page, then it is escaped and only <mark> is markup', () => {
    const html = buildSnippet(`<script>alert("x")</script> & 'rose' <b>tag</b>`, options(['rose', 'script']));
    expect(html).toBe(
      '&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; &#39;<mark>rose</mark>&#39; &lt;b&gt;tag&lt;/b&gt;',
    );
  });

  it('given whitespace of every kind and HTML specials, then runs are one space and specials escaped', () => {
    // Every character RegExp's \s matches, some it does not (U+0085, U+180E, U+200B), and the
    // five escaped ones, in random texts: each run of \s is one space, the rest as escapeHtml has it.
    const pieces = [
      'a',
      'bc',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\v',
      '\f',
      '\u00a0',
      '\u1680',
      '\u2000',
      '\u200a',
    ];
    pieces.push('\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b');
    pieces.push('&', '<', '>', '"', "'", 'é', '😀');
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 2000; n++) {
      let text = 'x';
      for (let i = Math.floor(random() * 12); i > 0; i--)
        text += pieces[Math.floor(random() * pieces.length)];
      const expected = escapeHtml(text.replace(/\s+/g, ' '));
      expect(buildSnippet(text, options([], 1000)), JSON.stringify(text)).toBe(expected);
    }
  });

  it('given Ω in the page and the term ohm, then the original Ω is marked', () => {
    const html = buildSnippet('A 100 Ω resistor, rated 5 μA.', options(['ohm', 'ua', 'resistor']));
    expect(marked(html)).toEqual(['Ω', 'resistor', 'μA']);
    expect(visible(html)).toBe('A 100 Ω resistor, rated 5 μA.');
  });

  it('given a curly apostrophe mapped to a straight one, then the original text is shown', () => {
    const html = buildSnippet('Don’t prune roses in winter.', options([stem('roses')]));
    expect(html).toBe('Don’t prune <mark>roses</mark> in winter.');
  });

  it('given a mapping that changes lengths before the passage, then the cut and marks stay on the original', () => {
    const text = `${'Ω '.repeat(300)}End. The ohm is a unit.`;
    const html = buildSnippet(text, options(['ohm', 'unit'], 40));
    expect(visible(html)).toBe('…Ω Ω Ω Ω Ω Ω Ω Ω End. The ohm is a unit.');
    expect(marked(html)).toEqual(['Ω', 'Ω', 'Ω', 'Ω', 'Ω', 'Ω', 'Ω', 'Ω', 'ohm', 'unit']);
  });

  it('given a German page, then its stemmer finds the words', () => {
    const german = cachedStemmer('de');
    const html = buildSnippet('Die Häuser und das Haus am See.', {
      ...options([german('häuser')]),
      language: 'de-DE',
    });
    expect(marked(html)).toContain('Häuser');
  });
});

describe('buildSnippet: the size', () => {
  it('given any page and size, then the visible text is at most the size, cut between words', () => {
    const words = ['rose', 'garden', 'x', 'supercalifragilistic', 'Ω', '&', '<b>', 'end.', 'Tools!'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 300; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => words[Math.floor(random() * words.length)],
      ).join(' ');
      const size = 20 + Math.floor(random() * 200);
      const html = buildSnippet(text, options(['rose', 'tool', 'ohm'], size));
      const shown = visible(html);
      expect(shown.length).toBeLessThanOrEqual(size);
      const core = shown.replace(/^…/, '').replace(/…$/, '');
      expect(text.includes(core)).toBe(true);
    }
  });

  it('given a first word longer than the size, then it is cut inside, never inside a surrogate pair', () => {
    const html = buildSnippet(`${'😀'.repeat(60)} rose`, options(['zebra'], 51));
    const shown = visible(html);
    expect(shown.length).toBeLessThanOrEqual(51);
    expect(shown.endsWith('😀…')).toBe(true);
  });

  it('given a 1 MB page, then it still returns the passage of the only hit (the work is linear)', () => {
    const text = `${'plain words without anything of interest. '.repeat(25_000)}Here is the rare orchid.`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const html = buildSnippet(text, options(['orchid', 'rare'], 80));
    expect(visible(html).endsWith('Here is the rare orchid.')).toBe(true);
    expect(marked(html)).toEqual(['rare', 'orchid']);
  });

  it('given a 1 MB page full of hits, then it returns the first best window', () => {
    const text = 'rose tool '.repeat(110_000);
    const html = buildSnippet(text, options(['rose', 'tool'], 50));
    expect(visible(html)).toBe('rose tool rose tool rose tool rose tool rose tool…');
  });
});

describe('buildSnippet: the table stored with the page', () => {
  const table = (text: string, language = 'en') => new SnippetTableWriter(MAPPINGS).table(text, language);

  it('given the table stored for a page, then the snippet is the one reading the whole page makes', () => {
    const pieces = [
      'rose',
      'Rosen',
      'roses',
      'tools',
      'Ω',
      'μF',
      ' ',
      ' ',
      '. ',
      '! ',
      ', ',
      '’',
      '3.11',
      'é',
      '😀',
      '\n',
    ];
    // One writer for all the pages, as for a generation: words met on earlier pages are reused.
    const writer = new SnippetTableWriter(MAPPINGS);
    const termLists = [
      ['rose', 'tool', 'ohm', 'uf'],
      // A word and its stem both terms (a pinned page marks the query's words and their stems).
      ['roses', 'rose', '3.11'],
      ['rosen', 'e', 'zebra'],
    ];
    for (const text of randomTexts(pieces, { count: 400, maxLength: 60, seed: 5 })) {
      const stored = writer.table(text, 'en');
      for (const size of [20, 60]) {
        for (const terms of termLists) {
          expect(buildSnippet(text, options(terms, size, { table: stored })), JSON.stringify(text)).toBe(
            buildSnippet(text, options(terms, size)),
          );
        }
      }
    }
  });

  it('given a German page, then its table finds words by the German stemmer', () => {
    const german = cachedStemmer('de');
    const text = 'Die Häuser und das Haus am See.';
    const terms = [german('häuser')];
    const html = buildSnippet(text, { ...options(terms), language: 'de-DE', table: table(text, 'de-DE') });
    expect(html).toBe(buildSnippet(text, { ...options(terms), language: 'de-DE' }));
    expect(marked(html)).toContain('Häuser');
  });

  it("given another page's table, then the page is read instead of trusting it", () => {
    const text = 'A short page about roses.';
    const other = table(`${text} And a great deal more text after it, about tools.`);
    expect(buildSnippet(text, options(['rose'], 60, { table: other }))).toBe(
      buildSnippet(text, options(['rose'], 60)),
    );
    expect(marked(buildSnippet(text, options(['rose'], 60, { table: other })))).toEqual(['roses']);
  });

  it('given a term whose hash is that of a word of the page, then the word is not marked', () => {
    // Two words of one FNV-1a hash: the table finds the page's word by the term's hash, and the
    // check against the word itself turns it down.
    expect(keyHash('pjbieqpx')).toBe(keyHash('uobjxs'));
    const text = 'The uobjxs is here.';
    expect(buildSnippet(text, options(['pjbieqpx'], 60, { table: table(text) }))).toBe('The uobjxs is here.');
    expect(marked(buildSnippet(text, options(['uobjxs'], 60, { table: table(text) })))).toEqual(['uobjxs']);
  });
});
