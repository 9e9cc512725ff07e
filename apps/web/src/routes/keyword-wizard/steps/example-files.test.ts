/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv, parseSynonyms, readResultRankingFile, validateSynonymsFile } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES, exampleFileUrl } from './example-files.ts';

// Where Vite takes the files it serves as they are (`public/`), copied into the build.
const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '../../../../public');
const read = (path: string) => readFileSync(join(PUBLIC, path), 'utf8');

describe('example files', () => {
  it('Then each is served under the portal’s base path', () => {
    expect(exampleFileUrl(EXAMPLE_FILES.resultRanking)).toBe('/examples/example-result-ranking.csv');
  });

  it('Given the result ranking example, when loaded as the step loads a file, then every row is an entry', () => {
    const text = read(EXAMPLE_FILES.resultRanking);
    const result = readResultRankingFile({ name: EXAMPLE_FILES.resultRanking }, parseCsv(text));
    expect(result).toEqual({
      ok: true,
      value: [
        {
          query: 'pricing',
          results: ['https://www.yoursite.example/pricing', 'https://www.yoursite.example/plans'],
        },
        { query: 'install', results: ['https://www.yoursite.example/docs/install'] },
        {
          query: 'returns, refunds',
          results: [
            'https://www.yoursite.example/support/returns',
            'https://www.yoursite.example/support/refunds',
          ],
        },
      ],
    });
  });

  it.each([
    [EXAMPLE_FILES.synonymsCsv, 3],
    [EXAMPLE_FILES.synonymsTxt, 5],
  ])(
    'Given the synonyms example %s, when read by the rules the server validates with, then it has %i rules and no error',
    (path, rules) => {
      expect(validateSynonymsFile({ name: path })).toBeUndefined();
      const parsed = parseSynonyms(read(path));
      expect(parsed.errors).toEqual([]);
      expect(parsed.rules).toHaveLength(rules);
    },
  );

  it('Given the TXT example, then it shows both kinds of rule and an escaped comma', () => {
    const { rules } = parseSynonyms(read(EXAMPLE_FILES.synonymsTxt));
    expect(rules).toContainEqual({ from: ['i-pod', 'i pod'], to: ['ipod'] });
    expect(rules).toContainEqual({
      from: ['returns, refunds', 'money back'],
      to: ['returns, refunds', 'money back'],
    });
  });
});
