import { describe, expect, it } from 'vitest';
import type { ScoreExplanation } from '../backend.ts';
import { typedQuery } from './backend-query.test-kit.ts';
import { IndexBuilder } from './build.ts';
import { KeywordIndex } from './keyword-index.ts';

/** Words of no meaning, `count` of them from `seed` on: the bulk of a page. */
const filler = (count: number, seed: number) =>
  Array.from({ length: count }, (_, i) => `w${(i * 7 + seed) % 40}`).join(' ');

// Four pages answer the question in its words and say 'mach number' too; 'shock' says 'mach
// number' with two of the question's words, 'other' the same two words and nothing of the
// answers'; 'mach-only' holds none of the question's words.
const pages: [key: string, title: string, body: string][] = [
  ...Array.from({ length: 4 }, (_, n): [string, string, string] => [
    `answer-${n}`,
    `Heat transfer ${n}`,
    `heat transfer to a blunt body in supersonic flow measured by mach number ${filler(20, n)}`,
  ]),
  ['shock', 'Shock layers', `the mach number of the shock layer on a blunt body ${filler(30, 9)}`],
  ['other', 'Page other', `the work of the arts on a blunt body ${filler(30, 9)}`],
  ['mach-only', 'Ernst Mach', `mach mach mach ${filler(10, 3)}`],
  ...Array.from({ length: 40 }, (_, n): [string, string, string] => [
    `filler-${n}`,
    `Page ${n}`,
    filler(40, n + 20),
  ]),
];
const builder = new IndexBuilder();
for (const [key, title, body] of pages) {
  const url = `https://x.test/${key}`;
  builder.add({
    key: url,
    url,
    title,
    headings: [],
    description: '',
    body,
    tags: [],
    language: 'en',
    linkShare: 0,
  });
}
const index = new KeywordIndex(builder.finish());
const QUESTION = 'heat transfer to a blunt body in supersonic flow';

const keyOf = (url: string) => url.slice('https://x.test/'.length);
const added = (explanation: ScoreExplanation) =>
  explanation.terms.filter((term) => term.feedback).map((term) => term.term);

describe('pseudo-relevance feedback on questions', () => {
  it('given a question of five words or more, then the words its best pages share lift a page saying them', () => {
    const { hits } = index.explain(typedQuery(QUESTION, { limit: 20 }));
    const order = hits.map((hit) => keyOf(hit.url));
    // Holding the same two of the question's words, 'shock' says the answers' 'mach number' too.
    expect(order.indexOf('shock')).toBeLessThan(order.indexOf('other'));
    const shock = hits.find((hit) => keyOf(hit.url) === 'shock');
    expect(added(shock?.explanation as ScoreExplanation)).toEqual(expect.arrayContaining(['mach', 'number']));
    for (const term of shock?.explanation.terms ?? [])
      if (term.feedback) expect(term.weight).toBeLessThanOrEqual(1);
  });

  it('given the words feedback added, then they are never function words nor the question’s own', () => {
    const { hits } = index.explain(typedQuery(QUESTION, { limit: 20 }));
    const words = new Set(hits.flatMap((hit) => added(hit.explanation)));
    expect(words.size).toBeGreaterThan(0);
    for (const word of ['a', 'to', 'in', 'by', 'heat', 'blunt', 'bodi', 'flow'])
      expect(words).not.toContain(word);
  });

  it('given a page holding only words feedback added, then it is no result and the count is of the question’s pages', () => {
    const result = index.search(typedQuery(QUESTION, { limit: 20 }));
    expect(result.hits.map((hit) => keyOf(hit.url))).not.toContain('mach-only');
    expect(result.total).toBe(6);
    // The snippets highlight what was asked, not what feedback added.
    expect(result.hits[0]?.terms).not.toContain('mach');
  });

  it('given an explained question, then each hit’s parts make up its score, feedback terms and all', () => {
    const query = typedQuery(QUESTION, { limit: 20 });
    const searched = index.search(query);
    const explained = index.explain(query);
    expect(explained.hits.map(({ key, score }) => ({ key, score }))).toEqual(
      searched.hits.map(({ key, score }) => ({ key, score })),
    );
    for (const hit of explained.hits) {
      const base = hit.explanation.terms.reduce((sum, term) => sum + term.score, 0);
      const { heldShare, boost, title, proximity, rareProximity, headingProximity, linkShare } =
        hit.explanation;
      const factors = heldShare * boost * title * proximity * rareProximity * headingProximity * linkShare;
      expect(base * factors).toBeCloseTo(hit.score, 4);
    }
  });

  it('given a question of four words, then it is searched as typed, with no feedback', () => {
    const { hits } = index.explain(typedQuery('heat transfer blunt body', { limit: 20 }));
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(added(hit.explanation)).toEqual([]);
  });
});
