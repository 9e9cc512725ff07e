import { describe, expect, it } from 'vitest';
import {
  dashboardEngines,
  filterEnginesByAccount,
  filterEnginesByType,
  sortEngines,
  visibleEngines,
} from './dashboard-list.ts';

const accounts = [{ id: 'a1' }, { id: 'a2' }];
const engine = (id: string, patch: Record<string, string | null> = {}) => ({
  id,
  accountId: 'a1',
  searchEngineName: `Engine ${id}`,
  searchEngineType: 'kw',
  createdDate: '2026-01-01T00:00:00Z',
  ...patch,
});
const ids = (list: readonly { id?: string | null }[]) => list.map((e) => e.id);

describe('visible engines', () => {
  it.each([
    ['a complete engine', engine('1'), true],
    ['no account id', engine('1', { accountId: null }), false],
    ['an empty account id', engine('1', { accountId: '' }), false],
    ['no id', engine('', {}), false],
    ['no name', engine('1', { searchEngineName: null }), false],
    ['a blank name', engine('1', { searchEngineName: '   ' }), false],
    ['an account the user is not on', engine('1', { accountId: 'a9' }), false],
    ['the second account', engine('1', { accountId: 'a2' }), true],
  ])('Given %s, when listed, then visible is %s', (_case, e, visible) => {
    expect(visibleEngines([e], accounts).length).toBe(visible ? 1 : 0);
  });
});

describe('dashboard filters', () => {
  const list = [
    engine('1'),
    engine('2', { searchEngineType: 'parametric', accountId: 'a2' }),
    engine('3', { searchEngineType: 'pm' }),
  ];

  it.each([
    [null, ['1', '2', '3']],
    ['pm', ['2', '3']],
    ['kw', ['1']],
  ] as const)('Given the type filter %j, when applied, then the engines are %j', (type, expected) => {
    expect(ids(filterEnginesByType(list, type))).toEqual(expected);
  });

  it.each([
    [null, ['1', '2', '3']],
    ['a2', ['2']],
    ['a9', []],
  ])('Given the account filter %j, when applied, then the engines are %j', (accountId, expected) => {
    expect(ids(filterEnginesByAccount(list, accountId))).toEqual(expected);
  });
});

describe('dashboard sort', () => {
  const named = [
    engine('b', { searchEngineName: 'beta' }),
    engine('A1', { searchEngineName: 'Alpha' }),
    engine('e10', { searchEngineName: 'Engine 10' }),
    engine('a2', { searchEngineName: 'alpha' }),
    engine('e2', { searchEngineName: 'Engine 2' }),
    engine('ae', { searchEngineName: 'Älpha' }),
  ];

  it('Given names in mixed case, when sorted ascending, then the order is case-insensitive, numeric and stable', () => {
    expect(ids(sortEngines(named, 'alphabetical', true))).toEqual(['A1', 'a2', 'ae', 'b', 'e2', 'e10']);
  });

  it('Given names in mixed case, when sorted descending, then equal names keep their original order', () => {
    expect(ids(sortEngines(named, 'alphabetical', false))).toEqual(['e10', 'e2', 'b', 'ae', 'A1', 'a2']);
  });

  const dated = [
    engine('mid', { createdDate: '2026-02-01T00:00:00Z' }),
    engine('none', { createdDate: null }),
    engine('old', { createdDate: '2025-01-01T00:00:00Z' }),
    engine('new', { createdDate: '2026-03-01T00:00:00Z' }),
    engine('mid2', { createdDate: '2026-02-01T00:00:00Z' }),
  ];

  it.each([
    [true, ['old', 'mid', 'mid2', 'new', 'none']],
    [false, ['new', 'mid', 'mid2', 'old', 'none']],
  ])('Given creation dates, when sorted with ascending=%s, then the order is %j', (ascending, expected) => {
    expect(ids(sortEngines(dated, 'creationDate', ascending))).toEqual(expected);
  });

  it('Given a list, when sorted, then the input is not mutated', () => {
    const copy = [...named];
    sortEngines(named, 'alphabetical', true);
    expect(named).toEqual(copy);
  });
});

describe('dashboard list', () => {
  it('Given engines and options, when listed, then hidden ones go, filters apply and the sort is applied', () => {
    const list = [
      engine('z', { searchEngineName: 'Zeta' }),
      engine('x', { accountId: 'a9' }),
      engine('p', { searchEngineType: 'pm', searchEngineName: 'Parts' }),
      engine('d', { searchEngineName: 'Docs' }),
    ];
    const options = {
      selectedAccountId: 'a1',
      selectedProductType: 'kw' as const,
      sortBy: 'alphabetical' as const,
      ascending: true,
    };
    expect(ids(dashboardEngines(list, accounts, options))).toEqual(['d', 'z']);
    expect(
      ids(dashboardEngines(list, accounts, { ...options, selectedProductType: null, ascending: false })),
    ).toEqual(['z', 'p', 'd']);
  });
});
