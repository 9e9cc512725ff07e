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

  it('Given a file over 1 MB, when checked, then the size message; at exactly 1 MB it is fine', () => {
    expect(validateSynonymsFile({ name: 'a.txt', size: 1024 * 1024 + 1 })).toBe(
      'The synonyms file is larger than 1024 KB (1 MB).',
    );
    expect(validateSynonymsFile({ name: 'a.txt', size: 1024 * 1024 })).toBeUndefined();
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
