import { describe, expect, it } from 'vitest';
import { canRemoveProduct, productRemovalErrors } from './account-products.ts';
import { productInUseMessage } from './messages.ts';

const engines = [
  { accountId: 'a1', searchEngineType: 'kw' },
  { accountId: 'a2', searchEngineType: 'parametric' },
];

describe('removing products from an account', () => {
  it.each([
    ['a1', 'kw', false],
    ['a1', 'pm', true],
    ['a2', 'pm', false],
    ['a2', 'kw', true],
    ['a3', 'kw', true],
  ] as const)(
    'Given engines, when account %s removes %s, then allowed is %s',
    (accountId, product, expected) => {
      expect(canRemoveProduct(accountId, product, engines)).toBe(expected);
    },
  );

  it('Given a keyword engine on the account, when keyword is removed, then the change is refused', () => {
    expect(productRemovalErrors('a1', ['pm', 'kw'], ['pm'], engines)).toEqual([
      productInUseMessage('Keyword'),
    ]);
  });

  it('Given no engine of the removed type, when the product is removed, then there is no error', () => {
    expect(productRemovalErrors('a1', ['pm', 'kw'], ['kw'], engines)).toEqual([]);
  });

  it('Given products only added, when checked, then there is no error', () => {
    expect(productRemovalErrors('a1', ['kw'], ['kw', 'pm'], engines)).toEqual([]);
  });

  it('Given the message, when shown, then it names the product', () => {
    expect(productInUseMessage('Keyword')).toBe(
      'Keyword cannot be removed while the account has keyword engines.',
    );
  });
});
