import type { UrlRewriteConfig, UrlRewriteRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import type { RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';

/*
 * Grammar of a rewrite rule (one line, surrounding whitespace ignored):
 *
 *   rule        = pattern ["/" flags] [spaces] "->" [spaces] replacement
 *   pattern     = any non-empty text, taken verbatim (it may contain "/" and "->")
 *   flags       = JavaScript RegExp flags (d g i m s u v y), each at most once, not both u and v
 *   replacement = any text (may be empty); $1, $<name>, $& as in String.prototype.replace
 *
 * The LAST "/flags ->" of the line splits it, so the pattern may contain "/" and even "/x ->"; the
 * replacement cannot contain "/letters ->". There is no leading "/" delimiter: a leading "/" belongs
 * to the pattern (rules such as `/docs/(.*)/ -> /help/$1` match paths). A line with no "/flags"
 * before its arrow, or with letters there that are not all flags (`^/docs/en -> /docs/fr`), is
 * split at its last "->", the spaces before it not part of the pattern: `^/(.*)/index\.html$ ->
 * /$1/` needs no "/". Its canonical spelling has the "/" (`formatRewriteRule`). The pattern must
 * compile as a RegExp.
 */
const WITH_FLAGS = /^(.+)\/([A-Za-z]*)\s*->\s*(.*)$/;
const WITHOUT_FLAGS = /^(.+?)\s*->\s*((?:(?!->).)*)$/;
const VALID_FLAGS = 'dgimsuvy';

function isValidFlags(flags: string): boolean {
  const unique = new Set(flags);
  return (
    unique.size === flags.length &&
    [...flags].every((flag) => VALID_FLAGS.includes(flag)) &&
    !(unique.has('u') && unique.has('v'))
  );
}

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch (error) {
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/** Parses rule text into its configuration (flags sorted), or undefined when it is not a valid rule. */
export function parseRewriteRule(text: string): UrlRewriteConfig | undefined {
  const line = text.trim();
  if (/[\r\n]/.test(line)) return undefined;
  const flagged = WITH_FLAGS.exec(line);
  // Letters that are flags ('gi', also 'gg') are taken as flags, right or wrong; others ('/en')
  // end the pattern.
  if (flagged && [...(flagged[2] ?? '')].every((flag) => VALID_FLAGS.includes(flag))) {
    const [, pattern = '', flags = '', replacement = ''] = flagged;
    return isValidFlags(flags) && compiles(pattern, flags)
      ? { pattern, flags: [...flags].sort().join(''), replacement }
      : undefined;
  }
  const plain = WITHOUT_FLAGS.exec(line);
  if (!plain) return undefined;
  const [, pattern = '', replacement = ''] = plain;
  return compiles(pattern, '') ? { pattern, flags: '', replacement } : undefined;
}

/** The text of a rule: `pattern/flags -> replacement` (the canonical spelling). */
export function formatRewriteRule(config: UrlRewriteConfig): string {
  const head = `${config.pattern}/${config.flags} ->`;
  return config.replacement === '' ? head : `${head} ${config.replacement}`;
}

/** 'Invalid rewrite rule.' unless the text parses; undefined when valid. */
export function validateRewriteRule(text: string): string | undefined {
  return parseRewriteRule(text) ? undefined : MESSAGES.invalidRewriteRule;
}

function normalisedText(rule: Pick<UrlRewriteRule, 'rule'>): string {
  const config = parseRewriteRule(rule.rule);
  return config ? formatRewriteRule(config) : rule.rule.trim();
}

function sameConfig(a: UrlRewriteConfig, b: UrlRewriteConfig): boolean {
  return a.pattern === b.pattern && a.flags === b.flags && a.replacement === b.replacement;
}

/**
 * Adds a rule from its text, stored in canonical spelling with its parsed configuration. Refused with
 * 'Invalid rewrite rule.' or, when an existing rule has the same canonical text or the same
 * configuration, 'Rule already exists.'.
 */
export function addRewriteRule(rules: readonly UrlRewriteRule[], text: string): RuleResult<UrlRewriteRule[]> {
  const config = parseRewriteRule(text);
  if (!config) return fail(MESSAGES.invalidRewriteRule);
  const rule = formatRewriteRule(config);
  if (rules.some((existing) => normalisedText(existing) === rule || sameConfig(existing.config, config))) {
    return fail(MESSAGES.ruleAlreadyExists);
  }
  return ok([...rules, { rule, config }]);
}

/** Removes the rule with this text (compared in canonical spelling). */
export function removeRewriteRule(rules: readonly UrlRewriteRule[], text: string): UrlRewriteRule[] {
  const target = normalisedText({ rule: text });
  return rules.filter((rule) => normalisedText(rule) !== target);
}

/**
 * A URL rewriter for a list of rules. Every rule applies, in list order, each to the previous
 * result (like mod_rewrite without [L]): one rule can move http to https and the next change a path.
 * A rule whose stored pattern does not compile is skipped rather than breaking search results.
 */
export function createUrlRewriter(rules: readonly Pick<UrlRewriteRule, 'config'>[]): (url: string) => string {
  const compiled = rules.flatMap(({ config }) =>
    compiles(config.pattern, config.flags)
      ? [{ regex: new RegExp(config.pattern, config.flags), replacement: config.replacement }]
      : [],
  );
  return (url) =>
    compiled.reduce((current, { regex, replacement }) => {
      // A sticky or global RegExp keeps lastIndex between calls; each URL starts from the beginning.
      regex.lastIndex = 0;
      return current.replace(regex, replacement);
    }, url);
}

/** Applies rewrite rules to a URL (all rules, in order; see createUrlRewriter). */
export function applyRewriteRules(url: string, rules: readonly Pick<UrlRewriteRule, 'config'>[]): string {
  return createUrlRewriter(rules)(url);
}
