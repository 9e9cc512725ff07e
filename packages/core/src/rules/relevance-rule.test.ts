import { describe, expect, it } from 'vitest';
import type { RelevanceRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import {
  addRelevanceRule,
  deleteRelevanceRule,
  randomId,
  relevanceWeight,
  updateRelevanceRule,
  validateRelevanceRule,
} from './relevance-rule.ts';

const fixedId = () => 'rule-1';
const existing: RelevanceRule = {
  id: 'r0',
  weight: 5,
  target: 'URL',
  matches: '*/docs/*',
  match_type: 'wildcard',
};

describe('relevance rule validation', () => {
  it.each([
    [0, MESSAGES.relevanceWeightRange],
    [1, undefined],
    [2, undefined],
    [100, undefined],
    [101, MESSAGES.relevanceWeightRange],
    [1.5, MESSAGES.relevanceWeightRange],
    [-3, MESSAGES.relevanceWeightRange],
    [Number.NaN, MESSAGES.relevanceWeightRange],
    ['10', MESSAGES.relevanceWeightRange],
    [undefined, MESSAGES.relevanceWeightRange],
  ])('Given the weight %j, when validated, then the weight message is %j', (weight, expected) => {
    expect(validateRelevanceRule({ matches: '*', weight }).weight).toBe(expected);
  });

  it.each([
    ['', MESSAGES.relevancePatternRequired],
    ['   ', MESSAGES.relevancePatternRequired],
    [undefined, MESSAGES.relevancePatternRequired],
    ['*/blog/*', undefined],
  ])('Given the pattern %j, when validated, then the pattern message is %j', (matches, expected) => {
    expect(validateRelevanceRule({ matches, weight: 5 }).matches).toBe(expected);
  });
});

describe('relevance rule list operations', () => {
  it('Given a valid pattern and weight, when added, then a wildcard URL rule with a new id is appended', () => {
    expect(addRelevanceRule([existing], { matches: '  */blog/*  ', weight: 3 }, fixedId)).toEqual({
      ok: true,
      value: [
        existing,
        { id: 'rule-1', weight: 3, target: 'URL', matches: '*/blog/*', match_type: 'wildcard' },
      ],
    });
  });

  it.each([
    [{ matches: '', weight: 3 }, MESSAGES.relevancePatternRequired],
    [{ matches: '*', weight: 0 }, MESSAGES.relevanceWeightRange],
    [{ matches: '*', weight: 101 }, MESSAGES.relevanceWeightRange],
  ])('Given %j, when added, then it is refused with %j', (input, error) => {
    expect(addRelevanceRule([], input, fixedId)).toEqual({ ok: false, error });
  });

  it('Given no id generator, when a rule is added, then a random UUID is used', () => {
    const result = addRelevanceRule([], { matches: '*', weight: 2 });
    expect(result.ok && result.value[0]?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(randomId()).not.toBe(randomId());
  });

  it('Given an existing rule, when updated, then pattern and weight change and the id stays', () => {
    expect(updateRelevanceRule([existing], 'r0', { matches: '*/kb/*', weight: 100 })).toEqual({
      ok: true,
      value: [{ ...existing, matches: '*/kb/*', weight: 100 }],
    });
  });

  it('Given an existing rule, when updated with weight 101, then it is refused', () => {
    expect(updateRelevanceRule([existing], 'r0', { matches: '*', weight: 101 })).toEqual({
      ok: false,
      error: MESSAGES.relevanceWeightRange,
    });
  });

  it('Given an unknown id, when updated, then the rule is not found', () => {
    expect(updateRelevanceRule([existing], 'nope', { matches: '*', weight: 2 })).toEqual({
      ok: false,
      error: MESSAGES.relevanceRuleNotFound,
    });
  });

  it('Given rules, when one is deleted, then only that one goes', () => {
    const other = { ...existing, id: 'r1' };
    expect(deleteRelevanceRule([existing, other], 'r0')).toEqual([other]);
    expect(deleteRelevanceRule([existing], 'missing')).toEqual([existing]);
  });
});

describe('relevance weight of a URL', () => {
  const rules = [
    { matches: '*/docs/*', weight: 5 },
    { matches: '*/docs/api/*', weight: 8 },
  ];
  it.each([
    ['https://a.com/docs/api/x', 8],
    ['https://a.com/DOCS/intro', 5],
    ['https://a.com/blog/x', 1],
  ])('Given %j, when weighed, then the weight is %i', (url, weight) => {
    expect(relevanceWeight(url, rules)).toBe(weight);
  });
});
