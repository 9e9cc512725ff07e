import { type CharacterMapping, DEFAULT_CHARACTER_MAPPING, type UrlRewriteConfig } from '@siteseer/core';

/*
 * The examples of the Synonyms, Character Mapping and URL Rewriting guide. The guide renders these
 * and nothing else, and text-rule-examples.test.ts runs each through core's parsers, so every line
 * a customer copies reads as the guide says it does.
 */

/** A line of a synonyms file and the rule core reads from it. */
export interface SynonymExample {
  line: string;
  from: string[];
  to: string[];
  says: string;
}

export const SYNONYM_EXAMPLES: readonly SynonymExample[] = [
  {
    line: 'tv, television, telly',
    from: ['tv', 'television', 'telly'],
    to: ['tv', 'television', 'telly'],
    says: 'Equivalent: a search for any of them also finds pages with the others.',
  },
  {
    line: 'laptop => notebook, portable computer',
    from: ['laptop'],
    to: ['notebook', 'portable computer'],
    says: 'One way: a search for laptop also finds notebook and portable computer, not the reverse.',
  },
  {
    line: 'Wi-Fi,   WLAN, wireless LAN',
    from: ['wi-fi', 'wlan', 'wireless lan'],
    to: ['wi-fi', 'wlan', 'wireless lan'],
    says: 'Phrases are trimmed, lowercased and their inner spaces collapsed.',
  },
  {
    line: '10\\,000 rpm, 10k rpm',
    from: ['10,000 rpm', '10k rpm'],
    to: ['10,000 rpm', '10k rpm'],
    says: 'A backslash makes the next character literal: \\, is a comma inside a phrase.',
  },
  {
    line: '"1,000 ohm", 1k ohm',
    from: ['1,000 ohm', '1k ohm'],
    to: ['1,000 ohm', '1k ohm'],
    says: 'A cell in double quotes may hold commas, as a spreadsheet exports it.',
  },
];

/** A synonyms file that core refuses, and the message the wizard shows for it. */
export interface SynonymError {
  file: string;
  error: string;
}

export const SYNONYM_ERRORS: readonly SynonymError[] = [
  {
    file: 'sensor',
    error:
      "Line 1: 'sensor' has no synonym: list two or more phrases separated by commas, or write 'phrase => synonym'.",
  },
  { file: 'probe =>', error: "Line 1: '=>' needs phrases on both sides." },
];

/** A whole synonyms file: comments and blank lines are skipped. */
export const SYNONYMS_FILE = `# Product names
tv, television, telly

# Searches for the old name find the new one
acme one => acme one pro`;

/** A character mapping, and what it makes of a text. */
export interface CharacterMappingExample {
  mapping: string;
  text: string;
  becomes: string;
  says: string;
}

export const CHARACTER_MAPPING_EXAMPLES: readonly CharacterMappingExample[] = [
  {
    mapping: DEFAULT_CHARACTER_MAPPING,
    text: 'Ohm’s law: 10 kΩ at 5 μA',
    becomes: "Ohm's law: 10 kohm at 5 uA",
    says: 'The default mapping: a curly apostrophe, the ohm sign and micro written as plain text.',
  },
  {
    mapping: '® => , ™ =>',
    text: 'Acme® Sensor™',
    becomes: 'Acme Sensor',
    says: 'An empty right side removes the character.',
  },
  {
    mapping: 'a => b, b => c',
    text: 'ab',
    becomes: 'bc',
    says: 'One pass: what a pair writes is not mapped again.',
  },
];

/** The mapping pairs core reads from the first example (the default mapping). */
export const DEFAULT_MAPPING_PAIRS: readonly CharacterMapping[] = [
  { original: '’', mapped: "'" },
  { original: 'Ω', mapped: 'ohm' },
  { original: 'μ', mapped: 'u' },
];

/** A URL rewrite rule, the configuration core reads from it, and a URL it rewrites. */
export interface RewriteExample {
  rule: string;
  config: UrlRewriteConfig;
  url: string;
  becomes: string;
  says: string;
}

export const REWRITE_EXAMPLES: readonly RewriteExample[] = [
  {
    rule: '^http://(.*) -> https://$1',
    config: { pattern: '^http://(.*)', flags: '', replacement: 'https://$1' },
    url: 'http://www.example.com/docs/install',
    becomes: 'https://www.example.com/docs/install',
    says: 'Results link to https although the crawl went over http.',
  },
  {
    rule: '^https://staging\\.example\\.com/ -> https://www.example.com/',
    config: {
      pattern: '^https://staging\\.example\\.com/',
      flags: '',
      replacement: 'https://www.example.com/',
    },
    url: 'https://staging.example.com/pricing',
    becomes: 'https://www.example.com/pricing',
    says: 'A crawled staging site links its results to the live one.',
  },
  {
    rule: '/DOCS/V1//i -> /docs/v2/',
    config: { pattern: '/DOCS/V1/', flags: 'i', replacement: '/docs/v2/' },
    url: 'https://www.example.com/Docs/v1/setup',
    becomes: 'https://www.example.com/docs/v2/setup',
    says: 'Flags after a slash before the arrow: i ignores case.',
  },
  {
    rule: '[?&]utm_[a-z]+=[^&]*/g ->',
    config: { pattern: '[?&]utm_[a-z]+=[^&]*', flags: 'g', replacement: '' },
    url: 'https://www.example.com/blog?utm_source=x&utm_medium=y',
    becomes: 'https://www.example.com/blog',
    says: 'An empty replacement deletes what matched; g replaces every match.',
  },
  {
    rule: '^https://www\\.example\\.com/img\\ -> https://cdn.example.com/img',
    config: {
      pattern: '^https://www\\.example\\.com/img',
      flags: '',
      replacement: 'https://cdn.example.com/img',
    },
    url: 'https://www.example.com/img/logo.png',
    becomes: 'https://cdn.example.com/img/logo.png',
    says: 'A pattern ending in a slash and letters that read as flags (/img) ends with a backslash instead.',
  },
];

/** Rewrite rule texts the wizard refuses with 'Invalid rewrite rule.' and the reason. */
export const INVALID_REWRITE_RULES: readonly string[] = ['^http://(.* -> https://$1', 'no arrow here'];
