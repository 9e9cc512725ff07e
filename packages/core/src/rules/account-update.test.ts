import { describe, expect, it } from 'vitest';
import { accountUpdateBody } from './account-update.ts';

describe('account update body', () => {
  const cases: [Parameters<typeof accountUpdateBody>[0], object][] = [
    [
      { name: 'Acme', products: ['kw'] },
      { name: 'Acme', products: ['kw'] },
    ],
    [{ name: 'Acme' }, { name: 'Acme' }],
    [{ products: [] }, { products: [] }],
    [{}, {}],
    [{ name: undefined, products: undefined }, {}],
  ];
  it.each(cases)('Given the changes %j, when the body is built, then it is %j', (changes, expected) => {
    expect(accountUpdateBody(changes)).toEqual(expected);
  });

  it('Given an account with users and dates, when the body is built, then only name and products are sent', () => {
    const account = {
      id: 'a1',
      name: 'Acme',
      products: ['pm' as const],
      users: [],
      createdDate: '2026-01-01T00:00:00Z',
    };
    expect(Object.keys(accountUpdateBody(account))).toEqual(['name', 'products']);
  });
});
