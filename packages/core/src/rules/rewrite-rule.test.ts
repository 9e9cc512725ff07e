import { describe, expect, it } from 'vitest';
import type { UrlRewriteConfig, UrlRewriteRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import {
  addRewriteRule,
  applyRewriteRules,
  createUrlRewriter,
  formatRewriteRule,
  parseRewriteRule,
  readRewriteRule,
  removeRewriteRule,
  validateRewriteRule,
} from './rewrite-rule.ts';

function rule(text: string): UrlRewriteRule {
  const config = parseRewriteRule(text);
  if (!config) throw new Error(`bad fixture ${text}`);
  return { rule: formatRewriteRule(config), config };
}

describe('parsing rewrite rules', () => {
  it.each([
    [
      'the spec example with "/" inside the pattern',
      '^https?://old\\.example\\.com/(.*)/i -> https://new.example.com/$1',
      {
        pattern: '^https?://old\\.example\\.com/(.*)',
        flags: 'i',
        replacement: 'https://new.example.com/$1',
      },
    ],
    ['no flags', 'foo -> bar', { pattern: 'foo', flags: '', replacement: 'bar' }],
    [
      'a URL ending in "/" and no flags: the "/" belongs to the pattern',
      '^http://a.com/docs/ -> https://b.com/docs/',
      { pattern: '^http://a.com/docs/', flags: '', replacement: 'https://b.com/docs/' },
    ],
    [
      'a URL ending in "/" and flags',
      '^http://a\\.com/docs//i -> https://b.com/docs/',
      { pattern: '^http://a\\.com/docs/', flags: 'i', replacement: 'https://b.com/docs/' },
    ],
    [
      'a path ending in flag letters: they are read as flags',
      '^/img -> /images',
      { pattern: '^', flags: 'gim', replacement: '/images' },
    ],
    [
      'a path ending in flag letters and a backslash before the arrow: no flags',
      '^/img\\ -> /images',
      { pattern: '^/img', flags: '', replacement: '/images' },
    ],
    [
      'a path ending in flag letters after an escaped "/": no flags',
      '^/docs\\/img -> /images',
      { pattern: '^/docs\\/img', flags: '', replacement: '/images' },
    ],
    [
      'an escaped backslash before "/" and flag letters: flags',
      'a\\\\/i -> b',
      { pattern: 'a\\\\', flags: 'i', replacement: 'b' },
    ],
    [
      'a backslash and spaces before the arrow: the spaces belong to the pattern',
      'a \\ -> b',
      { pattern: 'a ', flags: '', replacement: 'b' },
    ],
    ['no spaces around the arrow', 'foo/gi->bar', { pattern: 'foo', flags: 'gi', replacement: 'bar' }],
    ['flags written out of order', 'foo/ig -> bar', { pattern: 'foo', flags: 'gi', replacement: 'bar' }],
    ['an empty replacement', '\\?utm_.*$ ->', { pattern: '\\?utm_.*$', flags: '', replacement: '' }],
    ['surrounding whitespace', '   a ->   b   ', { pattern: 'a', flags: '', replacement: 'b' }],
    [
      'a pattern starting with "/"',
      '/docs/(.*) -> /help/$1',
      { pattern: '/docs/(.*)', flags: '', replacement: '/help/$1' },
    ],
    ['"->" inside the pattern, and flags', 'a->b/i -> c', { pattern: 'a->b', flags: 'i', replacement: 'c' }],
    [
      '"/i ->" inside the pattern: the last separator splits',
      'x/i -> y/g -> z',
      { pattern: 'x/i -> y', flags: 'g', replacement: 'z' },
    ],
    ['unicode in the replacement', 'ä/u -> ae', { pattern: 'ä', flags: 'u', replacement: 'ae' }],
    ['no "/" before the arrow', 'foo -> bar', { pattern: 'foo', flags: '', replacement: 'bar' }],
    [
      '"/i" alone: a path, not an empty pattern',
      '/i -> bar',
      { pattern: '/i', flags: '', replacement: 'bar' },
    ],
    [
      'no "/" before the arrow, "/" in the pattern',
      '^http://127\\.0\\.0\\.1:4621/(.*)/index\\.html$ -> http://127.0.0.1:4621/$1/',
      {
        pattern: '^http://127\\.0\\.0\\.1:4621/(.*)/index\\.html$',
        flags: '',
        replacement: 'http://127.0.0.1:4621/$1/',
      },
    ],
    [
      'a path ending in letters that are not flags',
      '^/docs/en -> /docs/fr',
      { pattern: '^/docs/en', flags: '', replacement: '/docs/fr' },
    ],
    [
      '"->" in the pattern and no "/": the last arrow splits',
      'a->b -> c',
      { pattern: 'a->b', flags: '', replacement: 'c' },
    ],
  ])('Given %s, when parsed, then the config is %j', (_case, text, expected) => {
    expect(parseRewriteRule(text)).toEqual(expected);
  });

  it.each([
    ['no arrow', 'foo/i bar'],
    ['an empty pattern and no "/"', ' -> bar'],
    ['a repeated flag', 'foo/gg -> bar'],
    ['both u and v', 'foo/uv -> bar'],
    ['a regex that does not compile', '(unclosed/ -> bar'],
    ['an invalid quantifier', '*abc/ -> x'],
    ['a flag-dependent syntax error', '\\p{L/u -> x'],
    ['a line break', 'a -> b\nc -> d'],
    ['a line separator', 'a -> b\u2028c'],
    ['only a backslash before the arrow', '\\ -> b'],
    ['empty text', ''],
    ['whitespace only', '   '],
  ])('Given %s, when validated, then it is an invalid rewrite rule', (_case, text) => {
    expect(parseRewriteRule(text)).toBeUndefined();
    expect(validateRewriteRule(text)).toMatch(/^Invalid rewrite rule\. \S/);
  });

  it.each([
    ['no arrow', 'foo/i bar', 'There is no "->" between the pattern and the replacement.'],
    ['whitespace only', '   ', 'The rule is empty: write a pattern, "->" and a replacement.'],
    ['an empty pattern', ' -> bar', 'The pattern before "->" is empty.'],
    ['an empty pattern before the arrow', '\\ -> b', 'The pattern before "->" is empty.'],
    ['a repeated flag', 'foo/gig -> bar', 'The flag "g" is written twice in "/gig".'],
    ['both u and v', 'foo/uv -> bar', 'The flags "u" and "v" cannot be used together.'],
    [
      'a group left open',
      '(unclosed/ -> bar',
      'The pattern "(unclosed/" is not a regular expression: Unterminated group.',
    ],
    [
      'a quantifier with nothing before it',
      '*abc/ -> x',
      'The pattern "*abc/" is not a regular expression: Nothing to repeat.',
    ],
    ['a line break', 'a -> b\nc -> d', 'A rule is one line; add each rule on its own.'],
  ])(
    'Given %s, when validated, then the message says why after "Invalid rewrite rule."',
    (_case, text, reason) => {
      expect(readRewriteRule(text)).toEqual({ ok: false, error: reason });
      expect(validateRewriteRule(text)).toBe(`Invalid rewrite rule. ${reason}`);
    },
  );

  it('Given a flag-dependent syntax error, when read, then the reason names the pattern as compiled with its flags', () => {
    expect(readRewriteRule('\\p{L/u -> x')).toEqual({
      ok: false,
      error: 'The pattern "\\p{L" is not a regular expression: Invalid property name.',
    });
  });

  it('Given a valid rule, when validated, then there is no message', () => {
    expect(validateRewriteRule('a -> b')).toBeUndefined();
  });

  it.each([
    [{ pattern: 'a', flags: 'i', replacement: 'b' }, 'a/i -> b'],
    [{ pattern: 'a', flags: '', replacement: '' }, 'a ->'],
    [{ pattern: '^/docs/', flags: '', replacement: '/help/' }, '^/docs/ -> /help/'],
    [{ pattern: '^/docs/', flags: 'i', replacement: '/help/' }, '^/docs//i -> /help/'],
    [{ pattern: '^/img', flags: '', replacement: '/images' }, '^/img\\ -> /images'],
    [{ pattern: '^/img', flags: 'i', replacement: '/images' }, '^/img/i -> /images'],
  ])('Given %j, when formatted, then the text is %j and parses back', (config, text) => {
    expect(formatRewriteRule(config)).toBe(text);
    expect(parseRewriteRule(text)).toEqual(config);
  });
});

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch (error) {
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/** Whether a configuration is one a rule's text can hold: see the grammar in rewrite-rule.ts. */
function isWritable(config: UrlRewriteConfig): boolean {
  const { pattern, flags, replacement } = config;
  const oneLine = (text: string) => !/[\r\n\u2028\u2029]/.test(text);
  return (
    compiles(pattern, flags) &&
    pattern !== '' &&
    pattern.trimStart() === pattern &&
    replacement.trim() === replacement &&
    !replacement.includes('->') &&
    oneLine(pattern) &&
    oneLine(replacement)
  );
}

const TRICKY_PATTERNS = [
  'a',
  'a/',
  'a//',
  '/',
  '//',
  '/i',
  'a/i',
  'a/gi',
  'a/img',
  'a/gg',
  'a/en',
  'a/I',
  'a\\/i',
  'a\\\\/i',
  'a\\\\\\/i',
  'a\\\\',
  '\\\\/i',
  '\\/',
  'a->b',
  'a ->',
  'a/i -> b',
  'a ',
  'a/i ',
  'a/ ',
  '^http://a\\.com/docs/',
  '^https?://',
  '(.*)/gi',
  '[/]i',
  'a/$',
  'ä/u',
];
const FLAG_SETS = ['', 'i', 'g', 'gi', 'dgimsy', 'u', 'v'];
const REPLACEMENTS = ['', 'b', '/x/', 'https://b.com/docs/', '$1/i', 'a/ b', '/g', '\\', '>'];

/** A small deterministic generator (a linear congruential one), so a failing case can be replayed. */
function randomTexts(seed: number, alphabet: string, count: number, maxLength: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % maxLength) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

describe('the canonical spelling of a rewrite rule', () => {
  it('Given tricky patterns, flags and replacements, when formatted and parsed, then the configuration comes back', () => {
    const configs = TRICKY_PATTERNS.flatMap((pattern) =>
      FLAG_SETS.flatMap((flags) => REPLACEMENTS.map((replacement) => ({ pattern, flags, replacement }))),
    ).filter(isWritable);
    expect(configs.length).toBeGreaterThan(500);
    for (const config of configs) {
      expect({
        text: formatRewriteRule(config),
        config: parseRewriteRule(formatRewriteRule(config)),
      }).toEqual({
        text: formatRewriteRule(config),
        config,
      });
    }
  });

  it('Given random patterns of slashes, backslashes, flag letters, spaces and arrows, when formatted and parsed, then the configuration comes back', () => {
    const patterns = randomTexts(7, 'a/\\ig -> .', 4000, 8);
    const replacements = randomTexts(11, 'b/\\ig $-', 4000, 5);
    const configs = patterns
      .map((pattern, index) => ({
        pattern,
        flags: FLAG_SETS[index % FLAG_SETS.length] ?? '',
        replacement: replacements[index] ?? '',
      }))
      .filter(isWritable);
    expect(configs.length).toBeGreaterThan(1000);
    for (const config of configs) {
      expect({
        text: formatRewriteRule(config),
        config: parseRewriteRule(formatRewriteRule(config)),
      }).toEqual({
        text: formatRewriteRule(config),
        config,
      });
    }
  });
});

describe('adding and removing rewrite rules', () => {
  it('Given a valid rule, when added, then it is stored in canonical spelling with its config', () => {
    expect(addRewriteRule([], 'foo/ig->bar')).toEqual({
      ok: true,
      value: [{ rule: 'foo/gi -> bar', config: { pattern: 'foo', flags: 'gi', replacement: 'bar' } }],
    });
  });

  it('Given an invalid rule, when added, then it is refused', () => {
    expect(addRewriteRule([], '(x/ -> y')).toEqual({ ok: false, error: MESSAGES.invalidRewriteRule });
  });

  it.each([
    ['the same text', 'a/i -> b', 'a/i -> b'],
    ['the same rule spelled differently', 'a/i -> b', '  a/i->b '],
    ['the same flags in another order', 'a/gi -> b', 'a/ig -> b'],
  ])('Given an existing rule, when %s is added, then it already exists', (_case, existing, text) => {
    expect(addRewriteRule([rule(existing)], text)).toEqual({ ok: false, error: 'Rule already exists.' });
  });

  it('Given a stored rule whose text differs but whose config is identical, when added again, then it already exists', () => {
    const legacy = { rule: 'legacy text', config: { pattern: 'a', flags: 'gi', replacement: 'b' } };
    expect(addRewriteRule([legacy], 'a/ig -> b')).toEqual({ ok: false, error: MESSAGES.ruleAlreadyExists });
  });

  it('Given a rule differing only in flags, when added, then it is accepted', () => {
    const result = addRewriteRule([rule('a/i -> b')], 'a -> b');
    expect(result.ok && result.value.map((r) => r.rule)).toEqual(['a/i -> b', 'a -> b']);
  });

  it('Given rules, when one is removed by its text in another spelling, then only it goes', () => {
    const rules = [rule('a -> b'), rule('c -> d')];
    expect(removeRewriteRule(rules, ' a->b ')).toEqual([rule('c -> d')]);
  });
});

describe('applying rewrite rules', () => {
  it('Given the spec example, when applied, then the old host is rewritten case-insensitively', () => {
    const rules = [rule('^https?://old\\.example\\.com/(.*)/i -> https://new.example.com/$1')];
    expect(applyRewriteRules('HTTP://OLD.example.com/docs/a?b=1', rules)).toBe(
      'https://new.example.com/docs/a?b=1',
    );
  });

  it('Given a rule whose URLs end in "/", when applied, then the rewritten URL has one "/" there', () => {
    const rules = [rule('^http://a\\.com/docs/ -> https://b.com/docs/')];
    expect(applyRewriteRules('http://a.com/docs/guide', rules)).toBe('https://b.com/docs/guide');
  });

  it('Given two rules, when applied, then both apply in order to the previous result', () => {
    const rules = [rule('^http: -> https:'), rule('^https://a\\.com/old//i -> https://a.com/new/')];
    expect(applyRewriteRules('http://a.com/old/page', rules)).toBe('https://a.com/new/page');
  });

  it('Given rules in the other order, when applied, then the order changes the outcome', () => {
    const rules = [rule('^https://a\\.com/old//i -> https://a.com/new/'), rule('^http: -> https:')];
    expect(applyRewriteRules('http://a.com/old/page', rules)).toBe('https://a.com/old/page');
  });

  it('Given no matching rule, when applied, then the URL is unchanged', () => {
    expect(applyRewriteRules('https://a.com/x', [rule('zzz -> y')])).toBe('https://a.com/x');
  });

  it('Given a global flag, when applied, then every occurrence is replaced', () => {
    expect(applyRewriteRules('https://a.com/a_b_c', [rule('_/g -> -')])).toBe('https://a.com/a-b-c');
  });

  it('Given a sticky rule, when one rewriter handles several URLs, then each starts from the beginning', () => {
    const rewrite = createUrlRewriter([rule('https/y -> http')]);
    expect([rewrite('https://a.com'), rewrite('https://b.com')]).toEqual(['http://a.com', 'http://b.com']);
  });

  it('Given a stored rule that no longer compiles, when applied, then it is skipped', () => {
    const broken = { rule: 'x', config: { pattern: '(', flags: '', replacement: 'y' } };
    expect(applyRewriteRules('https://a.com/(', [broken, rule('a\\.com -> b.com')])).toBe('https://b.com/(');
  });
});
