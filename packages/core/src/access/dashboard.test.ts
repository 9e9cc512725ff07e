import { describe, expect, it } from 'vitest';
import type { ProductCode } from '../constants.ts';
import type { AddEngineCard } from './dashboard.ts';
import { accountsForProduct, canCreateEngine, dashboardAddCards, hasAccountForProduct } from './dashboard.ts';
import type { PersonaName } from './test-fixtures.ts';
import { ACCOUNT, allOn, feature, OTHER_ACCOUNT, PERSONAS } from './test-fixtures.ts';

const addOn = allOn('DASHBOARD_ADD_PARAMETRIC', 'DASHBOARD_ADD_KEYWORD');

describe('accounts supporting a product type', () => {
  it.each<{ persona: PersonaName; pm: boolean; kw: boolean }>([
    // The super admin of the fixtures is listed on no account, so has none to create in.
    { persona: 'superadmin', pm: false, kw: false },
    { persona: 'owner', pm: true, kw: true },
    { persona: 'admin', pm: true, kw: true },
    { persona: 'user', pm: true, kw: true },
    { persona: 'unknown', pm: false, kw: false },
    { persona: 'other', pm: false, kw: true },
  ])(
    'Given the $persona viewer, When asking for a parametric / keyword account, Then $pm / $kw',
    ({ persona, pm, kw }) => {
      expect([
        hasAccountForProduct(PERSONAS[persona], 'pm'),
        hasAccountForProduct(PERSONAS[persona], 'kw'),
      ]).toEqual([pm, kw]);
    },
  );

  it('Given a viewer on two accounts, When listing keyword accounts, Then only the keyword one is offered', () => {
    const viewer = {
      ...PERSONAS.user,
      accounts: [
        { id: ACCOUNT, role: 'user' as const, products: ['pm' as const] },
        { id: OTHER_ACCOUNT, role: 'admin' as const, products: ['kw' as const] },
      ],
    };
    expect(accountsForProduct(viewer, 'kw').map((a) => a.id)).toEqual([OTHER_ACCOUNT]);
  });
});

describe('creating an engine', () => {
  it.each<{ persona: PersonaName; pm: boolean; kw: boolean }>([
    { persona: 'superadmin', pm: false, kw: false },
    { persona: 'owner', pm: true, kw: true },
    { persona: 'admin', pm: true, kw: true },
    { persona: 'user', pm: true, kw: true },
    { persona: 'unknown', pm: false, kw: false },
    { persona: 'other', pm: false, kw: true },
  ])(
    'Given the add features on, When the $persona viewer asks to create parametric / keyword, Then $pm / $kw',
    ({ persona, pm, kw }) => {
      const viewer = PERSONAS[persona];
      expect([canCreateEngine(viewer, addOn, 'pm'), canCreateEngine(viewer, addOn, 'kw')]).toEqual([pm, kw]);
    },
  );

  it('Given the keyword add feature off, When an owner with a keyword account asks, Then creating a keyword engine is refused', () => {
    expect(canCreateEngine(PERSONAS.owner, allOn('DASHBOARD_ADD_PARAMETRIC'), 'kw')).toBe(false);
    expect(canCreateEngine(PERSONAS.owner, allOn('DASHBOARD_ADD_PARAMETRIC'), 'pm')).toBe(true);
  });
});

describe('dashboard add cards', () => {
  it.each<{ persona: PersonaName; cards: AddEngineCard[] }>([
    {
      persona: 'superadmin',
      cards: [
        { productType: 'pm', disabled: true },
        { productType: 'kw', disabled: true },
      ],
    },
    {
      persona: 'owner',
      cards: [
        { productType: 'pm', disabled: false },
        { productType: 'kw', disabled: false },
      ],
    },
    {
      persona: 'admin',
      cards: [
        { productType: 'pm', disabled: false },
        { productType: 'kw', disabled: false },
      ],
    },
    {
      persona: 'user',
      cards: [
        { productType: 'pm', disabled: false },
        { productType: 'kw', disabled: false },
      ],
    },
    // UNKNOWN is never allowed a feature, so no card shows at all.
    { persona: 'unknown', cards: [] },
    {
      persona: 'other',
      cards: [
        { productType: 'pm', disabled: true },
        { productType: 'kw', disabled: false },
      ],
    },
  ])(
    'Given both add features on and the All filter, When the $persona viewer opens the dashboard, Then the cards are $cards',
    ({ persona, cards }) => {
      expect(dashboardAddCards(PERSONAS[persona], addOn, null)).toEqual(cards);
    },
  );

  it.each<[ProductCode, ProductCode[]]>([
    ['pm', ['pm']],
    ['kw', ['kw']],
  ])(
    'Given the type filter %s, When an owner opens the dashboard, Then only %j cards show',
    (filter, expected) => {
      expect(dashboardAddCards(PERSONAS.owner, addOn, filter).map((c) => c.productType)).toEqual(expected);
    },
  );

  it('Given the parametric add feature allowed for admins only, When an owner and an admin open the dashboard, Then only the admin gets the parametric card', () => {
    const features = [feature('DASHBOARD_ADD_PARAMETRIC', ['admin']), feature('DASHBOARD_ADD_KEYWORD')];
    expect(dashboardAddCards(PERSONAS.owner, features, null).map((c) => c.productType)).toEqual(['kw']);
    expect(dashboardAddCards(PERSONAS.admin, features, null).map((c) => c.productType)).toEqual(['pm', 'kw']);
  });

  it('Given the add features off, When an owner opens the dashboard, Then no add card shows', () => {
    expect(dashboardAddCards(PERSONAS.owner, [], null)).toEqual([]);
  });
});
