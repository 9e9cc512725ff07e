import { describe, expect, it } from 'vitest';
import { accountNameField, validateAccountName } from './account-name.ts';
import { MESSAGES } from './messages.ts';

const accounts = [
  { id: 'a1', name: 'Acme' },
  { id: 'a2', name: 'Globex Corp' },
];

describe('account name', () => {
  it.each([
    ['a new name', 'Initech', undefined, undefined],
    ['an empty name', '', undefined, MESSAGES.accountNameRequired],
    ['a whitespace name', '   ', undefined, MESSAGES.accountNameRequired],
    ['a missing name', null, undefined, MESSAGES.accountNameRequired],
    ['another account name', 'Acme', undefined, MESSAGES.accountNameTaken],
    ['another account name in another case, padded', '  globex CORP ', undefined, MESSAGES.accountNameTaken],
    ['the edited account keeping its name', 'Acme', 'a1', undefined],
    ['the edited account taking another name', 'Globex Corp', 'a1', MESSAGES.accountNameTaken],
    ['a unicode name', 'Société Générale', undefined, undefined],
    ['a NUL inside the name', 'Ini\u0000tech', undefined, MESSAGES.accountNameControlCharacters],
    ['a tab between words', 'Ini\ttech', undefined, MESSAGES.accountNameControlCharacters],
    ['a C1 control (U+0085)', 'Ini\u0085tech', undefined, MESSAGES.accountNameControlCharacters],
    ['a DEL', 'Initech\u007f', undefined, MESSAGES.accountNameControlCharacters],
  ])('Given %s, when validated, then the message is %j', (_case, name, current, expected) => {
    expect(validateAccountName(name, accounts, current)).toBe(expected);
  });

  it('Given a padded name, when parsed by the field, then it is trimmed', () => {
    expect(accountNameField([]).parse('  Initech ')).toBe('Initech');
  });
});
