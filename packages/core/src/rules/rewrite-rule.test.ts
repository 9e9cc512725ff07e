import { describe, expect, it } from 'vitest';
import type { UrlRewriteRule } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import {
  addRewriteRule,
  applyRewriteRules,
  createUrlRewriter,
  formatRewriteRule,
  parseRewriteRule,
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
    ['no flags', 'foo/ -> bar', { pattern: 'foo', flags: '', replacement: 'bar' }],
    ['no spaces around the arrow', 'foo/gi->bar', { pattern: 'foo', flags: 'gi', replacement: 'bar' }],
    ['flags written out of order', 'foo/ig -> bar', { pattern: 'foo', flags: 'gi', replacement: 'bar' }],
    ['an empty replacement', '\\?utm_.*$/ ->', { pattern: '\\?utm_.*$', flags: '', replacement: '' }],
    ['surrounding whitespace', '   a/ ->   b   ', { pattern: 'a', flags: '', replacement: 'b' }],
    [
      'a pattern starting with "/"',
      '/docs/(.*)/ -> /help/$1',
      { pattern: '/docs/(.*)', flags: '', replacement: '/help/$1' },
    ],
    ['"->" inside the pattern', 'a->b/ -> c', { pattern: 'a->b', flags: '', replacement: 'c' }],
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
    ['a line break', 'a/ -> b\nc/ -> d'],
    ['empty text', ''],
    ['whitespace only', '   '],
  ])('Given %s, when validated, then it is an invalid rewrite rule', (_case, text) => {
    expect(parseRewriteRule(text)).toBeUndefined();
    expect(validateRewriteRule(text)).toBe('Invalid rewrite rule.');
  });

  it('Given a valid rule, when validated, then there is no message', () => {
    expect(validateRewriteRule('a/ -> b')).toBeUndefined();
  });

  it.each([
    [{ pattern: 'a', flags: 'i', replacement: 'b' }, 'a/i -> b'],
    [{ pattern: 'a', flags: '', replacement: '' }, 'a/ ->'],
  ])('Given %j, when formatted, then the text is %j and parses back', (config, text) => {
    expect(formatRewriteRule(config)).toBe(text);
    expect(parseRewriteRule(text)).toEqual(config);
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
    const result = addRewriteRule([rule('a/i -> b')], 'a/ -> b');
    expect(result.ok && result.value.map((r) => r.rule)).toEqual(['a/i -> b', 'a/ -> b']);
  });

  it('Given rules, when one is removed by its text in another spelling, then only it goes', () => {
    const rules = [rule('a/ -> b'), rule('c/ -> d')];
    expect(removeRewriteRule(rules, ' a/->b ')).toEqual([rule('c/ -> d')]);
  });
});

describe('applying rewrite rules', () => {
  it('Given the spec example, when applied, then the old host is rewritten case-insensitively', () => {
    const rules = [rule('^https?://old\\.example\\.com/(.*)/i -> https://new.example.com/$1')];
    expect(applyRewriteRules('HTTP://OLD.example.com/docs/a?b=1', rules)).toBe(
      'https://new.example.com/docs/a?b=1',
    );
  });

  it('Given two rules, when applied, then both apply in order to the previous result', () => {
    const rules = [rule('^http:/ -> https:'), rule('^https://a\\.com/old//i -> https://a.com/new/')];
    expect(applyRewriteRules('http://a.com/old/page', rules)).toBe('https://a.com/new/page');
  });

  it('Given rules in the other order, when applied, then the order changes the outcome', () => {
    const rules = [rule('^https://a\\.com/old//i -> https://a.com/new/'), rule('^http:/ -> https:')];
    expect(applyRewriteRules('http://a.com/old/page', rules)).toBe('https://a.com/old/page');
  });

  it('Given no matching rule, when applied, then the URL is unchanged', () => {
    expect(applyRewriteRules('https://a.com/x', [rule('zzz/ -> y')])).toBe('https://a.com/x');
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
    expect(applyRewriteRules('https://a.com/(', [broken, rule('a\\.com/ -> b.com')])).toBe('https://b.com/(');
  });
});
