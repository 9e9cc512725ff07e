import type { KeywordClientSettings } from '@siteseer/core';
import type { BoostRule } from '../backend.ts';

/**
 * The relevance rules as the backend's boosts: a weight of 1 changes nothing, so only rules above
 * it are passed (where several match a URL, the backend takes the highest, as core's
 * `relevanceWeight` does).
 */
export function boostRulesOf(settings: Pick<KeywordClientSettings, 'relevance'>): BoostRule[] {
  return settings.relevance
    .filter((rule) => rule.weight > 1 && rule.matches.trim() !== '')
    .map((rule) => ({ urlPattern: rule.matches.trim(), weight: rule.weight }));
}
