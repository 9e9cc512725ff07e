import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { readSynonymsValidation, validateSynonymsFile } from './synonyms-file.ts';

describe('synonyms file', () => {
  it.each([
    ['synonyms.csv', undefined],
    ['synonyms.txt', undefined],
    ['SYNONYMS.TXT', undefined],
    ['synonyms.Csv', undefined],
    ['synonyms.xlsx', 'File must be CSV or TXT.'],
    ['synonyms', 'File must be CSV or TXT.'],
  ])('Given the file %j, when checked, then the message is %j', (name, expected) => {
    expect(validateSynonymsFile({ name })).toBe(expected);
  });

  it.each([
    [
      { valid: true, csvSynonymTable: 'tv, television' },
      { ok: true, value: 'tv, television' },
    ],
    [
      { valid: true, csvSynonymTable: '' },
      { ok: true, value: '' },
    ],
    [
      { valid: false, csvSynonymTable: 'x' },
      { ok: false, error: MESSAGES.synonymsFileInvalid },
    ],
    [{ valid: true }, { ok: false, error: MESSAGES.synonymsFileInvalid }],
  ])('Given the server answered %j, when read, then the result is %j', (answer, expected) => {
    expect(readSynonymsValidation(answer)).toEqual(expected);
  });

  it('Given an invalid file, when reported, then the message is the spec text', () => {
    expect(readSynonymsValidation({ valid: false })).toEqual({
      ok: false,
      error: 'This file could not be loaded or is incorrectly formatted.',
    });
  });
});
