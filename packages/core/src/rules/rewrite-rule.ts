import type { UrlRewriteConfig, UrlRewriteRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import type { RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';

/*
 * Grammar of a rewrite rule (one line, surrounding whitespace ignored):
 *
 *   rule        = pattern ["/" flags | "\"] [spaces] "->" [spaces] replacement
 *   pattern     = any non-empty text, taken verbatim (it may contain "/" and "->")
 *   flags       = JavaScript RegExp flags (d g i m s u v y), each at most once, not both u and v
 *   replacement = any text without "->" (may be empty); $1, $<name>, $& as in String.prototype.replace
 *
 * The LAST "->" of the line splits it, so the pattern may contain "->" and the replacement cannot (a
 * URL holds no ">"). Before the arrow (spaces before it ignored), a "/" followed by letters that are
 * all flag letters starts the flags: `^http://(.*)/gi -> https://$1`. A "/" with no letters after it
 * belongs to the pattern, so `^http://a\.com/docs/ -> https://b.com/docs/` keeps its "/"; so do
 * other letters (`^/docs/en -> /docs/fr`), an escaped "\/" (`^/docs\/img -> /images`) and a "/" with
 * nothing before it (`/i -> /x`, a path). Flag letters taken as flags are checked, right or wrong
 * (`a/gg -> b` is invalid). There is no leading "/" delimiter: a leading "/" belongs to the pattern.
 *
 * A pattern that ends in "/" and flag letters but has no flags (the path `^/img`: written plainly,
 * `^/img -> /images` is the pattern `^` with flags gim) needs the "\" form: a backslash just before
 * the arrow ends the pattern there, with no flags (`^/img\ -> /images`). No pattern that compiles
 * ends in an unescaped backslash, so the two readings never meet. The canonical spelling
 * (`formatRewriteRule`) is `pattern -> replacement` without flags and `pattern/flags -> replacement`
 * with them, using the "\" form only where the pattern needs it (it ends in "/" and flag letters, or
 * in a space). Parsing it gives the configuration back for every pattern that compiles and does not
 * start with a space, and every replacement without "->" or spaces at its ends. The pattern must
 * compile as a RegExp.
 */
const ARROW = '->';
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** "/" and letters at the end of the text before the arrow, the "/" not escaped by a backslash. */
const FLAGS_SUFFIX = /(?<=(?:^|[^\\])(?:\\\\)*)\/([A-Za-z]+)$/;
/** A backslash at the end that escapes nothing (the last of an odd run). */
const END_MARK = /(?<!\\)(?:\\\\)*\\$/;
const VALID_FLAGS = 'dgimsuvy';

/** Where the text ends in "/" and flag letters after something (the reading as flags), if it does. */
function flagsAtEnd(text: string): { at: number; flags: string } | undefined {
  const match = FLAGS_SUFFIX.exec(text);
  const flags = match?.[1] ?? '';
  if (!match || match.index === 0 || ![...flags].every((letter) => VALID_FLAGS.includes(letter)))
    return undefined;
  return { at: match.index, flags };
}

/** Why flag letters cannot be flags, or undefined when they can. */
function flagsProblem(flags: string): string | undefined {
  const repeated = [...flags].find((flag, index) => flags.indexOf(flag) !== index);
  if (repeated) return `The flag "${repeated}" is written twice in "/${flags}".`;
  if (flags.includes('u') && flags.includes('v')) return 'The flags "u" and "v" cannot be used together.';
  return undefined;
}

/** The pattern and the flags written before the arrow (right-trimmed), or why they cannot be. */
function splitHead(head: string): RuleResult<{ pattern: string; flags: string }> {
  if (END_MARK.test(head)) return ok({ pattern: head.slice(0, -1), flags: '' });
  const flagged = flagsAtEnd(head);
  if (!flagged) return ok({ pattern: head, flags: '' });
  const problem = flagsProblem(flagged.flags);
  return problem ? fail(problem) : ok({ pattern: head.slice(0, flagged.at), flags: flagged.flags });
}

/** The engine's reason a pattern does not compile, or undefined when it compiles. */
function compileProblem(pattern: string, flags: string): string | undefined {
  try {
    new RegExp(pattern, flags);
    return undefined;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // V8 repeats the whole pattern before the reason ("Invalid regular expression: /(a/: Unterminated
    // group"); the user has just typed it, so only the reason is kept.
    const reason =
      /^Invalid regular expression: \/.*\/[a-z]*: (.+)$/s.exec(error.message)?.[1] ?? error.message;
    return `The pattern "${pattern}" is not a regular expression: ${reason}.`;
  }
}

function compiles(pattern: string, flags: string): boolean {
  return compileProblem(pattern, flags) === undefined;
}

/**
 * Reads rule text into its configuration (flags sorted), or says which part does not parse and why:
 * the arrow, the flags after the "/", or the pattern (with the RegExp engine's own reason).
 */
export function readRewriteRule(text: string): RuleResult<UrlRewriteConfig> {
  const line = text.trim();
  if (line === '') return fail('The rule is empty: write a pattern, "->" and a replacement.');
  if (LINE_BREAK.test(line)) return fail('A rule is one line; add each rule on its own.');
  const arrow = line.lastIndexOf(ARROW);
  if (arrow < 0) return fail('There is no "->" between the pattern and the replacement.');
  const split = splitHead(line.slice(0, arrow).trimEnd());
  if (!split.ok) return fail(split.error);
  if (split.value.pattern === '') return fail('The pattern before "->" is empty.');
  const problem = compileProblem(split.value.pattern, split.value.flags);
  if (problem) return fail(problem);
  const flags = [...split.value.flags].sort().join('');
  return ok({
    pattern: split.value.pattern,
    flags,
    replacement: line.slice(arrow + ARROW.length).trimStart(),
  });
}

/** Parses rule text into its configuration (flags sorted), or undefined when it is not a valid rule. */
export function parseRewriteRule(text: string): UrlRewriteConfig | undefined {
  const read = readRewriteRule(text);
  return read.ok ? read.value : undefined;
}

/** Whether the pattern, written without flags, would read otherwise: flags at its end, or spaces lost. */
function needsEndMark(pattern: string): boolean {
  return flagsAtEnd(pattern) !== undefined || /\s$/.test(pattern);
}

/**
 * The text of a rule in its canonical spelling: `pattern -> replacement`, `pattern/flags ->
 * replacement` with flags, `pattern\ -> replacement` when the pattern ends in "/" and flag letters.
 */
export function formatRewriteRule(config: UrlRewriteConfig): string {
  const ending = config.flags !== '' ? `/${config.flags}` : needsEndMark(config.pattern) ? '\\' : '';
  const head = `${config.pattern}${ending} ${ARROW}`;
  return config.replacement === '' ? head : `${head} ${config.replacement}`;
}

/**
 * 'Invalid rewrite rule.' and the reason (see readRewriteRule) unless the text parses; undefined when
 * valid. The portal shows it under the rule box so the user knows which part to fix.
 */
export function validateRewriteRule(text: string): string | undefined {
  const read = readRewriteRule(text);
  return read.ok ? undefined : `${MESSAGES.invalidRewriteRule} ${read.error}`;
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
