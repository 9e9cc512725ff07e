import { describe, expect, it } from 'vitest';
import { MESSAGES, superAdminUserMessage } from './messages.ts';
import { newUserForm, temporaryUserId, userCheckRefusal, validateNewUser } from './user-add.ts';

const existing = ['Owner@Example.com', 'editor@example.com'];
const valid = { first: 'Ada', last: 'Lovelace', email: 'ada@example.com' };

describe('adding a user', () => {
  it('Given a complete new user, when validated, then there are no errors', () => {
    expect(validateNewUser(valid, existing)).toEqual({});
  });

  it.each([
    ['no first name', { first: '' }, { first: MESSAGES.firstNameRequired }],
    ['a whitespace first name', { first: '  ' }, { first: MESSAGES.firstNameRequired }],
    ['no last name', { last: undefined }, { last: MESSAGES.lastNameRequired }],
    [
      'a first name with a line break',
      { first: 'Ada\nBob' },
      { first: MESSAGES.personNameControlCharacters },
    ],
    [
      'a last name with an escape',
      { last: 'Love\u001b[2Jlace' },
      { last: MESSAGES.personNameControlCharacters },
    ],
    ['no email', { email: '' }, { email: MESSAGES.emailRequired }],
    ['a whitespace email', { email: '   ' }, { email: MESSAGES.emailRequired }],
    ['an invalid email', { email: 'ada@' }, { email: MESSAGES.emailInvalid }],
    ['an email without a domain dot', { email: 'ada example.com' }, { email: MESSAGES.emailInvalid }],
    [
      'an email already in the account',
      { email: 'editor@example.com' },
      { email: 'That email is already in use' },
    ],
    [
      'the same email in another case, padded',
      { email: '  OWNER@example.COM ' },
      { email: MESSAGES.emailInUse },
    ],
  ])('Given %s, when validated, then the errors are %j', (_case, patch, expected) => {
    expect(validateNewUser({ ...valid, ...patch }, existing)).toEqual(expected);
  });

  it('Given unicode names, when validated, then they are accepted', () => {
    expect(validateNewUser({ first: 'Zoë', last: '李', email: 'zoe@example.com' }, [])).toEqual({});
  });

  it('Given a valid form, when parsed, then values come back trimmed', () => {
    expect(newUserForm([]).parse({ first: ' Ada ', last: ' L ', email: ' ada@example.com ' })).toEqual({
      first: 'Ada',
      last: 'L',
      email: 'ada@example.com',
    });
  });
});

describe('the user check', () => {
  it.each([
    [{ status: 'DEPROVISIONED', isBZUser: false }, MESSAGES.userDeactivated],
    [{ status: 'ACTIVE', isBZUser: true }, superAdminUserMessage('Siteseer')],
    [{ status: 'ACTIVE', isBZUser: false }, undefined],
    [{ status: 'INVITED', isBZUser: false }, undefined],
  ] as const)('Given %j, when checked, then the refusal is %j', (check, expected) => {
    expect(userCheckRefusal(check, 'Siteseer')).toBe(expected);
  });

  it('Given the messages, when shown, then they are the spec text', () => {
    expect(MESSAGES.userDeactivated).toBe(
      'This user has been deactivated. Please contact support if you want to reactivate this account.',
    );
    expect(superAdminUserMessage('Siteseer')).toBe(
      'Sorry. You cannot add Siteseer admins because they have access to all accounts.',
    );
  });
});

describe('temporary user ids', () => {
  it.each([
    [0, 0],
    [0.5, 50000],
    [0.999999999, 99999],
    [1, 99999],
  ])('Given random() = %d, when an id is made, then it is %i', (value, expected) => {
    expect(temporaryUserId([], () => value)).toBe(expected);
  });

  it('Given the random pick is taken, when an id is made, then the next free number is used, wrapping', () => {
    expect(temporaryUserId([99999, 0], () => 0.999999999)).toBe(1);
  });

  it('Given the default random source, when many ids are made, then they are whole numbers below 100000', () => {
    const ids = Array.from({ length: 200 }, () => temporaryUserId());
    expect(ids.every((id) => Number.isInteger(id) && id >= 0 && id < 100000)).toBe(true);
  });
});
