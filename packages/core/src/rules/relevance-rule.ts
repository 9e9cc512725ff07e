import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import type { RelevanceRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors, RuleResult } from './rule-result.ts';
import { fail, fieldErrorsOf, ok } from './rule-result.ts';
import { matchesWildcard } from './wildcard.ts';

/** Makes ids for new rules; injectable so tests and servers can choose. */
export type IdGenerator = () => string;

/** crypto.randomUUID of the global crypto object, present in browsers and in Node. */
export const randomId: IdGenerator = () => globalThis.crypto.randomUUID();

/** The relevance editor's fields: a URL wildcard pattern and a whole weight from 1 to 100. */
export const RelevanceRuleForm = z.object({
  matches: z
    .string({ error: MESSAGES.relevancePatternRequired })
    .trim()
    .min(1, MESSAGES.relevancePatternRequired),
  weight: z
    .number({ error: MESSAGES.relevanceWeightRange })
    .int(MESSAGES.relevanceWeightRange)
    .min(LIMITS.relevanceWeightMin, MESSAGES.relevanceWeightRange)
    .max(LIMITS.relevanceWeightMax, MESSAGES.relevanceWeightRange),
});
export type RelevanceRuleForm = z.infer<typeof RelevanceRuleForm>;

/** Errors of the relevance editor by field (matches, weight); empty when valid. */
export function validateRelevanceRule(input: {
  matches?: unknown;
  weight?: unknown;
}): FieldErrors<'matches' | 'weight'> {
  const result = RelevanceRuleForm.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

function parseForm(input: { matches?: unknown; weight?: unknown }): RuleResult<RelevanceRuleForm> {
  const result = RelevanceRuleForm.safeParse(input);
  if (result.success) return ok(result.data);
  return fail(result.error.issues[0]?.message ?? MESSAGES.relevancePatternRequired);
}

/** Adds a rule (target URL, wildcard match) with a new id; refused when the pattern or weight is invalid. */
export function addRelevanceRule(
  rules: readonly RelevanceRule[],
  input: { matches?: unknown; weight?: unknown },
  newId: IdGenerator = randomId,
): RuleResult<RelevanceRule[]> {
  const form = parseForm(input);
  if (!form.ok) return form;
  return ok([...rules, { id: newId(), target: 'URL', match_type: 'wildcard', ...form.value }]);
}

/** Updates the pattern and weight of the rule with this id, in place. */
export function updateRelevanceRule(
  rules: readonly RelevanceRule[],
  id: string,
  input: { matches?: unknown; weight?: unknown },
): RuleResult<RelevanceRule[]> {
  if (!rules.some((rule) => rule.id === id)) return fail(MESSAGES.relevanceRuleNotFound);
  const form = parseForm(input);
  if (!form.ok) return form;
  return ok(rules.map((rule) => (rule.id === id ? { ...rule, ...form.value } : rule)));
}

/** Removes the rule with this id (nothing happens when it is already gone). */
export function deleteRelevanceRule(rules: readonly RelevanceRule[], id: string): RelevanceRule[] {
  return rules.filter((rule) => rule.id !== id);
}

/**
 * The weight a URL gets: the highest weight among the rules whose pattern matches it, or 1 (no
 * effect) when none does. Highest rather than a product, so overlapping rules never compound.
 */
export function relevanceWeight(
  url: string,
  rules: readonly Pick<RelevanceRule, 'matches' | 'weight'>[],
): number {
  return rules.reduce<number>(
    (weight, rule) => (matchesWildcard(url, rule.matches) ? Math.max(weight, rule.weight) : weight),
    LIMITS.relevanceWeightMin,
  );
}
