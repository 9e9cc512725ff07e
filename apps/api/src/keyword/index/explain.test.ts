import { describe, expect, it } from 'vitest';
import type { BackendQuery, ScoreExplanation } from '../backend.ts';
import { generatedIndex, typedQuery } from './backend-query.test-kit.ts';
import { IndexBuilder } from './build.ts';
import { KeywordIndex } from './keyword-index.ts';

/** The explanation's parts multiplied back together: what it says the score is made of. */
function recomposed(explanation: ScoreExplanation): number {
  const base = explanation.terms
    .map((term) => term.fields.reduce((sum, field) => sum + field.score, 0) + term.titlePrior)
    .reduce((sum, score) => sum + score, 0);
  return (
    base *
    explanation.heldShare *
    explanation.boost *
    explanation.title *
    explanation.proximity *
    explanation.rareProximity *
    explanation.headingProximity *
    explanation.linkShare
  );
}

// Pages of varied fields and lengths, a few mostly links, so that every factor shows somewhere.
const data = generatedIndex(300, (n) => ({
  title: n % 9 === 0 ? `Garden tools ${n}` : n % 4 === 0 ? 'Kitchen garden guide' : `Page ${n}`,
  body: [
    ...Array.from({ length: (n % 5) + 1 }, () => 'garden'),
    ...Array.from({ length: n % 13 }, () => 'lorem'),
    n % 3 === 0 ? 'kitchen garden tools' : 'tools for the kitchen',
    n % 7 === 0 ? 'watering can' : 'ipsum',
  ].join(' '),
}));
const index = new KeywordIndex(data);

const queries: [string, Partial<BackendQuery>][] = [
  ['garden', {}],
  ['gard', {}],
  ['garden tools', {}],
  ['kitchen garden', { boosts: [{ urlPattern: '*/shop/*', weight: 2 }] }],
  ['"kitchen garden"', {}],
  ['garden watering nonexistentword', {}],
  ['gardn tols', {}],
  ['garden', { tabs: [{ tags: ['odd'] }], tab: 0, offset: 5 }],
];

describe('explaining a search', () => {
  it.each(queries)('given %s, then each hit is explained and its parts make up its score', (q, extra) => {
    const query = typedQuery(q, extra);
    const searched = index.search(query);
    const explained = index.explain(query);
    expect(searched.hits.length).toBeGreaterThan(0);
    expect(explained.hits.map(({ key, score }) => ({ key, score }))).toEqual(
      searched.hits.map(({ key, score }) => ({ key, score })),
    );
    for (const hit of explained.hits) {
      expect(hit.explanation.score).toBeCloseTo(hit.score, 4);
      expect(recomposed(hit.explanation)).toBeCloseTo(hit.score, 4);
      expect(hit.explanation.terms.length).toBeGreaterThan(0);
    }
  });

  it('given a boost rule, then the boosted pages say so', () => {
    const { hits } = index.explain(
      typedQuery('kitchen garden', { boosts: [{ urlPattern: '*/shop/*', weight: 2 }] }),
    );
    const shop = hits.find((hit) => hit.url.includes('/shop/'));
    expect(shop?.explanation.boost).toBe(2);
  });

  it('given words next to each other, then the proximity factor lifts the page', () => {
    const [first] = index.explain(typedQuery('kitchen garden')).hits;
    expect(first?.explanation.proximity).toBeGreaterThan(1);
    expect(first?.explanation.title).toBeGreaterThan(1);
  });

  it('given a word no page holds, then the pages are weighed by the share of the informative words they hold', () => {
    const { hits } = index.explain(typedQuery('garden watering nonexistentword', { limit: 300 }));
    const both = hits.find((hit) => hit.explanation.terms.some((term) => term.term === 'water'));
    const gardenOnly = hits.find((hit) => hit.explanation.terms.every((term) => term.term === 'garden'));
    // A word no page holds tells no page from another; 'garden', on every page, tells little.
    expect(both?.explanation.heldShare).toBe(1);
    expect(gardenOnly?.explanation.heldShare).toBeGreaterThan(0);
    expect(gardenOnly?.explanation.heldShare).toBeLessThan(0.2);
  });

  it('given a question, then its words weigh by informativeness: the rarest fully, the commonest least', () => {
    const [first] = index.explain(typedQuery('where are kitchen garden tools and a watering can')).hits;
    const weights = new Map(first?.explanation.terms.map((term) => [term.term, term.weight]));
    // 'water' is on a page in 7, 'garden' on every page.
    expect(weights.get('water')).toBe(1);
    expect(weights.get('garden')).toBeGreaterThan(0);
    expect(weights.get('garden')).toBeLessThan(0.2);
  });

  it('given a question, then its rarest words close together lift the page, and the factor says so', () => {
    const { hits } = index.explain(typedQuery('where are kitchen garden tools and a watering can'));
    const lifted = hits.filter((hit) => hit.explanation.rareProximity > 1);
    expect(lifted.length).toBeGreaterThan(0);
    for (const hit of hits) expect(recomposed(hit.explanation)).toBeCloseTo(hit.score, 4);
  });

  it('given a word in the title and the body, then its score is split between those fields', () => {
    const { hits } = index.explain(typedQuery('tools'));
    const fields = hits[0]?.explanation.terms[0]?.fields.map((field) => field.field);
    expect(fields).toContain('title');
    expect(fields).toContain('body');
    expect(hits[0]?.explanation.terms[0]?.titlePrior).toBeGreaterThan(0);
  });

  it('given a page mostly of links, then its link-share factor lowers its score', () => {
    const builder = new IndexBuilder();
    for (const [n, linkShare] of [0, 0.9].entries()) {
      const url = `https://x.test/${n}`;
      builder.add({
        key: url,
        url,
        title: 'Garden',
        headings: [],
        description: '',
        body: 'garden tools',
        tags: [],
        language: 'en',
        linkShare,
      });
    }
    const hub = new KeywordIndex(builder.finish());
    const { hits } = hub.explain(typedQuery('garden tools'));
    const linked = hits.find((hit) => hit.url.endsWith('/1'));
    expect(linked?.explanation.linkShare).toBeLessThan(1);
    for (const hit of hits) expect(recomposed(hit.explanation)).toBeCloseTo(hit.score, 6);
  });
});
