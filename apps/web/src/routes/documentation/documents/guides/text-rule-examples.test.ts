import {
  applyCharacterMapping,
  applyRewriteRules,
  parseCharacterMapping,
  parseRewriteRule,
  parseSynonyms,
  validateRewriteRule,
} from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import {
  CHARACTER_MAPPING_EXAMPLES,
  DEFAULT_MAPPING_PAIRS,
  INVALID_REWRITE_RULES,
  REWRITE_EXAMPLES,
  SYNONYM_ERRORS,
  SYNONYM_EXAMPLES,
  SYNONYMS_FILE,
} from './text-rule-examples.ts';

describe("the guide's synonym examples", () => {
  it.each(SYNONYM_EXAMPLES)('Given the line $line, then core reads the rule the guide states', (example) => {
    expect(parseSynonyms(example.line)).toEqual({
      rules: [{ from: example.from, to: example.to }],
      errors: [],
    });
  });

  it.each(SYNONYM_ERRORS)('Given the file $file, then core refuses it with the message shown', (example) => {
    expect(parseSynonyms(example.file)).toEqual({ rules: [], errors: [example.error] });
  });

  it('Given the whole file, then its comments and blank lines are skipped and its two rules read', () => {
    expect(parseSynonyms(SYNONYMS_FILE)).toEqual({
      rules: [
        { from: ['tv', 'television', 'telly'], to: ['tv', 'television', 'telly'] },
        { from: ['acme one'], to: ['acme one pro'] },
      ],
      errors: [],
    });
  });
});

describe("the guide's character mapping examples", () => {
  it.each(CHARACTER_MAPPING_EXAMPLES)(
    'Given the mapping $mapping, then $text becomes $becomes',
    ({ mapping, text, becomes }) => {
      const parsed = parseCharacterMapping(mapping);
      expect(parsed.errors).toEqual([]);
      expect(applyCharacterMapping(text, parsed.mappings)).toBe(becomes);
    },
  );

  it('Given the default mapping, then core reads the three pairs the guide lists', () => {
    expect(parseCharacterMapping(CHARACTER_MAPPING_EXAMPLES[0]?.mapping ?? '').mappings).toEqual(
      DEFAULT_MAPPING_PAIRS,
    );
  });
});

describe("the guide's URL rewrite examples", () => {
  it.each(REWRITE_EXAMPLES)(
    'Given the rule $rule, then core reads its configuration and $url becomes $becomes',
    (example) => {
      expect(parseRewriteRule(example.rule)).toEqual(example.config);
      expect(applyRewriteRules(example.url, [{ config: example.config }])).toBe(example.becomes);
    },
  );

  it.each(INVALID_REWRITE_RULES)(
    "Given the rule %s, then it is refused with 'Invalid rewrite rule.' and the reason",
    (rule) => {
      expect(validateRewriteRule(rule)).toMatch(/^Invalid rewrite rule\. \S/);
    },
  );
});
