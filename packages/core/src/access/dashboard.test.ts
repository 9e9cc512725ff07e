import { describe, expect, it } from 'vitest';
import type { ProductCode } from '../constants.ts';
import type { AddEngineCard } from './dashboard.ts';
import {
  accountsForProduct,
  canCreateEngine,
  createEngineRefusal,
  dashboardAddCards,
  hasAccountForProduct,
} from './dashboard.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, allOn, feature, OTHER_ACCOUNT, PERSONAS } from './personas.test-kit.ts';

// What creating each type needs: its add feature, and for keyword ENGINE_EDIT (its crawler is an edit).
const addOn = allOn('DASHBOARD_ADD_PARAMETRIC', 'DASHBOARD_ADD_KEYWORD', 'ENGINE_EDIT');
const MANAGERS = ['superadmin', 'owner', 'admin'] as const;
/** As seeded: every role gets the add cards, only managers may edit. */
const SEEDED = [
  feature('DASHBOARD_ADD_PARAMETRIC'),
  feature('DASHBOARD_ADD_KEYWORD'),
  feature('ENGINE_EDIT', MANAGERS),
];
const KEYWORD_REFUSAL =
  "Your role cannot create Keyword search engines (feature ENGINE_EDIT, needed to save a new engine's search settings and crawler).";

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
    'Given the add and edit features on, When the $persona viewer asks to create parametric / keyword, Then $pm / $kw',
    ({ persona, pm, kw }) => {
      const viewer = PERSONAS[persona];
      expect([canCreateEngine(viewer, addOn, 'pm'), canCreateEngine(viewer, addOn, 'kw')]).toEqual([pm, kw]);
    },
  );

  it('Given the keyword add feature off, When an owner with a keyword account asks, Then creating a keyword engine is refused', () => {
    expect(canCreateEngine(PERSONAS.owner, allOn('DASHBOARD_ADD_PARAMETRIC', 'ENGINE_EDIT'), 'kw')).toBe(
      false,
    );
    expect(canCreateEngine(PERSONAS.owner, allOn('DASHBOARD_ADD_PARAMETRIC', 'ENGINE_EDIT'), 'pm')).toBe(
      true,
    );
  });

  it('Given the seeded features, When a user asks to create, Then parametric is allowed and keyword refused with the reason', () => {
    expect(canCreateEngine(PERSONAS.user, SEEDED, 'pm')).toBe(true);
    expect(canCreateEngine(PERSONAS.user, SEEDED, 'kw')).toBe(false);
    expect(createEngineRefusal(PERSONAS.user, SEEDED, 'kw')).toBe(KEYWORD_REFUSAL);
    expect(createEngineRefusal(PERSONAS.admin, SEEDED, 'kw')).toBeUndefined();
  });
});

describe('dashboard add cards', () => {
  it.each<{ persona: PersonaName; cards: AddEngineCard[] }>([
    {
      persona: 'superadmin',
      cards: [
        { productType: 'pm', disabled: true, refusal: undefined },
        { productType: 'kw', disabled: true, refusal: undefined },
      ],
    },
    {
      persona: 'owner',
      cards: [
        { productType: 'pm', disabled: false, refusal: undefined },
        { productType: 'kw', disabled: false, refusal: undefined },
      ],
    },
    {
      persona: 'admin',
      cards: [
        { productType: 'pm', disabled: false, refusal: undefined },
        { productType: 'kw', disabled: false, refusal: undefined },
      ],
    },
    {
      persona: 'user',
      cards: [
        { productType: 'pm', disabled: false, refusal: undefined },
        { productType: 'kw', disabled: false, refusal: undefined },
      ],
    },
    // UNKNOWN is never allowed a feature, so no card shows at all.
    { persona: 'unknown', cards: [] },
    {
      persona: 'other',
      cards: [
        { productType: 'pm', disabled: true, refusal: undefined },
        { productType: 'kw', disabled: false, refusal: undefined },
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

  it('Given the seeded features, When a user opens the dashboard, Then the keyword card shows disabled with the reason', () => {
    expect(dashboardAddCards(PERSONAS.user, SEEDED, null)).toEqual([
      { productType: 'pm', disabled: false, refusal: undefined },
      { productType: 'kw', disabled: true, refusal: KEYWORD_REFUSAL },
    ]);
    expect(dashboardAddCards(PERSONAS.admin, SEEDED, null).map((card) => card.disabled)).toEqual([
      false,
      false,
    ]);
  });

  it('Given the add features off, When an owner opens the dashboard, Then no add card shows', () => {
    expect(dashboardAddCards(PERSONAS.owner, [], null)).toEqual([]);
  });
});
