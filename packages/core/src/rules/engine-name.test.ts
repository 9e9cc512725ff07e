import { describe, expect, it } from 'vitest';
import {
  characterCount,
  EngineNameField,
  isEngineNameEditable,
  normaliseEngineName,
  validateEngineName,
  validateKeywordNameStep,
} from './engine-name.ts';
import { MESSAGES } from './messages.ts';

describe('engine name', () => {
  it.each([
    ['an empty name', '', MESSAGES.engineNameRequired],
    ['a missing name', undefined, MESSAGES.engineNameRequired],
    ['a whitespace-only name', '   \t ', MESSAGES.engineNameRequired],
    ['a 4-character name', 'abcd', MESSAGES.engineNameTooShort],
    ['4 characters padded with spaces', '  abcd  ', MESSAGES.engineNameTooShort],
    ['exactly 5 characters', 'abcde', undefined],
    ['5 characters padded with spaces', ' abcde ', undefined],
    ['5 accented letters', 'éèêëē', undefined],
    ['4 letters written with combining accents', 'e\u0301e\u0301e\u0301e\u0301', MESSAGES.engineNameTooShort],
    ['4 emoji (8 UTF-16 units)', '😀😀😀😀', MESSAGES.engineNameTooShort],
    ['5 emoji', '😀😀😀😀😀', undefined],
    ['a CJK name of 5 characters', '検索エンジ', undefined],
    ['a NUL inside the name', 'My\u0000Engine', MESSAGES.engineNameControlCharacters],
    ['a tab between words', 'My\tEngine', MESSAGES.engineNameControlCharacters],
    ['a line break between words', 'My\nEngine', MESSAGES.engineNameControlCharacters],
    ['an escape character', '\u001b[31mRed engine', MESSAGES.engineNameControlCharacters],
    ['a DEL', 'My Engine\u007f!', MESSAGES.engineNameControlCharacters],
    ['a C1 control (U+009F)', 'My\u009fEngine', MESSAGES.engineNameControlCharacters],
    ['a short name with a control character', 'ab\u0001', MESSAGES.engineNameControlCharacters],
    ['a line break at the end, trimmed away', 'My Engine\n', undefined],
    ['a no-break space, not a control character', 'My\u00a0Engine', undefined],
  ])('Given %s, when validated, then the message is %j', (_case, name, expected) => {
    expect(validateEngineName(name)).toBe(expected);
  });

  it('Given a padded name, when parsed by the field schema, then the stored value is trimmed', () => {
    expect(EngineNameField.parse('  My Engine  ')).toBe('My Engine');
  });

  it('Given a padded name, when normalised on change, then the ends are trimmed and inner spaces kept', () => {
    expect(normaliseEngineName('  my  engine ')).toBe('my  engine');
  });

  it.each([
    ['abc', 3],
    ['e\u0301', 1],
    ['👩‍👩‍👧', 1],
    ['', 0],
  ])('Given %j, when its characters are counted, then there are %i', (text, count) => {
    expect(characterCount(text)).toBe(count);
  });

  it.each([
    ['create', true],
    ['edit', false],
  ] as const)(
    'Given the wizard in %s mode, when asked if the name is editable, then %s',
    (mode, editable) => {
      expect(isEngineNameEditable(mode)).toBe(editable);
    },
  );
});

describe('keyword name step', () => {
  it.each([
    [{ accountId: 'acc-1', searchEngineName: 'Docs search' }, {}],
    [{ accountId: '', searchEngineName: 'Docs search' }, { accountId: MESSAGES.accountRequired }],
    [
      { accountId: null, searchEngineName: 'Docs' },
      { accountId: MESSAGES.accountRequired, searchEngineName: MESSAGES.engineNameTooShort },
    ],
    [{ accountId: 'acc-1', searchEngineName: '  ' }, { searchEngineName: MESSAGES.engineNameRequired }],
  ])('Given %j, when the step is validated, then the errors are %j', (input, expected) => {
    expect(validateKeywordNameStep(input)).toEqual(expected);
  });
});
