import { describe, expect, it } from 'vitest';
import { type AccountListSource, accountListRows, createdDay, productTypesText } from './account-list.ts';

const accounts: AccountListSource[] = [
  { id: 'a3', name: 'beta', products: ['kw'], createdDate: '2026-03-01T23:30:00.000-02:00' },
  { id: 'a1', name: 'Acme', products: ['pm', 'kw'], createdDate: '2026-01-15T08:00:00.000Z' },
  { id: 'a2', name: 'Zeta 10', products: [], createdDate: 'not a date' },
  { id: 'a4', name: 'Zeta 9', products: ['pm'], createdDate: '2026-01-15T07:00:00.000Z' },
];

const names = (by: 'name' | 'products' | 'createdDate', direction: 'asc' | 'desc') =>
  accountListRows(accounts, { by, direction }).map((row) => row.name);

describe('account list', () => {
  it('Given a timestamp with an offset, When shown, Then the UTC day as YYYY-MM-DD; unreadable gives empty', () => {
    expect(createdDay('2026-03-01T23:30:00.000-02:00')).toBe('2026-03-02');
    expect(createdDay('2026-01-15T08:00:00.000Z')).toBe('2026-01-15');
    expect(createdDay('nope')).toBe('');
  });

  it('Given products, When shown, Then their labels joined in the account order', () => {
    expect(productTypesText(['pm', 'kw'])).toBe('Parametric, Keyword');
    expect(productTypesText(['kw'])).toBe('Keyword');
    expect(productTypesText([])).toBe('');
  });

  it('Given names of mixed case and numbers, When sorted by name, Then case-insensitively with numbers in order', () => {
    expect(names('name', 'asc')).toEqual(['Acme', 'beta', 'Zeta 9', 'Zeta 10']);
    expect(names('name', 'desc')).toEqual(['Zeta 10', 'Zeta 9', 'beta', 'Acme']);
  });

  it('Given product sets, When sorted by products, Then by the joined labels, ties by name', () => {
    expect(names('products', 'asc')).toEqual(['Zeta 10', 'beta', 'Zeta 9', 'Acme']);
    expect(names('products', 'desc')).toEqual(['Acme', 'Zeta 9', 'beta', 'Zeta 10']);
  });

  it('Given creation times, When sorted by createdDate, Then by the full time and unreadable dates last either way', () => {
    expect(names('createdDate', 'asc')).toEqual(['Zeta 9', 'Acme', 'beta', 'Zeta 10']);
    expect(names('createdDate', 'desc')).toEqual(['beta', 'Acme', 'Zeta 9', 'Zeta 10']);
  });

  it('Given a row, Then it carries the shown cells', () => {
    const [row] = accountListRows([accounts[1] as AccountListSource], { by: 'name', direction: 'asc' });
    expect(row).toMatchObject({
      id: 'a1',
      name: 'Acme',
      productTypes: 'Parametric, Keyword',
      createdDate: '2026-01-15',
    });
  });
});
