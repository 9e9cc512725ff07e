import {
  addRewriteRule,
  isValidSiteUrl,
  MESSAGES,
  type Tab,
  type UrlRewriteRule,
  validateCrawlerStep,
  validateTabs,
} from '@siteseer/core';
import { InputError } from '../errors.ts';

/**
 * The keyword wizard's list rules (core's) that hold for whatever the API receives, not only for
 * what the wizard sends: at most 8 tabs with unique names, rewrite rules that parse and differ.
 * Answers the rewrite rules to store: each in canonical spelling with the configuration parsed from
 * its text, so the text a user reads is always the rule that runs (a client's own `config` is not
 * trusted).
 */
export function checkKeywordClientRules(settings: {
  tabs: readonly Tab[];
  urlRewriteRules: readonly UrlRewriteRule[];
}): UrlRewriteRule[] {
  const tabProblem = validateTabs(settings.tabs);
  if (tabProblem) throw new InputError(tabProblem, { field: 'tabs' });
  let accepted: UrlRewriteRule[] = [];
  for (const { rule } of settings.urlRewriteRules) {
    const added = addRewriteRule(accepted, rule);
    if (!added.ok) throw new InputError(added.error, { field: 'urlRewriteRules', rule });
    accepted = added.value;
  }
  return accepted;
}

/**
 * The crawler step's blocking rules (at least one site, an origin), valid site URLs, then the list
 * rules; answers the rewrite rules to store (see checkKeywordClientRules).
 */
export function checkKeywordDraft(draft: {
  urls: readonly string[];
  origin: string;
  tabs: readonly Tab[];
  urlRewriteRules: readonly UrlRewriteRule[];
}): UrlRewriteRule[] {
  const { errors } = validateCrawlerStep({ urls: draft.urls, origin: draft.origin });
  const [field, problem] = Object.entries(errors)[0] ?? [];
  if (problem) throw new InputError(problem, { field });
  const badUrl = draft.urls.find((url) => !isValidSiteUrl(url));
  if (badUrl !== undefined) throw new InputError(MESSAGES.invalidUrl, { field: 'urls', url: badUrl });
  return checkKeywordClientRules(draft);
}
