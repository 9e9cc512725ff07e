import { wildcardToRegExp } from '@siteseer/core';
import type { BoostRule, TabSpec } from '../backend.ts';
import type { IndexData } from './index-data.ts';

/** Computed once per index and distinct settings: the settings change far less often than searches. */
const CACHED_SETTINGS = 16;

function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= CACHED_SETTINGS) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  }
  return value;
}

/** Per page, bit i set when the page is in tab i: it carries one of the tab's tags or its URL matches. */
export function tabMembership(data: IndexData, tabs: readonly TabSpec[], cache: Map<string, Uint8Array>) {
  return remember(cache, JSON.stringify(tabs), () => {
    const specs = tabs.slice(0, 8).map((tab) => ({
      tags: new Set(tab.tags.map((tag) => tag.trim().toLowerCase())),
      url: tab.urlPattern ? wildcardToRegExp(tab.urlPattern.trim()) : undefined,
    }));
    const members = new Uint8Array(data.pageCount);
    for (let page = 0; page < data.pageCount; page++) {
      const tags = data.tags[page] as string[];
      const url = data.urls[page] as string;
      let bits = 0;
      specs.forEach((spec, i) => {
        if (tags.some((tag) => spec.tags.has(tag)) || spec.url?.test(url)) bits |= 1 << i;
      });
      members[page] = bits;
    }
    return members;
  });
}

/** Whether any rule raises a page's score (a weight of 1 changes nothing). */
export function boosting(rules: readonly BoostRule[]): boolean {
  return rules.some((rule) => rule.weight > 1);
}

/** Per page, its score multiplier: the highest weight of the rules its URL matches, else 1. */
export function boostFactors(data: IndexData, rules: readonly BoostRule[], cache: Map<string, Float32Array>) {
  return remember(cache, JSON.stringify(rules), () => {
    const compiled = rules
      .filter((rule) => rule.weight > 1)
      .map((rule) => ({ regex: wildcardToRegExp(rule.urlPattern.trim()), weight: rule.weight }));
    const factors = new Float32Array(data.pageCount).fill(1);
    if (compiled.length === 0) return factors;
    for (let page = 0; page < data.pageCount; page++) {
      const url = data.urls[page] as string;
      for (const { regex, weight } of compiled)
        if (weight > (factors[page] as number) && regex.test(url)) factors[page] = weight;
    }
    return factors;
  });
}
